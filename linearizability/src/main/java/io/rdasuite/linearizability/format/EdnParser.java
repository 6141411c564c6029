package io.rdasuite.linearizability.format;

import java.nio.charset.StandardCharsets;
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
 * reads as the form it tags. Errors are {@link EdnException}s with the 1-based line and column (in characters) and
 * what was expected there.
 *
 * <p>It scans the UTF-8 bytes of the text, since everything but strings and symbols is ASCII: keywords are interned
 * per document (one instance per name, the {@link #COMMON common} ones shared, so a reader can compare them by
 * identity), integers are read from the digits in place, and only strings and symbols become {@link String}s. A
 * history of 2.8 MB (Elle's {@code huge-scc.edn}) is a few million bytes of a handful of shapes, and a short
 * {@code rda lin check} spends most of its run here, much of it before the JIT has compiled the loop.
 */
final class EdnParser {
    /** An EDN keyword, without its colon; {@link #toString} is its written form, with the colon (one string per keyword). */
    static final class Keyword {
        private final String name;
        private final String written;

        Keyword(String name) {
            this.name = name;
            this.written = ":" + name;
        }

        String name() {
            return name;
        }

        @Override
        public boolean equals(Object o) {
            return this == o || o instanceof Keyword k && name.equals(k.name);
        }

        @Override
        public int hashCode() {
            return name.hashCode();
        }

        @Override
        public String toString() {
            return written;
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

    /** The keywords of Jepsen's operation maps and Elle's micro-operations: every document reads them as these instances. */
    static final Keyword TYPE = new Keyword("type");
    static final Keyword PROCESS = new Keyword("process");
    static final Keyword F = new Keyword("f");
    static final Keyword KEY = new Keyword("key");
    static final Keyword VALUE = new Keyword("value");
    static final Keyword TIME = new Keyword("time");
    static final Keyword NODE = new Keyword("node");
    private static final Keyword[] COMMON = {TYPE, PROCESS, F, KEY, VALUE, TIME, NODE, new Keyword("index"),
        new Keyword("invoke"), new Keyword("ok"), new Keyword("fail"), new Keyword("info"), new Keyword("txn"),
        new Keyword("append"), new Keyword("r"), new Keyword("w"), new Keyword("read"), new Keyword("write"),
        new Keyword("cas"), new Keyword("nemesis"), new Keyword("error")};

    /** Bytes that end a token (ASCII; a byte of a multi-byte character is checked apart). */
    private static final boolean[] DELIMITER = new boolean[128];
    /** A map of up to this many entries is an {@link EdnMap}; a larger one a {@link LinkedHashMap}. */
    private static final int SMALL_MAP = 16;

    static {
        for (char c : "{}[]()\";, \n\t\r\f\u000B\u001C\u001D\u001E\u001F".toCharArray()) {
            DELIMITER[c] = true;
        }
    }

    private final byte[] text;
    private final int end;
    private int pos;
    /** The keywords of this document, open addressing by a hash of their bytes; {@link #COMMON} first. */
    private Keyword[] keywords = new Keyword[128];
    private byte[][] keywordBytes = new byte[128][];
    private int keywordCount;
    /** The line of {@link #lineScan} (both only move forward): makes {@link #lineAt} linear over a whole file. */
    private int lineScanLine = 1;
    private int lineScan;

    private EdnParser(byte[] text) {
        this.text = text;
        this.end = text.length;
        for (Keyword k : COMMON) {
            byte[] b = k.name().getBytes(StandardCharsets.UTF_8);
            intern(b, 0, b.length, hash(b, 0, b.length), k);
        }
    }

    /** The single form in {@code text}; anything after it is an error. */
    static Object parse(String text) {
        EdnParser p = new EdnParser(text.getBytes(StandardCharsets.UTF_8));
        Object form = p.form();
        p.skipSpace();
        if (p.pos < p.end) {
            throw p.error(p.pos, "expected the end of the value, found '" + p.found(p.pos) + "'");
        }
        return form;
    }

    /** {@link #document(byte[], ObjIntConsumer)} of the text's UTF-8 bytes. */
    static void document(String text, ObjIntConsumer<Object> element) {
        document(text.getBytes(StandardCharsets.UTF_8), element);
    }

    /**
     * The elements of a history document (UTF-8), each with the line it starts on: either one vector (or list) of
     * elements spanning any number of lines, as Jepsen and Knossos write {@code history.edn}, or a sequence of
     * top-level forms (one map per line). An empty document (blank, or only comments) has none.
     */
    static void document(byte[] text, ObjIntConsumer<Object> element) {
        EdnParser p = new EdnParser(text);
        p.skipSpace();
        if (p.pos >= p.end) {
            return;
        }
        byte c = p.text[p.pos];
        if (c == '[' || c == '(') {
            int open = p.pos++;
            byte close = c == '[' ? (byte) ']' : (byte) ')';
            while (true) {
                p.skipSpace();
                if (p.pos >= p.end) {
                    throw p.unclosed(open, close);
                }
                if (p.text[p.pos] == close) {
                    p.pos++;
                    break;
                }
                int line = p.lineAt(p.pos);
                element.accept(p.form(), line);
            }
            p.skipSpace();
            if (p.pos < p.end) {
                throw p.error(p.pos, "expected the end of the file after the history's closing '" + (char) close + "', found '"
                        + p.found(p.pos) + "'");
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
        byte[] t = text;
        int line = lineScanLine;
        for (int i = lineScan; i < at; i++) {
            if (t[i] == '\n') {
                line++;
            }
        }
        lineScanLine = line;
        lineScan = at;
        return line;
    }

    private EdnException error(int at, String message) {
        int clamped = Math.min(at, end);
        return new EdnException(lineAt(clamped), column(clamped), message);
    }

    /** The 1-based column of byte {@code at}, in characters (UTF-16 units) as an editor counts them. */
    private int column(int at) {
        int lineStart = at;
        while (lineStart > 0 && text[lineStart - 1] != '\n') {
            lineStart--;
        }
        return new String(text, lineStart, at - lineStart, StandardCharsets.UTF_8).length() + 1;
    }

    /** The character at byte {@code at}, for messages. */
    private String found(int at) {
        int length = Math.max(1, Math.min(utf8Length(text[at]), end - at));
        return new String(text, at, length, StandardCharsets.UTF_8);
    }

    private EdnException unclosed(int open, byte close) {
        String what = switch (close) {
            case ']' -> "vector";
            case ')' -> "list";
            default -> text[open] == '#' ? "set" : "map";
        };
        return error(open, "expected '" + (char) close + "' to close the " + what + " opened here, found the end of the file");
    }

    /** Skips whitespace, commas, comments and discarded ({@code #_}) forms. */
    private void skipSpace() {
        byte[] t = text;
        while (pos < end) {
            byte c = t[pos];
            if (c == ' ' || c == ',' || c == '\n' || c == '\t' || c == '\r') {
                pos++;
            } else if (c == ';') {
                while (pos < end && t[pos] != '\n') {
                    pos++;
                }
            } else if (c == '#' && pos + 1 < end && t[pos + 1] == '_') {
                int at = pos;
                pos += 2;
                skipSpace();
                if (pos >= end) {
                    throw error(at, "expected a form after #_ (it discards the next form), found the end of the file");
                }
                form();
            } else if (c >= 0 ? DELIMITER[c] && c != '{' && c != '}' && c != '[' && c != ']' && c != '(' && c != ')'
                    && c != '"' : whitespaceLength(pos) > 0) {
                pos += c >= 0 ? 1 : whitespaceLength(pos);
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
        byte c = text[pos];
        switch (c) {
            case '{':
                pos++;
                return map(start);
            case '[':
                pos++;
                return sequence(start, (byte) ']');
            case '(':
                pos++;
                return sequence(start, (byte) ')');
            case '"':
                pos++;
                return string(start);
            case '\\':
                return character();
            case '#':
                return dispatch();
            case ']', '}', ')':
                throw error(pos, "expected a value, found '" + (char) c + "' with nothing open for it to close");
            case ':':
                return keyword(start);
            default:
                if (c >= '0' && c <= '9' || (c == '-' || c == '+') && pos + 1 < end && text[pos + 1] >= '0' && text[pos + 1] <= '9') {
                    return number(start);
                }
                return atom(start);
        }
    }

    /** A keyword, the document's one instance of its name (no copy of the bytes once seen). */
    private Keyword keyword(int start) {
        int from = start + 1;
        byte[] t = text;
        int at = from;
        int h = 0;
        while (at < end && t[at] >= 0 && !DELIMITER[t[at]]) { // the usual ASCII keyword, hashed as it is scanned
            h = 31 * h + t[at];
            at++;
        }
        if (at < end && t[at] < 0) { // a non-ASCII character in it
            at = tokenEnd(at);
            h = 0;
            for (int i = from; i < at; i++) {
                h = 31 * h + t[i];
            }
        }
        if (at == from || t[from] == ':') {
            pos = at;
            throw error(start, "expected a keyword such as :ok, found '" + new String(t, start, at - start, StandardCharsets.UTF_8) + "'");
        }
        pos = at;
        int hash = h ^ (h >>> 7) ^ (h >>> 15);
        int length = at - from;
        int mask = keywords.length - 1;
        for (int slot = hash & mask; ; slot = (slot + 1) & mask) {
            byte[] b = keywordBytes[slot];
            if (b == null) {
                return intern(t, from, at, hash, new Keyword(new String(t, from, length, StandardCharsets.UTF_8)));
            }
            if (b.length == length && sameBytes(b, t, from)) {
                return keywords[slot];
            }
        }
    }

    /** Whether {@code text[from..]} starts with {@code name} (a short keyword: a plain loop beats a vectorized compare). */
    private static boolean sameBytes(byte[] name, byte[] text, int from) {
        for (int i = 0; i < name.length; i++) {
            if (name[i] != text[from + i]) {
                return false;
            }
        }
        return true;
    }

    private static int hash(byte[] b, int from, int to) {
        int h = 0;
        for (int i = from; i < to; i++) {
            h = 31 * h + b[i];
        }
        return h ^ (h >>> 7) ^ (h >>> 15);
    }

    private Keyword intern(byte[] b, int from, int to, int hash, Keyword k) {
        if (2 * (keywordCount + 1) > keywords.length) {
            Keyword[] oldKeywords = keywords;
            byte[][] oldBytes = keywordBytes;
            keywords = new Keyword[oldKeywords.length * 2];
            keywordBytes = new byte[oldKeywords.length * 2][];
            keywordCount = 0;
            for (int i = 0; i < oldKeywords.length; i++) {
                if (oldKeywords[i] != null) {
                    place(oldBytes[i], hash(oldBytes[i], 0, oldBytes[i].length), oldKeywords[i]);
                }
            }
        }
        place(java.util.Arrays.copyOfRange(b, from, to), hash, k);
        return k;
    }

    private void place(byte[] name, int hash, Keyword k) {
        int mask = keywords.length - 1;
        int slot = hash & mask;
        while (keywordBytes[slot] != null) {
            slot = (slot + 1) & mask;
        }
        keywordBytes[slot] = name;
        keywords[slot] = k;
        keywordCount++;
    }

    private Object dispatch() {
        int start = pos++;
        if (pos >= end) {
            throw error(start, "expected a set #{...}, a discard #_ or a tag after '#', found the end of the file");
        }
        byte c = text[pos];
        if (c == '{') {
            pos++;
            List<Object> items = sequence(start, (byte) '}');
            return new ArrayList<>(new LinkedHashSet<>(items));
        }
        if (!Character.isLetter(text[pos] >= 0 ? c : new String(text, pos, Math.min(4, end - pos), StandardCharsets.UTF_8).codePointAt(0))) {
            throw error(start, "expected a set #{...}, a discard #_ or a tag such as #inst after '#', found '#" + found(pos) + "'");
        }
        pos = tokenEnd(pos); // the tag: a tagged literal reads as the form it tags
        skipSpace();
        if (pos >= end) {
            throw error(start, "expected the form a tag applies to, found the end of the file");
        }
        return form();
    }

    private Map<Object, Object> map(int open) {
        EdnMap small = new EdnMap();
        Map<Object, Object> large = null;
        while (true) {
            skipSpace();
            if (pos >= end) {
                throw unclosed(open, (byte) '}');
            }
            if (text[pos] == '}') {
                pos++;
                return large != null ? large : small;
            }
            int keyAt = pos;
            Object k = form();
            skipSpace();
            if (pos >= end) {
                throw unclosed(open, (byte) '}');
            }
            if (text[pos] == '}') {
                throw error(pos, "expected a value for the map key " + render(k) + ", found '}'");
            }
            Object v = form();
            if (large == null ? small.containsKey(k) : large.containsKey(k)) {
                throw error(keyAt, "expected each key once in a map, found " + render(k) + " twice");
            }
            if (large == null && small.size() == SMALL_MAP) {
                large = new LinkedHashMap<>(small);
            }
            if (large != null) {
                large.put(k, v);
            } else {
                small.add(k, v);
            }
        }
    }

    private List<Object> sequence(int open, byte close) {
        List<Object> items = new ArrayList<>();
        while (true) {
            skipSpace();
            if (pos >= end) {
                throw unclosed(open, close);
            }
            byte c = text[pos];
            if (c == close) {
                pos++;
                return items;
            }
            if (c == ']' || c == '}' || c == ')') {
                throw error(pos, "expected '" + (char) close + "' or a value, found '" + (char) c + "'");
            }
            items.add(form());
        }
    }

    private String string(int open) {
        StringBuilder sb = null;
        int runStart = pos;
        byte[] t = text;
        while (pos < end) {
            byte c = t[pos];
            if (c == '"') {
                String run = new String(t, runStart, pos - runStart, StandardCharsets.UTF_8);
                pos++;
                return sb == null ? run : sb.append(run).toString();
            }
            if (c == '\\') {
                if (sb == null) {
                    sb = new StringBuilder();
                }
                sb.append(new String(t, runStart, pos - runStart, StandardCharsets.UTF_8));
                pos++;
                if (pos >= end) {
                    break;
                }
                byte e = t[pos++];
                switch (e) {
                    case 'n' -> sb.append('\n');
                    case 't' -> sb.append('\t');
                    case 'r' -> sb.append('\r');
                    case 'b' -> sb.append('\b');
                    case 'f' -> sb.append('\f');
                    case '"', '\\' -> sb.append((char) e);
                    case 'u' -> sb.append(unicode(pos - 2));
                    default -> throw error(pos - 2, "expected an escape \\n \\t \\r \\b \\f \\\" \\\\ or \\uXXXX, found '\\"
                            + found(pos - 1) + "'");
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
        int c = 0;
        for (int i = 0; i < 4; i++) {
            int d = Character.digit(text[pos + i], 16);
            if (d < 0) {
                throw error(at, "expected four hex digits after \\u, found '" + new String(text, pos, 4, StandardCharsets.UTF_8) + "'");
            }
            c = c * 16 + d;
        }
        pos += 4;
        return (char) c;
    }

    private String character() {
        int start = pos++;
        if (pos >= end) {
            throw error(start, "expected a character after '\\', found the end of the file");
        }
        int tokenStart = pos;
        pos = tokenEnd(Math.min(end, pos + utf8Length(text[pos])));
        String name = new String(text, tokenStart, pos - tokenStart, StandardCharsets.UTF_8);
        if (name.codePointCount(0, name.length()) == 1) {
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

    /** The end of the token starting at {@code from}: the first delimiter (or whitespace character) at or after it. */
    private int tokenEnd(int from) {
        byte[] t = text;
        int at = from;
        while (at < end) {
            byte c = t[at];
            if (c >= 0) {
                if (DELIMITER[c]) {
                    break;
                }
                at++;
            } else if (whitespaceLength(at) > 0) {
                break;
            } else {
                at += utf8Length(c);
            }
        }
        return Math.min(at, end);
    }

    /** The byte length of the UTF-8 sequence a lead byte starts (1 for a stray continuation byte). */
    private static int utf8Length(byte lead) {
        int b = lead & 0xff;
        return b < 0xc0 ? 1 : b < 0xe0 ? 2 : b < 0xf0 ? 3 : 4;
    }

    /** The byte length of the whitespace character (by {@link Character#isWhitespace}) at byte {@code at}, or 0. */
    private int whitespaceLength(int at) {
        byte c = text[at];
        if (c >= 0) {
            return DELIMITER[c] && Character.isWhitespace(c) || c == ',' ? 1 : 0;
        }
        int length = utf8Length(c);
        if (at + length > end) {
            return 0;
        }
        String s = new String(text, at, length, StandardCharsets.UTF_8);
        return Character.isWhitespace(s.codePointAt(0)) ? length : 0;
    }

    /** nil, true, false, or a symbol (as a string). */
    private Object atom(int start) {
        int at = tokenEnd(start);
        if (at == start) {
            throw error(start, "expected a value, found '" + found(start) + "'");
        }
        pos = at;
        int length = at - start;
        byte[] t = text;
        if (length == 3 && t[start] == 'n' && t[start + 1] == 'i' && t[start + 2] == 'l') {
            return null;
        }
        if (length == 4 && t[start] == 't' && t[start + 1] == 'r' && t[start + 2] == 'u' && t[start + 3] == 'e') {
            return Boolean.TRUE;
        }
        if (length == 5 && t[start] == 'f' && t[start + 1] == 'a' && t[start + 2] == 'l' && t[start + 3] == 's' && t[start + 4] == 'e') {
            return Boolean.FALSE;
        }
        return new String(t, start, length, StandardCharsets.UTF_8); // a symbol
    }

    /** A number starting at {@code start}: an integer read from its digits in place, else the general forms. */
    private Object number(int start) {
        byte[] t = text;
        int at = start;
        boolean negative = t[at] == '-';
        if (t[at] == '-' || t[at] == '+') {
            at++;
        }
        long value = 0; // accumulated negatively, so that Long.MIN_VALUE fits
        boolean overflow = false;
        while (at < end && t[at] >= '0' && t[at] <= '9') {
            int d = t[at] - '0';
            if (value < (Long.MIN_VALUE + d) / 10) {
                overflow = true;
            }
            value = value * 10 - d;
            at++;
        }
        if (at >= end || t[at] >= 0 && DELIMITER[t[at]]) {
            pos = at;
            if (overflow || !negative && value == Long.MIN_VALUE) {
                throw error(start, "expected an integer within 64 bits, found " + new String(t, start, at - start, StandardCharsets.US_ASCII));
            }
            return negative ? value : -value;
        }
        pos = tokenEnd(at);
        return otherNumber(start, new String(t, start, pos - start, StandardCharsets.UTF_8));
    }

    /** An integer with {@code N}, or a decimal ({@code 1.5}, {@code 2e3}, {@code 0.25M}); else an error. */
    private Object otherNumber(int start, String t) {
        if (t.endsWith("N") && isInteger(t, 0, t.length() - 1)) {
            String digits = t.substring(t.charAt(0) == '+' ? 1 : 0, t.length() - 1);
            try {
                return Long.parseLong(digits);
            } catch (NumberFormatException e) {
                throw error(start, "expected an integer within 64 bits, found " + t);
            }
        }
        String decimal = t.endsWith("M") ? t.substring(0, t.length() - 1) : t;
        if (isDecimal(decimal)) {
            return Double.parseDouble(decimal);
        }
        throw error(start, "expected a number (an integer, or a decimal such as 1.5), found '" + t + "'");
    }

    /** [+-]?digits between {@code from} and {@code to}. */
    private static boolean isInteger(String s, int from, int to) {
        int i = from < to && (s.charAt(from) == '+' || s.charAt(from) == '-') ? from + 1 : from;
        if (i >= to) {
            return false;
        }
        for (; i < to; i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    /** [+-]?digits(.digits*)?([eE][+-]?digits)? */
    private static boolean isDecimal(String s) {
        int n = s.length();
        int i = n > 0 && (s.charAt(0) == '+' || s.charAt(0) == '-') ? 1 : 0;
        int digits = i;
        while (i < n && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
            i++;
        }
        if (i == digits) {
            return false;
        }
        if (i < n && s.charAt(i) == '.') {
            i++;
            while (i < n && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
                i++;
            }
        }
        if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            return isInteger(s, i + 1, n);
        }
        return i == n;
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
