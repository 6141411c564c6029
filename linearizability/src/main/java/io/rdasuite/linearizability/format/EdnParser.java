package io.rdasuite.linearizability.format;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.function.ObjIntConsumer;

/**
 * A reader of the EDN grammar (edn-format.org) as far as histories need it: maps, vectors, lists and sets (the
 * last three read as {@link List}s, a set in its written order), keywords ({@link Keyword}), strings, characters
 * (as one-character strings), integers ({@link Long}), floating-point numbers ({@link Double}), {@code nil},
 * {@code true}, {@code false} and symbols (as strings). Commas are whitespace, {@code ;} starts a comment,
 * {@code #_} discards the next form, and a tagged literal ({@code #inst "..."}, {@code #jepsen.history.Op{...}})
 * reads as the form it tags. Errors are {@link EdnException}s with the 1-based line and column and what was
 * expected there.
 */
final class EdnParser {
    /** An EDN keyword, without its colon. */
    record Keyword(String name) {
        @Override
        public String toString() {
            return ":" + name;
        }
    }

    /** A syntax error at a 1-based line and column. */
    static final class EdnException extends RuntimeException {
        private final int line;
        private final int column;

        EdnException(int line, int column, String message) {
            super(message);
            this.line = line;
            this.column = column;
        }

        int line() {
            return line;
        }

        int column() {
            return column;
        }
    }

    /** Characters that end a token (below 128; other whitespace is checked apart). */
    private static final boolean[] DELIMITER = new boolean[128];

    static {
        for (char c : "{}[]()\";, \n\t\r\f\u000B\u001C\u001D\u001E\u001F".toCharArray()) {
            DELIMITER[c] = true;
        }
    }

    private final String text;
    private final int end;
    /** Keywords read so far, by a hash of their text: a history repeats a handful of keywords on every line. */
    private final Keyword[] keywords = new Keyword[256];
    private int pos;
    /** The line of {@link #lineScan} (both only move forward): makes {@link #lineAt} linear over a whole file. */
    private int lineScanLine = 1;
    private int lineScan;

    private EdnParser(String text) {
        this.text = text;
        this.end = text.length();
    }

    /** The single form in {@code text}; anything after it is an error. */
    static Object parse(String text) {
        EdnParser p = new EdnParser(text);
        Object form = p.form();
        p.skipSpace();
        if (p.pos < p.end) {
            throw p.error(p.pos, "expected the end of the value, found '" + text.charAt(p.pos) + "'");
        }
        return form;
    }

    /**
     * The elements of a history document, each with the line it starts on: either one vector (or list) of elements
     * spanning any number of lines, as Jepsen and Knossos write {@code history.edn}, or a sequence of top-level
     * forms (one map per line). An empty document (blank, or only comments) has none.
     */
    static void document(String text, ObjIntConsumer<Object> element) {
        EdnParser p = new EdnParser(text);
        p.skipSpace();
        if (p.pos >= p.end) {
            return;
        }
        char c = p.text.charAt(p.pos);
        if (c == '[' || c == '(') {
            int open = p.pos++;
            char close = c == '[' ? ']' : ')';
            while (true) {
                p.skipSpace();
                if (p.pos >= p.end) {
                    throw p.unclosed(open, close);
                }
                if (p.text.charAt(p.pos) == close) {
                    p.pos++;
                    break;
                }
                int line = p.lineAt(p.pos);
                element.accept(p.form(), line);
            }
            p.skipSpace();
            if (p.pos < p.end) {
                throw p.error(p.pos, "expected the end of the file after the history's closing '" + close + "', found '"
                        + text.charAt(p.pos) + "'");
            }
            return;
        }
        while (p.pos < p.end) {
            int line = p.lineAt(p.pos);
            element.accept(p.form(), line);
            p.skipSpace();
        }
    }

    private int lineAt(int at) {
        if (at < lineScan) {
            lineScan = 0;
            lineScanLine = 1;
        }
        for (int nl = text.indexOf('\n', lineScan); nl >= 0 && nl < at; nl = text.indexOf('\n', nl + 1)) {
            lineScanLine++;
        }
        lineScan = at;
        return lineScanLine;
    }

    private EdnException error(int at, String message) {
        int clamped = Math.min(at, end);
        return new EdnException(lineAt(clamped), column(clamped), message);
    }

    private int column(int at) {
        return at - (at == 0 ? 0 : text.lastIndexOf('\n', at - 1) + 1) + 1;
    }

    private EdnException unclosed(int open, char close) {
        String what = switch (close) {
            case ']' -> "vector";
            case ')' -> "list";
            default -> text.charAt(open) == '#' ? "set" : "map";
        };
        return error(open, "expected '" + close + "' to close the " + what + " opened here, found the end of the file");
    }

