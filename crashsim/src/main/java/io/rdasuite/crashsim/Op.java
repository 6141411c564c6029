package io.rdasuite.crashsim;

/**
 * One operation of a client's program (the generator's output, in Jepsen's words).
 *
 * @param kind   PUT or GET
 * @param key    which key (a log subject appends one record per PUT and files it under its key)
 * @param value  PUT: a tag from which the subject derives the value's bytes
 * @param poison a planted-bug switch: subjects that support it take a deliberately wrong path for this op
 */
public record Op(Kind kind, int key, long value, boolean poison) {
    public enum Kind { PUT, GET }

    public static Op put(int key, long value) {
        return new Op(Kind.PUT, key, value, false);
    }

    public static Op get(int key) {
        return new Op(Kind.GET, key, 0, false);
    }

    /** The token form: {@code P<key>:<value>[!]} or {@code G<key>}. */
    String encode() {
        return kind == Kind.PUT ? "P" + key + ":" + value + (poison ? "!" : "") : "G" + key;
    }

    static Op decode(String s) {
        if (s.startsWith("G")) {
            return get(Integer.parseInt(s.substring(1)));
        }
        if (!s.startsWith("P") || !s.contains(":")) {
            throw new IllegalArgumentException("operation '" + s + "' is neither P<key>:<value>[!] nor G<key>");
        }
        boolean poison = s.endsWith("!");
        String body = s.substring(1, poison ? s.length() - 1 : s.length());
        int colon = body.indexOf(':');
        return new Op(Kind.PUT, Integer.parseInt(body.substring(0, colon)), Long.parseLong(body.substring(colon + 1)), poison);
    }
}
