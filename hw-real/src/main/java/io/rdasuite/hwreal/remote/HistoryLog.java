package io.rdasuite.hwreal.remote;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A history of key-value operations as JSON Lines, one event per line, appended in the order the events happened
 * (an invoke is written before the call, its completion after the return): {@code type} (invoke, ok, fail, info,
 * crash, recovery), {@code process}, {@code f} (get, put), {@code key}, {@code value} (a put's sequence number, a
 * get's result, null for absent) and {@code time} (wall-clock nanoseconds). {@code rda lin check} reads it.
 */
public final class HistoryLog implements AutoCloseable {
    private static final Pattern EVENT = Pattern.compile(
            "\\{\"type\":\"(\\w+)\",\"process\":(-?\\d+)(?:,\"f\":\"(\\w+)\",\"key\":\"([^\"]*)\",\"value\":(null|-?\\d+))?,\"time\":(-?\\d+)}");

    /** One parsed event. */
    public record Event(String type, int process, String f, String key, Long value, long time) {
    }

    private final BufferedWriter out;

    public HistoryLog(Path file) throws IOException {
        this.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    /** Appends a client event. */
    public synchronized void op(String type, int process, String f, String key, Long value) {
        line("{\"type\":\"" + type + "\",\"process\":" + process + ",\"f\":\"" + f + "\",\"key\":\"" + key + "\",\"value\":"
                + (value == null ? "null" : value.toString()) + ",\"time\":" + now() + "}");
    }

    /** Appends a crash or recovery of the whole system. */
    public synchronized void system(String type) {
        line("{\"type\":\"" + type + "\",\"process\":-1,\"time\":" + now() + "}");
    }

    private void line(String s) {
        try {
            out.write(s);
            out.newLine();
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long now() {
        java.time.Instant t = java.time.Instant.now();
        return t.getEpochSecond() * 1_000_000_000L + t.getNano();
    }

    /** Reads a history this class wrote; a line it did not write is an error naming the line. */
    public static List<Event> read(Path file) throws IOException {
        return readFrom(file, 0);
    }

    /** As {@link #read}, the events of the lines from byte {@code offset} on (a line boundary: where an earlier read ended). */
    public static List<Event> readFrom(Path file, long offset) throws IOException {
        List<String> lines;
        try (var channel = java.nio.channels.FileChannel.open(file)) {
            channel.position(offset);
            lines = new String(java.nio.channels.Channels.newInputStream(channel).readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
        java.util.ArrayList<Event> events = new java.util.ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) {
                continue;
            }
            Matcher m = EVENT.matcher(lines.get(i).trim());
            if (!m.matches()) {
                throw new IOException(file + " line " + (i + 1) + " is not a history event: " + lines.get(i));
            }
            Long value = m.group(5) == null || m.group(5).equals("null") ? null : Long.parseLong(m.group(5));
            events.add(new Event(m.group(1), Integer.parseInt(m.group(2)), m.group(3), m.group(4), value, Long.parseLong(m.group(6))));
        }
        return events;
    }

    @Override
    public synchronized void close() throws IOException {
        out.close();
    }
}
