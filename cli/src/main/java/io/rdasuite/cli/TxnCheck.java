package io.rdasuite.cli;

import io.rdasuite.linearizability.txn.SerializabilityChecker;
import io.rdasuite.linearizability.txn.Txn;
import io.rdasuite.linearizability.txn.TxnHistory;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code rda lin check --model txn-list-append|txn-rw-register FILE}: the serializability checker on one history. */
final class TxnCheck {
    private TxnCheck() {
    }

    static int run(LinCheckCommand cmd, PrintWriter out) {
        SerializabilityChecker.Model model = switch (cmd.modelName) {
            case "txn-list-append" -> SerializabilityChecker.Model.LIST_APPEND;
            case "txn-rw-register" -> SerializabilityChecker.Model.RW_REGISTER;
            default -> null;
        };
        if (model == null) {
            return cmd.error("--model: unknown '" + cmd.modelName + "' (valid: txn-list-append, txn-rw-register, or a key-value model: auto,"
                    + " register, cas-register, kv, kv-string)");
        }
        boolean stdin = cmd.path.toString().equals("-");
        if (!stdin && !Files.isRegularFile(cmd.path)) {
            return cmd.error("no such file: " + cmd.path + " (a transactional history is one file)");
        }
        List<Txn> txns;
        String name = stdin ? "stdin" : cmd.path.toString();
        try {
            String text = stdin ? new String(System.in.readAllBytes(), StandardCharsets.UTF_8) : Files.readString(cmd.path);
            txns = TxnHistory.of(cmd.format.readMaps(text, name), name); // --format edn forces EDN
        } catch (io.rdasuite.linearizability.format.HistoryParseException e) {
            return cmd.error(e.getMessage());
        } catch (IOException | RuntimeException e) {
            return cmd.error(cmd.path + ": " + e.getMessage());
        }
        long start = System.nanoTime(); // reported only, as checkNanos
        SerializabilityChecker.Result r = SerializabilityChecker.check(txns, model, cmd.strict);
        long nanos = System.nanoTime() - start;
        String verdict = r.valid() ? (cmd.strict ? "STRICT_SERIALIZABLE" : "SERIALIZABLE") : "NOT_SERIALIZABLE";
        Map<String, Object> doc = new LinkedHashMap<>();
        if (cmd.json || cmd.report.wanted()) {
            doc.put("command", "lin check");
            doc.put("file", cmd.path.toString());
            doc.put("model", cmd.modelName);
            doc.put("strict", cmd.strict);
            doc.put("verdict", verdict);
            doc.put("transactions", r.transactions());
            doc.put("edges", r.edges());
            doc.put("anomalies", r.anomalies().stream().map(f -> {
                Map<String, Object> a = new LinkedHashMap<>();
                a.put("anomaly", f.anomaly());
                a.put("cycle", f.steps());
                a.put("transactions", f.txns().stream().map(Txn::toString).toList());
                a.put("explanation", f.explanation());
                return a;
            }).toList());
            doc.put("checkNanos", nanos);
            if (cmd.json) {
                out.println(Json.write(doc));
            }
        }
        if (!cmd.json) {
            out.printf("%-24s %-20s %,d transactions, %,d dependency edges, %.3f ms%n", cmd.path.getFileName(), verdict, r.transactions(), r.edges(),
                    nanos / 1e6);
            for (SerializabilityChecker.Finding f : r.anomalies()) {
                out.println("  " + f.anomaly() + ": " + String.join(", ", f.steps()) + (f.steps().isEmpty() ? f.explanation() : ""));
                f.txns().forEach(t -> out.println("    " + t));
            }
        }
        if (!r.valid() && cmd.timelineDir != null) {
            try {
                Files.createDirectories(cmd.timelineDir);
                java.nio.file.Path page = cmd.timelineDir.resolve((stdin ? "stdin" : cmd.path.getFileName().toString()) + ".html");
                Files.writeString(page, io.rdasuite.linearizability.txn.CycleSvg.html(cmd.path + ": " + verdict, r.anomalies()));
                (cmd.json ? cmd.spec.commandLine().getErr() : out).println("cycle drawn: " + page);
                doc.put("cycleDrawing", page.toString());
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
        if (cmd.report.wanted()) {
            cmd.report.write(cmd.spec, doc);
        }
        out.flush();
        return r.valid() ? 0 : 1;
    }
}
