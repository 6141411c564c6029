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
                    history.add(e);
                    events++;
                }
            } catch (IllegalArgumentException | EdnParser.EdnException e) {
                throw new HistoryParseException(source, lineNo, e.getMessage(), e);
            }
        }
        return history.build();
    }

    private static Event parseLine(String line, long index) {
        String[] t = line.split("\\s+", -1);
        int at = 0;
        if (t.length > 3 && t[2].equals("-") && !t[0].startsWith(":")) {
            at = 3; // the log's level, logger name and dash
        }
        if (t.length - at < 3) {
            throw new IllegalArgumentException("expected '<process> <:type> <:f> [value]', got '" + line + "'");
        }
        Object process = process(t[at]);
        String type = t[at + 1];
        if (!type.startsWith(":")) {
            throw new IllegalArgumentException("expected a :type keyword (:invoke, :ok, :fail, :info), got '" + type + "'");
        }
        StringBuilder rest = new StringBuilder();
        for (int i = at + 3; i < t.length; i++) {
            rest.append(i > at + 3 ? " " : "").append(t[i]);
        }
        if (process == null) {
            return null; // the nemesis
        }
        Object value = rest.isEmpty() ? null : EdnParser.parse(rest.toString());
        return EventFields.toEvent(type, process, t[at + 2], null, EdnParser.toHistoryValue(value), null, null, index);
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
