package io.rdasuite.cli;

import io.rdasuite.linearizability.txn.Anomaly;
import io.rdasuite.linearizability.txn.ConsistencyModel;
import io.rdasuite.linearizability.txn.CycleSvg;
import io.rdasuite.linearizability.txn.KeyAssumptions;
import io.rdasuite.linearizability.txn.SerializabilityChecker;
import io.rdasuite.linearizability.txn.Txn;
import io.rdasuite.linearizability.txn.TxnHistory;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * {@code rda lin check --model txn-list-append|txn-rw-register [--consistency-model M,...] PATH}: Elle's checker on one
 * history or on every file of a folder (sorted by name). Per file: the verdict, the anomalies the asked models prohibit
 * (each with its cycle's steps and, with {@code --timeline}, an HTML page drawing it beside the steps in words), and the
 * weakest models the history rules out. Exit 0: all valid; 1: some violate a model; 3: some undecided (no dependency to
 * check, or a value written twice); 2: bad input.
 */
final class TxnCheck {
    private TxnCheck() {
    }

    static int run(LinCheckCommand cmd, PrintWriter out) {
        SerializabilityChecker.DataType model = switch (cmd.modelName) {
            case "txn-list-append" -> SerializabilityChecker.DataType.LIST_APPEND;
            case "txn-rw-register" -> SerializabilityChecker.DataType.RW_REGISTER;
            default -> null;
        };
        if (model == null) {
            return cmd.error("--model: unknown '" + cmd.modelName + "' (valid: txn-list-append, txn-rw-register, or a key-value model: auto,"
                    + " register, cas-register, kv, kv-string)");
        }
        Set<ConsistencyModel> models = EnumSet.noneOf(ConsistencyModel.class);
        try {
            for (String m : cmd.consistencyModels == null ? List.<String>of() : cmd.consistencyModels) {
                models.add(ConsistencyModel.byName(m.strip()));
            }
        } catch (IllegalArgumentException e) {
            return cmd.error("--consistency-model: " + e.getMessage());
        }
        if (cmd.strict) {
            models.add(ConsistencyModel.STRICT_SERIALIZABLE);
        }
        Set<String> anomalies = new java.util.LinkedHashSet<>();
        try {
            for (String a : cmd.anomalies == null ? List.<String>of() : cmd.anomalies) {
                String name = a.strip();
                if (!name.equals("G1") && !name.equals("G2")) {
                    name = io.rdasuite.linearizability.txn.AnomalyType.byName(name).elleName();
                }
                anomalies.add(name);
            }
        } catch (IllegalArgumentException e) {
            return cmd.error("--anomalies: " + e.getMessage().replace("(valid: ", "(valid: G1, G2, "));
        }
        if (models.isEmpty() && anomalies.isEmpty()) {
            models.add(ConsistencyModel.SERIALIZABLE);
        }
        KeyAssumptions assume;
        try {
            assume = new KeyAssumptions(cmd.wfrKeys, cmd.sequentialKeys, cmd.linearizableKeys, order(cmd.transactionOrder));
        } catch (IllegalArgumentException e) {
            return cmd.error("--transaction-order: " + e.getMessage());
        }
        if (model == SerializabilityChecker.DataType.LIST_APPEND && !assume.isDefault()) {
            return cmd.error("--wfr-keys, --sequential-keys, --linearizable-keys and --transaction-order order rw-register"
                    + " versions; a list-append history orders them by its reads (use --model txn-rw-register)");
        }
        boolean stdin = cmd.path.toString().equals("-");
        List<Path> files;
        if (stdin || Files.isRegularFile(cmd.path)) {
            files = List.of(cmd.path);
        } else if (Files.isDirectory(cmd.path)) {
            try (Stream<Path> s = Files.list(cmd.path)) {
                files = s.filter(Files::isRegularFile).sorted().toList();
            } catch (IOException e) {
                return cmd.error("cannot list " + cmd.path + ": " + e.getMessage());
            }
            if (files.isEmpty()) {
                return cmd.error(cmd.path + " holds no history file");
            }
        } else {
            return cmd.error("no such file or folder: " + cmd.path);
        }
        List<Map<String, Object>> results = new ArrayList<>();
        int worst = 0;
        for (Path f : files) {
            List<Txn> txns;
            String source = stdin ? "stdin" : f.toString();
            try {
                String text = stdin ? new String(System.in.readAllBytes(), StandardCharsets.UTF_8) : Files.readString(f);
                txns = TxnHistory.of(cmd.format.readMaps(text, source), source); // --format edn forces EDN
            } catch (io.rdasuite.linearizability.format.HistoryParseException e) {
                return cmd.error(e.getMessage());
            } catch (IOException | RuntimeException e) {
                return cmd.error(f + ": " + e.getMessage());
            }
            long start = System.nanoTime(); // reported only, as checkNanos
            SerializabilityChecker.Result r;
            try {
                r = SerializabilityChecker.check(txns, model, models, anomalies, assume);
            } catch (IllegalArgumentException e) {
                return cmd.error(f + ": " + e.getMessage());
            }
            long nanos = System.nanoTime() - start;
            String name = stdin ? "stdin" : f.getFileName().toString();
            results.add(report(cmd, out, name, f, models, r, nanos));
            worst = Math.max(worst, switch (r.verdict()) {
                case VALID -> 0;
                case UNKNOWN -> 1;
                case INVALID -> 2;
            });
        }
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("command", "lin check");
        doc.put("model", cmd.modelName);
        doc.put("consistencyModels", models.stream().map(ConsistencyModel::label).toList());
        if (!anomalies.isEmpty()) {
            doc.put("anomaliesAsked", List.copyOf(anomalies));
        }
        if (model == SerializabilityChecker.DataType.RW_REGISTER) {
            doc.put("wfrKeys", assume.wfrKeys());
            doc.put("sequentialKeys", assume.sequentialKeys());
            doc.put("linearizableKeys", assume.linearizableKeys());
        }
        if (results.size() == 1) {
            doc.putAll(results.getFirst());
        } else {
            doc.put("results", results);
        }
        if (cmd.json) {
            out.println(Json.write(doc));
        }
        if (cmd.report.wanted()) {
            cmd.report.write(cmd.spec, doc);
        }
        out.flush();
        return worst == 2 ? 1 : worst == 1 ? 3 : 0;
    }

    /** {@code --transaction-order}'s EDN map of completion index to place, as longs; null: none. */
    private static Map<Long, Long> order(String edn) {
        if (edn == null) {
            return Map.of();
        }
        if (!(io.rdasuite.linearizability.format.EdnFormat.value(edn) instanceof Map<?, ?> m)) {
            throw new IllegalArgumentException("expected an EDN map from completion index to place, such as '{0 2, 1 1}', found " + edn);
        }
        Map<Long, Long> out = new java.util.TreeMap<>();
        m.forEach((k, v) -> {
            if (!(k instanceof Long i) || !(v instanceof Long place)) {
                throw new IllegalArgumentException("expected integers (completion index to place), found " + k + " " + v);
            }
            out.put(i, place);
        });
        return out;
    }

    private static Map<String, Object> report(LinCheckCommand cmd, PrintWriter out, String name, Path file, Set<ConsistencyModel> models,
            SerializabilityChecker.Result r, long nanos) {
        String asked = String.join("+", models.stream().map(m -> m.label().toUpperCase(Locale.ROOT).replace('-', '_')).toList());
        String verdict = switch (r.verdict()) {
            case VALID -> asked.isEmpty() ? "VALID" : asked; // only --anomalies asked: none of them, or some
            case INVALID -> asked.isEmpty() ? "INVALID" : "NOT_" + asked;
            case UNKNOWN -> "UNKNOWN";
        };
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("file", file.toString());
        doc.put("verdict", verdict);
        doc.put("transactions", r.transactions());
        doc.put("edges", r.edges());
        doc.put("anomalyTypes", r.types().stream().map(t -> t.elleName()).toList());
        doc.put("ruledOut", r.ruledOut().stream().map(ConsistencyModel::label).toList());
        doc.put("alsoRuledOut", r.alsoRuledOut().stream().map(ConsistencyModel::label).toList());
        doc.put("anomalies", r.anomalies().stream().map(a -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("anomaly", a.name());
            m.put("cycle", a.steps().stream().map(Anomaly.Step::label).toList());
            m.put("transactions", a.txns().stream().map(Txn::toString).toList());
            m.put("explanation", a.explanation());
            return m;
        }).toList());
        doc.put("checkNanos", nanos);
        if (!cmd.json) {
            out.printf("%-24s %-20s %,d transactions, %,d dependency edges, %.3f ms%n", name, verdict, r.transactions(), r.edges(), nanos / 1e6);
            if (!r.ruledOut().isEmpty()) {
                out.println("  rules out: " + String.join(", ", r.ruledOut().stream().map(ConsistencyModel::label).toList())
                        + (r.alsoRuledOut().isEmpty() ? "" : " (and so " + String.join(", ", r.alsoRuledOut().stream().map(ConsistencyModel::label).toList()) + ")"));
            }
            for (Anomaly a : r.anomalies()) {
                out.println("  " + a.name() + ": " + a.summary());
                if (!a.steps().isEmpty()) {
                    out.println("    " + a.explanation());
                }
                a.txns().forEach(t -> out.println("    " + t));
            }
        }
        if (r.verdict() != SerializabilityChecker.Verdict.VALID && cmd.timelineDir != null) {
            try {
                Files.createDirectories(cmd.timelineDir);
                Path page = cmd.timelineDir.resolve(name + ".html");
                Files.writeString(page, CycleSvg.html(file + ": " + verdict, r.anomalies()));
                (cmd.json ? cmd.spec.commandLine().getErr() : out).println("cycle drawn: " + page);
                doc.put("cycleDrawing", page.toString());
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
        return doc;
    }
}
