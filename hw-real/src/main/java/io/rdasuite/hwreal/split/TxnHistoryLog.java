package io.rdasuite.hwreal.split;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * A transaction history of read-write registers as JSON Lines, Elle's shape that {@code rda lin check --model
 * txn-rw-register} reads: {@code {"type":"invoke","f":"txn","value":[["r",3,null],["w",3,17]],"process":1000001,"time":…}},
 * then {@code ok} (the reads' values filled in), {@code fail} (aborted: no effect) or {@code info} (outcome unknown) of
 * the same process. Several processes may append to one file: each event is one line written and flushed at once (one
 * {@code write} in append mode), in the order the events happened, so real time survives the merge. A process killed
 * mid-transaction leaves its invoke open: indeterminate, as Jepsen's histories leave a crashed process's operation.
 */
final class TxnHistoryLog implements AutoCloseable {
    /** One micro-operation: {@code r} or {@code w}, a key, a value (null: a read not yet done, or a read of nothing). */
    record Mop(String f, int key, Long value) {
    }

    private final BufferedWriter out;

    TxnHistoryLog(Path file) throws IOException {
        this.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    synchronized void event(String type, long process, List<Mop> mops) {
        StringBuilder b = new StringBuilder("{\"type\":\"").append(type).append("\",\"f\":\"txn\",\"value\":[");
        for (int i = 0; i < mops.size(); i++) {
            Mop m = mops.get(i);
            b.append(i > 0 ? "," : "").append("[\"").append(m.f()).append("\",").append(m.key()).append(',')
                    .append(m.value() == null ? "null" : m.value().toString()).append(']');
        }
        java.time.Instant t = java.time.Instant.now();
        b.append("],\"process\":").append(process).append(",\"time\":").append(t.getEpochSecond() * 1_000_000_000L + t.getNano()).append("}\n");
        try {
            out.write(b.toString());
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public synchronized void close() throws IOException {
        out.close();
    }
}
