package io.rdasuite.linearizability.format;

/**
 * A history file that cannot be read, or that does not fit the model it is checked against: names the source, the
 * 1-based line (0: the file as a whole) and, for syntax errors, the column; the message says what was expected.
 */
public final class HistoryParseException extends RuntimeException {
    private final String source;
    private final int line;

    public HistoryParseException(String source, int line, String message, Throwable cause) {
        super(source + (line > 0 ? ":" + line : "") + ": " + message, cause);
        this.source = source;
        this.line = line;
    }

    public HistoryParseException(String source, int line, int column, String message, Throwable cause) {
        super(source + ":" + line + ":" + column + ": " + message, cause);
        this.source = source;
        this.line = line;
    }

    /** An EDN syntax error in {@code source}, at its line and column. */
    static HistoryParseException of(String source, EdnParser.EdnException e) {
        return new HistoryParseException(source, e.line(), e.column(), e.getMessage(), e);
    }

    public String source() {
        return source;
    }

    public int line() {
        return line;
    }
}