    /** Skips whitespace, commas, comments and discarded ({@code #_}) forms. */
    private void skipSpace() {
        while (pos < end) {
            char c = text.charAt(pos);
            if (c == ';') {
                while (pos < end && text.charAt(pos) != '\n') {
                    pos++;
                }
            } else if (c == ' ' || c == ',' || c == '\n' || c == '\t' || c == '\r' || Character.isWhitespace(c)) {
                pos++;
            } else if (c == '#' && pos + 1 < end && text.charAt(pos + 1) == '_') {
                int at = pos;
                pos += 2;
                skipSpace();
                if (pos >= end) {
                    throw error(at, "expected a form after #_ (it discards the next form), found the end of the file");
                }
                form();
            } else {
                return;
            }
        }
    }

    private Object form() {
        skipSpace();
        if (pos >= end) {
            throw error(pos, "expected a value, found the end of the file");
        }
        int start = pos;
        char c = text.charAt(pos);
        switch (c) {
            case '{':
                pos++;
                return map(start);
            case '[':
                pos++;
                return sequence(start, ']');
            case '(':
                pos++;
                return sequence(start, ')');
            case '"':
                pos++;
                return string(start);
            case '\\':
                return character();
            case '#':
                return dispatch();
            case ']', '}', ')':
                throw error(pos, "expected a value, found '" + c + "' with nothing open for it to close");
            case ':':
                return keyword(start);
            default:
                return atom(start, token());
        }
    }

    /** A keyword, reused when the same text was read before (no substring, no allocation). */
    private Object keyword(int start) {
        int from = start + 1;
        int at = from;
        int hash = 0;
        while (at < end && !isDelimiter(text.charAt(at))) {
            hash = 31 * hash + text.charAt(at);
            at++;
        }
        int length = at - from;
        if (length == 0 || text.charAt(from) == ':') {
            pos = at;
            throw error(start, "expected a keyword such as :ok, found '" + text.substring(start, at) + "'");
        }
        int slot = (hash ^ (hash >>> 8)) & (keywords.length - 1);
        Keyword k = keywords[slot];
        if (k == null || k.name().length() != length || !text.regionMatches(from, k.name(), 0, length)) {
            k = new Keyword(text.substring(from, at));
            keywords[slot] = k;
        }
        pos = at;
        return k;
    }

    private Object dispatch() {
        int start = pos++;
        if (pos >= end) {
            throw error(start, "expected a set #{...}, a discard #_ or a tag after '#', found the end of the file");
        }
        char c = text.charAt(pos);
        if (c == '{') {
            pos++;
            List<Object> items = sequence(start, '}');
            return new ArrayList<>(new LinkedHashSet<>(items));
        }
        if (!Character.isLetter(c)) {
            throw error(start, "expected a set #{...}, a discard #_ or a tag such as #inst after '#', found '#" + c + "'");
        }
        token(); // the tag: a tagged literal reads as the form it tags
        skipSpace();
        if (pos >= end) {
            throw error(start, "expected the form a tag applies to, found the end of the file");
        }
        return form();
    }

    private Map<Object, Object> map(int open) {
        Map<Object, Object> m = new LinkedHashMap<>();
        while (true) {
            skipSpace();
            if (pos >= end) {
                throw unclosed(open, '}');
            }
            if (text.charAt(pos) == '}') {
                pos++;
                return m;
            }
            int keyAt = pos;
            Object k = form();
            skipSpace();
            if (pos >= end) {
                throw unclosed(open, '}');
            }
            if (text.charAt(pos) == '}') {
                throw error(pos, "expected a value for the map key " + render(k) + ", found '}'");
            }
            Object v = form();
            if (m.containsKey(k)) {
                throw error(keyAt, "expected each key once in a map, found " + render(k) + " twice");
            }
            m.put(k, v);
        }
    }

    private List<Object> sequence(int open, char close) {
        List<Object> items = new ArrayList<>();
        while (true) {
            skipSpace();
            if (pos >= end) {
                throw unclosed(open, close);
            }
            char c = text.charAt(pos);
            if (c == close) {
                pos++;
                return items;
            }
            if (c == ']' || c == '}' || c == ')') {
                throw error(pos, "expected '" + close + "' or a value, found '" + c + "'");
            }
            items.add(form());
        }
    }

    private String string(int open) {
        StringBuilder sb = null;
        int runStart = pos;
        while (pos < end) {
            char c = text.charAt(pos);
            if (c == '"') {
                String s = sb == null ? text.substring(runStart, pos) : sb.append(text, runStart, pos).toString();
                pos++;
                return s;
            }
            if (c == '\\') {
                if (sb == null) {
                    sb = new StringBuilder();
                }
                sb.append(text, runStart, pos);
                pos++;
                if (pos >= end) {
                    break;
                }
                char e = text.charAt(pos++);
                switch (e) {
                    case 'n' -> sb.append('\n');
                    case 't' -> sb.append('\t');
                    case 'r' -> sb.append('\r');
                    case 'b' -> sb.append('\b');
                    case 'f' -> sb.append('\f');
                    case '"', '\\' -> sb.append(e);
                    case 'u' -> sb.append(unicode(pos - 2));
                    default -> throw error(pos - 2, "expected an escape \\n \\t \\r \\b \\f \\\" \\\\ or \\uXXXX, found '\\" + e + "'");
                }
                runStart = pos;
            } else {
                pos++;
            }
        }
        throw error(open, "expected '\"' to close the string opened here, found the end of the file");
    }

