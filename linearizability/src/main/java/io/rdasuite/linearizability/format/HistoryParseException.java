package io.rdasuite.linearizability.format;

/** A history file that cannot be read: names the source and the 1-based line. */
public final class HistoryParseException extends RuntimeException {
    private final String source;
    private final int line;

    public HistoryParseException(String source, int line, String message, Throwable cause) {
        super(source + ":" + line + ": " + message, cause);
        this.source = source;
        this.line = line;
    }

    public String source() {
        return source;
    }

    public int line() {
        return line;
    }
}
