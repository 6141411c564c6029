package io.rdasuite.crashsim;

/**
 * One operation of a client's program (the generator's output, in Jepsen's words).
 *
 * @param kind   PUT, GET or DELETE
 * @param key    which key (a log subject appends one record per PUT and files it under its key)
 * @param value  PUT: a tag from which the subject derives the value's bytes
 * @param poison a planted-bug switch: subjects that support it take a deliberately wrong path for this op
 * @param stallNs PUT: the client stalls this long between the server's reservation of the object's place and its data
 *                write ({@code KvClient.stallNextWrite}; a writer in flight across a log cleaner's switch); in pDSM
 *                the primary's commit stalls between the pointer swing's stores and their persist ({@code PdsmSubject}); 0: none
 */
public record Op(Kind kind, int key, long value, boolean poison, long stallNs) {
    public Op {
        if (stallNs < 0 || (stallNs > 0 && kind != Kind.PUT)) {
            throw new IllegalArgumentException("only a PUT stalls, for 0 ns or more: " + kind + " " + stallNs);
        }
    }

    public Op(Kind kind, int key, long value, boolean poison) {
        this(kind, key, value, poison, 0);
    }
    /** What an operation does; a DELETE writes "absent" (the checks treat it as a write of nothing). */
    public enum Kind { PUT, GET, DELETE }

    public static Op put(int key, long value) {
        return new Op(Kind.PUT, key, value, false);
    }

    /** A PUT whose client stalls {@code stallNs} between the reservation and the data write (see {@link #stallNs}). */
    public static Op stalledPut(int key, long value, long stallNs) {
        return new Op(Kind.PUT, key, value, false, stallNs);
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

    /** The token form: {@code P<key>:<value>[!][~<stallNs>]}, {@code G<key>} or {@code D<key>}. */
    public String encode() {
        return switch (kind) {
            case PUT -> "P" + key + ":" + value + (poison ? "!" : "") + (stallNs > 0 ? "~" + stallNs : "");
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
                int tilde = s.indexOf('~');
                long stall = tilde < 0 ? 0 : Long.parseLong(s.substring(tilde + 1));
                String head = tilde < 0 ? s : s.substring(0, tilde);
                boolean poison = head.endsWith("!");
                String body = head.substring(1, poison ? head.length() - 1 : head.length());
                int colon = body.indexOf(':');
                if (stall >= 0) {
                    return new Op(Kind.PUT, Integer.parseInt(body.substring(0, colon)), Long.parseLong(body.substring(colon + 1)), poison, stall);
                }
            }
        } catch (NumberFormatException e) {
            // fall through to the message below
        }
        throw new IllegalArgumentException("operation '" + s + "' is none of P<key>:<value>[!][~<stallNs>], G<key>, D<key>");
    }
}
