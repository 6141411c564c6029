package io.rdasuite.linearizability.format;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small reader for the subset of EDN that Jepsen histories use: maps, vectors, lists and sets (both read as
 * lists), keywords, strings, integers, {@code nil}, booleans and symbols; commas are whitespace, {@code ;}
 * starts a comment, and a {@code #tag} before a form is skipped ({@code #jepsen.history.Op{...}}). Keywords
 * read as {@link Keyword}; integers as {@link Long}.
 */
final class EdnParser {
    /** An EDN keyword, without its colon. */
    record Keyword(String name) {
        @Override
        public String toString() {
            return ":" + name;
        }
    }

    /** A syntax error at a 1-based column. */
    static final class EdnException extends RuntimeException {
        EdnException(int column, String message) {
            super("column " + column + ": " + message);
        }
    }

    private final String text;
    private int pos;

    /** An EDN value as a history value: keywords become strings with their colon, sequences lists. */
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
            throw new IllegalArgumentException("map values are not supported: " + o);
        }
        return o;
    }

    private EdnParser(String text) {
        this.text = text;
    }

    /** The single form in {@code text}; anything after it is an error. */
    static Object parse(String text) {
        EdnParser p = new EdnParser(text);
        Object form = p.form();
        p.skipSpace();
        if (p.pos < text.length()) {
            throw p.error("unexpected '" + text.charAt(p.pos) + "' after the form");
        }
        return form;
    }

    private EdnException error(String message) {
        return new EdnException(pos + 1, message);
    }

    private void skipSpace() {
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c == ';') {
                while (pos < text.length() && text.charAt(pos) != '\n') {
                    pos++;
                }
            } else if (Character.isWhitespace(c) || c == ',') {
                pos++;
            } else {
                return;
            }
        }
    }

    private Object form() {
        skipSpace();
        if (pos >= text.length()) {
            throw error("unexpected end of input");
        }
        char c = text.charAt(pos);
        switch (c) {
            case '{':
                pos++;
                return map();
            case '[':
                pos++;
                return sequence(']');
            case '(':
                pos++;
                return sequence(')');
            case '"':
                pos++;
                return string();
            case '#':
                pos++;
                if (pos < text.length() && text.charAt(pos) == '{') {
                    pos++;
                    return sequence('}');
                }
                token(); // a tag: read the form it tags
                return form();
            case ']', '}', ')':
                throw error("unexpected '" + c + "'");
            default:
                return atom(token());
        }
    }

    private Map<Object, Object> map() {
        Map<Object, Object> m = new LinkedHashMap<>();
        while (true) {
            skipSpace();
            if (pos >= text.length()) {
                throw error("map not closed: expected '}'");
            }
            if (text.charAt(pos) == '}') {
                pos++;
                return m;
            }
            Object k = form();
            skipSpace();
            if (pos >= text.length() || text.charAt(pos) == '}') {
                throw error("map key " + k + " has no value");
            }
            m.put(k, form());
        }
    }

    private List<Object> sequence(char close) {
        List<Object> items = new ArrayList<>();
        while (true) {
            skipSpace();
            if (pos >= text.length()) {
                throw error("expected '" + close + "' before the end of input");
            }
            if (text.charAt(pos) == close) {
                pos++;
                return items;
            }
            items.add(form());
        }
    }

    private String string() {
        StringBuilder sb = new StringBuilder();
        while (pos < text.length()) {
            char c = text.charAt(pos++);
            if (c == '"') {
                return sb.toString();
            }
            if (c == '\\' && pos < text.length()) {
                char e = text.charAt(pos++);
                sb.append(switch (e) {
                    case 'n' -> '\n';
                    case 't' -> '\t';
                    case 'r' -> '\r';
                    default -> e;
                });
            } else {
                sb.append(c);
            }
        }
        throw error("string not closed");
    }

    private String token() {
        int start = pos;
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (Character.isWhitespace(c) || c == ',' || "{}[]()\";".indexOf(c) >= 0) {
                break;
            }
            pos++;
        }
        if (pos == start) {
            throw error("expected a value");
        }
        return text.substring(start, pos);
    }

    private Object atom(String t) {
        if (t.startsWith(":")) {
            if (t.length() == 1) {
                throw error("empty keyword");
            }
            return new Keyword(t.substring(1));
        }
        switch (t) {
            case "nil":
                return null;
            case "true":
                return Boolean.TRUE;
            case "false":
                return Boolean.FALSE;
            default:
                break;
        }
        char c0 = t.charAt(0);
        if (Character.isDigit(c0) || ((c0 == '-' || c0 == '+') && t.length() > 1 && Character.isDigit(t.charAt(1)))) {
            String digits = t.endsWith("N") ? t.substring(0, t.length() - 1) : t;
            try {
                return Long.parseLong(digits);
            } catch (NumberFormatException e) {
                throw error("unsupported number '" + t + "' (only integers are)");
            }
        }
        return t; // a symbol
    }
}