    private char unicode(int at) {
        if (pos + 4 > end) {
            throw error(at, "expected four hex digits after \\u");
        }
        try {
            char c = (char) Integer.parseInt(text.substring(pos, pos + 4), 16);
            pos += 4;
            return c;
        } catch (NumberFormatException e) {
            throw error(at, "expected four hex digits after \\u, found '" + text.substring(pos, pos + 4) + "'");
        }
    }

    private String character() {
        int start = pos++;
        if (pos >= end) {
            throw error(start, "expected a character after '\\', found the end of the file");
        }
        int tokenStart = pos;
        pos++;
        while (pos < end && !isDelimiter(text.charAt(pos))) {
            pos++;
        }
        String name = text.substring(tokenStart, pos);
        if (name.length() == 1) {
            return name;
        }
        return switch (name) {
            case "newline" -> "\n";
            case "space" -> " ";
            case "tab" -> "\t";
            case "return" -> "\r";
            default -> {
                if (name.length() == 5 && name.charAt(0) == 'u') {
                    pos = tokenStart + 1;
                    yield String.valueOf(unicode(start));
                }
                throw error(start, "expected a character such as \\a, \\newline, \\space or \\uXXXX, found '\\" + name + "'");
            }
        };
    }

    private static boolean isDelimiter(char c) {
        return c < 128 ? DELIMITER[c] : Character.isWhitespace(c);
    }

    private String token() {
        int start = pos;
        while (pos < end && !isDelimiter(text.charAt(pos))) {
            pos++;
        }
        if (pos == start) {
            throw error(pos, "expected a value, found '" + text.charAt(pos) + "'");
        }
        return text.substring(start, pos);
    }

    private Object atom(int start, String t) {
        char c0 = t.charAt(0);
        if (c0 == ':') {
            if (t.length() == 1 || t.charAt(1) == ':') {
                throw error(start, "expected a keyword such as :ok, found '" + t + "'");
            }
            return new Keyword(t.substring(1));
        }
        if (Character.isDigit(c0) || ((c0 == '-' || c0 == '+') && t.length() > 1 && Character.isDigit(t.charAt(1)))) {
            return number(start, t);
        }
        return switch (t) {
            case "nil" -> null;
            case "true" -> Boolean.TRUE;
            case "false" -> Boolean.FALSE;
            default -> t; // a symbol
        };
    }

    private Object number(int start, String t) {
        boolean integer = true;
        for (int i = 1; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c < '0' || c > '9') {
                integer = false;
                break;
            }
        }
        if (integer || (t.endsWith("N") && t.length() > 1)) {
            String digits = integer ? t : t.substring(0, t.length() - 1);
            try {
                return Long.parseLong(digits.startsWith("+") ? digits.substring(1) : digits);
            } catch (NumberFormatException e) {
                if (digits.chars().skip(1).allMatch(Character::isDigit)) {
                    throw error(start, "expected an integer within 64 bits, found " + t);
                }
                throw error(start, "expected a number, found '" + t + "'");
            }
        }
        String decimal = t.endsWith("M") ? t.substring(0, t.length() - 1) : t;
        if (decimal.matches("[+-]?\\d+(\\.\\d*)?([eE][+-]?\\d+)?")) {
            return Double.parseDouble(decimal);
        }
        throw error(start, "expected a number (an integer, or a decimal such as 1.5), found '" + t + "'");
    }

    /**
     * An EDN value as a history value ({@code io.rdasuite.linearizability.history.Values}): keywords become strings
     * with their colon, sequences lists; a map is an {@link IllegalArgumentException}.
     */
    static Object toHistoryValue(Object o) {
        if (o instanceof Keyword k) {
            return k.toString();
        }
        if (o instanceof List<?> l) {
            List<Object> out = new ArrayList<>(l.size());
            for (Object x : l) {
                out.add(toHistoryValue(x));
            }
            return out;
        }
        if (o instanceof Map<?, ?>) {
            throw new IllegalArgumentException("expected a value (nil, a number, a string, a keyword, a boolean or a vector),"
                    + " found the map " + render(o));
        }
        return o;
    }

    /** A value as EDN text, for messages. */
    static String render(Object o) {
        return switch (o) {
            case null -> "nil";
            case String s -> "\"" + s + "\"";
            case List<?> l -> {
                StringBuilder sb = new StringBuilder("[");
                for (int i = 0; i < l.size(); i++) {
                    sb.append(i == 0 ? "" : " ").append(render(l.get(i)));
                }
                yield sb.append(']').toString();
            }
            case Map<?, ?> m -> {
                StringBuilder sb = new StringBuilder("{");
                boolean first = true;
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    sb.append(first ? "" : ", ").append(render(e.getKey())).append(' ').append(render(e.getValue()));
                    first = false;
                }
                yield sb.append('}').toString();
            }
            default -> o.toString();
        };
    }
}
