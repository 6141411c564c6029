package io.rdasuite.linearizability.format;

import io.rdasuite.linearizability.history.Event;
import io.rdasuite.linearizability.history.History;
import java.io.BufferedReader;
import java.io.IOException;

/**
 * Jepsen's text log of a history, one event per line, fields split on any whitespace:
 * {@code [LEVEL logger -] <process> <:type> <:f> <value>}, e.g. {@code INFO  jepsen.util - 3 :ok :cas [1 2]}.
 * The value is EDN ({@code nil}, {@code 3}, {@code [1 2]}, {@code :timed-out}). Lines of the nemesis are
 * skipped; there are no keys and no times (an event's time is its index).
 */
public final class JepsenLogFormat {
    private JepsenLogFormat() {
    }

    public static History read(BufferedReader in, String source) throws IOException {
        History.Builder history = new History.Builder();
        int lineNo = 0;
        int events = 0;
        for (String line; (line = in.readLine()) != null; ) {
            lineNo++;
            String trimmed = line.strip();
            if (trimmed.isEmpty()) {
                continue;
            }
            try {
                Event e = parseLine(trimmed, events);
                if (e != null) {
                    history.add(e, lineNo);
                    events++;
                }
            } catch (IllegalArgumentException | EdnParser.EdnException e) {
                throw new HistoryParseException(source, lineNo, e.getMessage(), e);
            }
        }
        return history.build();
    }

    /**
     * One event from a stripped, non-empty line. Tokens are found by scanning, not by a regular expression: a cold
     * JVM reads the 17 k lines of the etcd set about twice as fast this way, and {@code rda lin check} spends most of
     * a short run reading.
     */
    private static Event parseLine(String line, long index) {
        int[] starts = new int[7];
        int[] ends = new int[7];
        int n = tokens(line, starts, ends);
        int at = 0;
        if (n > 3 && ends[2] - starts[2] == 1 && line.charAt(starts[2]) == '-' && line.charAt(0) != ':') {
            at = 3; // the log's level, logger name and dash
        }
        if (n - at < 3) {
            throw new IllegalArgumentException("expected '<process> <:type> <:f> [value]', got '" + line + "'");
        }
        Object process = process(line.substring(starts[at], ends[at]));
        String type = line.substring(starts[at + 1], ends[at + 1]);
        if (!type.startsWith(":")) {
            throw new IllegalArgumentException("expected a :type keyword (:invoke, :ok, :fail, :info), got '" + type + "'");
        }
        if (process == null) {
            return null; // the nemesis
        }
        String f = line.substring(starts[at + 2], ends[at + 2]);
        Object value = n > at + 3 ? value(line.substring(starts[at + 3])) : null;
        return EventFields.toEvent(type, process, f, null, value, null, null, index);
    }

    /**
     * Finds up to {@code starts.length} whitespace-separated tokens of {@code line}; the last one found runs to the
     * end of the line (it is the start of the value, which may hold spaces). Returns how many were found.
     */
    private static int tokens(String line, int[] starts, int[] ends) {
        int n = 0;
        int i = 0;
        int len = line.length();
        while (n < starts.length) {
            while (i < len && Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            if (i == len) {
                break;
            }
            starts[n] = i;
            while (i < len && !Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            ends[n++] = i;
        }
        return n;
    }

    /** The EDN value at the end of a line: {@code nil} and plain integers directly, anything else parsed. */
    private static Object value(String text) {
        if (text.equals("nil")) {
            return null;
        }
        if (isPlainInteger(text)) {
            return Long.parseLong(text);
        }
        return EdnParser.toHistoryValue(EdnParser.parse(text));
    }

    private static boolean isPlainInteger(String text) {
        int len = text.length();
        if (len == 0 || len > 18) {
            return false;
        }
        for (int i = text.charAt(0) == '-' && len > 1 ? 1 : 0; i < len; i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    private static Object process(String token) {
        if (token.startsWith(":")) {
            return null;
        }
        try {
            return Long.parseLong(token);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("expected a process id (an integer or :nemesis), got '" + token + "'");
        }
    }
}
