package io.rdasuite.linearizability.format;

import io.rdasuite.linearizability.history.History;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The history formats {@code rda lin check --format} reads. */
public enum HistoryFormat {
    /** By extension ({@code .jsonl}/{@code .ndjson}, {@code .edn}, {@code .log}), else by the first line that is not a {@code ;} comment. */
    AUTO("auto"),
    JSONL("jsonl"),
    JEPSEN_LOG("jepsen-log"),
    EDN("edn");

    private final String cliName;

    HistoryFormat(String cliName) {
        this.cliName = cliName;
    }

    public String cliName() {
        return cliName;
    }

    public static HistoryFormat parse(String name) {
        for (HistoryFormat f : values()) {
            if (f.cliName.equalsIgnoreCase(name)) {
                return f;
            }
        }
        throw new IllegalArgumentException("unknown format '" + name + "' (valid: "
                + Arrays.stream(values()).map(HistoryFormat::cliName).collect(Collectors.joining(", ")) + ")");
    }

    /** The concrete format of a file named {@code fileName} whose text is {@code text} (for {@link #AUTO}). */
    public static HistoryFormat detect(String fileName, String text) {
        String name = fileName.toLowerCase(Locale.ROOT);
        if (name.endsWith(".jsonl") || name.endsWith(".ndjson")) {
            return JSONL;
        }
        if (name.endsWith(".edn")) {
            return EDN;
        }
        if (name.endsWith(".log")) {
            return JEPSEN_LOG;
        }
        String first = text.lines().map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith(";")).findFirst().orElse("");
        if (first.matches("^\\{\\s*\".*")) {
            return JSONL;
        }
        return first.startsWith("{") || first.startsWith("[") || first.startsWith("(") || first.startsWith("#") ? EDN : JEPSEN_LOG;
    }

    /**
     * Whether {@code text} looks like a history in any of these formats: it has an invoke or ok event
     * ({@code :invoke}, {@code "invoke"}, {@code :ok}, {@code "ok"}) anywhere (a Jepsen history may open with many
     * lines of the nemesis). Used to skip stray files in a folder of histories; a file that looks like one and does
     * not parse is still an error.
     */
    public static boolean looksLikeHistory(String text) {
        return text.contains(":invoke") || text.contains("\"invoke\"") || text.contains(":ok") || text.contains("\"ok\"");
    }

    /**
     * The operation maps of a history of another shape (transactions) as plain values: EDN (keywords as their names)
     * or JSON Lines (as Jackson reads them); this format, or for {@link #AUTO} the one detected, comments and all.
     * The Jepsen log has no maps: an error.
     */
    public java.util.List<java.util.Map<String, Object>> readMaps(String text, String source) {
        return switch (resolve(source, text)) {
            case EDN -> EdnFormat.readMaps(text, source);
            case JSONL -> JsonLinesFormat.readMaps(text, source);
            default -> throw new HistoryParseException(source, 0, "expected EDN or JSON Lines operation maps"
                    + " ({:type :invoke, :f :txn, ...}); use --format edn or --format jsonl", null);
        };
    }

    /** Reads the history in {@code file} (AUTO: detected). Unreadable files throw {@link IOException}. */
    public History read(Path file) throws IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        return read(text, file.getFileName() == null ? file.toString() : file.getFileName().toString());
    }

    /** This format, or for {@link #AUTO} the one detected for {@code source} (a file name) and its {@code text}. */
    public HistoryFormat resolve(String source, String text) {
        return this == AUTO ? detect(source, text) : this;
    }

    /** Reads a history from {@code text}; {@code source} names it in errors (and, for AUTO, gives the extension). */
    public History read(String text, String source) throws IOException {
        HistoryFormat f = resolve(source, text);
        try (BufferedReader in = new BufferedReader(new StringReader(text))) {
            return switch (f) {
                case JSONL -> JsonLinesFormat.read(in, source);
                case JEPSEN_LOG -> JepsenLogFormat.read(in, source);
                case EDN -> EdnFormat.read(text, source);
                case AUTO -> throw new IllegalStateException();
            };
        }
    }
}
