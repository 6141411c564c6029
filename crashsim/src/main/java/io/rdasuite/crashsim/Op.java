package io.rdasuite.crashsim;

/**
 * One operation of a client's program (the generator's output, in Jepsen's words).
 *
 * @param kind   PUT, GET or DELETE
 * @param key    which key (a log subject appends one record per PUT and files it under its key)
 * @param value  PUT: a tag from which the subject derives the value's bytes
 * @param poison a planted-bug switch: subjects that support it take a deliberately wrong path for this op
 */
public record Op(Kind kind, int key, long value, boolean poison) {
    /** What an operation does; a DELETE writes "absent" (the checks treat it as a write of nothing). */
    public enum Kind { PUT, GET, DELETE }

    public static Op put(int key, long value) {
        return new Op(Kind.PUT, key, value, false);
    }

    public static Op get(int key) {
        return new Op(Kind.GET, key, 0, false);
    }

    public static Op delete(int key) {
        return new Op(Kind.DELETE, key, 0, false);
    }

    /** Whether it changes the key (a PUT or a DELETE). */
    public boolean writes() {
        return kind != Kind.GET;
    }

    /** The token form: {@code P<key>:<value>[!]}, {@code G<key>} or {@code D<key>}. */
    public String encode() {
        return switch (kind) {
            case PUT -> "P" + key + ":" + value + (poison ? "!" : "");
            case GET -> "G" + key;
            case DELETE -> "D" + key;
        };
    }

    /** Parses {@link #encode}'s form; anything else is an {@link IllegalArgumentException} naming the forms. */
    public static Op decode(String s) {
        try {
            if (s.startsWith("G")) {
                return get(Integer.parseInt(s.substring(1)));
            }
            if (s.startsWith("D")) {
                return delete(Integer.parseInt(s.substring(1)));
            }
            if (s.startsWith("P") && s.contains(":")) {
                boolean poison = s.endsWith("!");
                String body = s.substring(1, poison ? s.length() - 1 : s.length());
                int colon = body.indexOf(':');
                return new Op(Kind.PUT, Integer.parseInt(body.substring(0, colon)), Long.parseLong(body.substring(colon + 1)), poison);
            }
        } catch (NumberFormatException e) {
            // fall through to the message below
        }
        throw new IllegalArgumentException("operation '" + s + "' is none of P<key>:<value>[!], G<key>, D<key>");
    }
}
