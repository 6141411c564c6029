package io.rdasuite.cli;

import io.rdasuite.linearizability.checker.CheckOptions;
import io.rdasuite.linearizability.checker.CheckResult;
import io.rdasuite.linearizability.checker.CrashSemantics;
import io.rdasuite.linearizability.checker.LinearizabilityChecker;
import io.rdasuite.linearizability.checker.Minimizer;
import io.rdasuite.linearizability.checker.Verdict;
import io.rdasuite.linearizability.checker.Violation;
import io.rdasuite.linearizability.format.EdnFormat;
import io.rdasuite.linearizability.format.HistoryFormat;
import io.rdasuite.linearizability.format.HistoryParseException;
import io.rdasuite.linearizability.history.Fn;
import io.rdasuite.linearizability.history.History;
import io.rdasuite.linearizability.history.Values;
import io.rdasuite.linearizability.model.Model;
import io.rdasuite.linearizability.model.ModelMismatchException;
import io.rdasuite.linearizability.model.Models;
import io.rdasuite.linearizability.timeline.HtmlTimeline;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code rda lin check PATH}: checks each history (a file, or every file of a folder by name) against a model and
 * prints its verdict and checking time (parsing excluded). Exit code: 0 all linearizable, 1 some not, 3 some
 * undecided within the budget (none not), 2 bad input.
 */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = "Check recorded histories for linearizability (exit 0: all linearizable, 1: some not, 3: some unknown, 2: bad input).")
final class LinCheckCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "PATH", description = "History files, folders (all their history files, sorted by"
            + " name; other files are skipped with a warning), or - for standard input; all checked in this one process.")
    List<Path> paths;

    /** The first PATH (transactional histories take one). */
    Path path;

    @Option(names = "--model", defaultValue = "auto", paramLabel = "MODEL",
            description = "register, cas-register, kv (list append), kv-string (string append), mutex (acquire/release),"
                    + " multi-register (txns of [:read k v] [:write k v]), or auto (default), chosen per file by its first operation:"
                    + " mutex for acquire or release, multi-register for a txn (of :read and :write), cas-register for jepsen-log files;"
                    + " for operations with keys kv-string when they append strings, else kv; else cas-register."
                    + " Transactions: txn-list-append or txn-rw-register (serializability, Elle-style; add --strict for real time).")
    String modelName;

    Model model;

    @Option(names = "--initial", paramLabel = "EDN",
            description = "The value registers start at instead of nil, in EDN: a value (every key or register starts there,"
                    + " e.g. 0) or a map from key to value (e.g. '{:x 0 :y 0}'). Knossos's own tests start registers at 0."
                    + " A mutex always starts free.")
    String initialText;

    Object initial;

    @Option(names = "--nil-reads", defaultValue = "value", paramLabel = "MEANING",
            description = "What a completed read of nil means: value (default: the register held nil, or the key was absent),"
                    + " or unknown (Knossos's models: the read constrains nothing). Knossos's data/ agrees with"
                    + " --initial 0 --nil-reads unknown, its own tests' setting.")
    String nilReads;

    @Option(names = "--strict", description = "txn models: check strict serializability (real-time order) too;"
            + " the same as --consistency-model strict-serializable.")
    boolean strict;

    @Option(names = "--consistency-model", split = ",", paramLabel = "MODEL",
            description = "txn models: the consistency models the history must satisfy (Elle's :consistency-models; default"
                    + " serializable): read-uncommitted, read-committed, repeatable-read, snapshot-isolation, serializable,"
                    + " strong-session-snapshot-isolation, strong-snapshot-isolation, strong-session-serializable,"
                    + " strict-serializable, and the others of docs/USAGE.md.")
    List<String> consistencyModels;

    @Option(names = "--anomalies", split = ",", paramLabel = "ANOMALY",
            description = "txn models: anomalies to look for beside those the consistency models prohibit (Elle's :anomalies),"
                    + " by Elle's names (G0, G1c, G-single-item, lost-update, ...) or Adya's unions G1 and G2; with no"
                    + " --consistency-model, only these (and what implies them).")
    List<String> anomalies;

    @Option(names = "--wfr-keys", arity = "0..1", defaultValue = "true", fallbackValue = "true", paramLabel = "BOOL",
            description = "txn-rw-register: writes follow reads within a transaction, so a read of v then a write of v' puts v'"
                    + " after v (Elle's :wfr-keys?; default true here, false in Elle: --wfr-keys=false).")
    boolean wfrKeys;

    @Option(names = "--sequential-keys", description = "txn-rw-register: each key is sequentially consistent, so a process's"
            + " next transaction sees a key at or after the version its last one left (Elle's :sequential-keys?).")
    boolean sequentialKeys;

    @Option(names = "--linearizable-keys", description = "txn-rw-register: each key is linearizable, so a transaction sees a"
            + " key at or after the version any transaction that completed before it began left (Elle's :linearizable-keys?).")
    boolean linearizableKeys;

    @Option(names = "--transaction-order", paramLabel = "EDN",
            description = "txn-rw-register: the database's commit order, an EDN map from a transaction's completion index (its"
                    + " 0-based event position, Jepsen's :index) to its place, e.g. '{0 2, 1 1}'; each key's writes follow it"
                    + " (Elle's :transaction-order).")
    String transactionOrder;

    @Option(names = "--format", defaultValue = "auto", converter = FormatName.class,
            description = "auto (default: by extension .jsonl/.edn/.log, else by the first line), jsonl, jepsen-log, edn.")
    HistoryFormat format;

    @Option(names = "--crashes", defaultValue = "open", converter = CrashesName.class,
            description = "What a crash means for pending operations: open (default; Jepsen's: open to the end),"
                    + " durable (before the crash or never), buffered (durable, and a suffix of the epoch may be lost).")
    CrashSemantics crashes;

    @Option(names = "--json", description = "Print one JSON document: {\"results\":[{\"file\",\"verdict\",\"checkNanos\",...}],...}.")
    boolean json;

    @Option(names = {"--key-timeout-ms", "--timeout-ms"}, defaultValue = "10000",
            description = "Time budget of each key, then that key is UNKNOWN and the next is checked (default: ${DEFAULT-VALUE}).")
    long timeoutMs;

    @Option(names = "--timeline", paramLabel = "DIR",
            description = "Write each violation, minimized, as an HTML timeline DIR/<file>.html.")
    Path timelineDir;

    @picocli.CommandLine.Mixin
    ReportOption report;

    @picocli.CommandLine.Mixin
    NoSeedOption noSeed;

    @Option(names = "--repeat", defaultValue = "1",
            description = "Check everything N times in this JVM (JIT warm-up); checkNanos is the first pass, passCheckNanos each pass's total.")
    int repeat;

    /** Files of a folder that were skipped as not histories: {file, reason}. */
    private final List<Map<String, Object>> skipped = new ArrayList<>();

    /** @param readNanos reading and parsing the file (reported only) */
    private record Loaded(String file, History history, HistoryFormat format, Model model, long readNanos) {
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (report.wanted() && timelineDir == null) {
            timelineDir = report.dir.resolve("timelines");
        }
        path = paths.getFirst();
        if (modelName.startsWith("txn-")) {
            if (paths.size() > 1) {
                return error("transactional histories are one file or one folder; got " + paths.size() + " paths");
            }
            return TxnCheck.run(this, out);
        }
        if (anomalies != null || !wfrKeys || sequentialKeys || linearizableKeys || transactionOrder != null) {
            return error("--anomalies, --wfr-keys, --sequential-keys, --linearizable-keys and --transaction-order apply to"
                    + " transactional histories (--model txn-list-append or txn-rw-register)");
        }
        try {
            model = new ModelName().convert(modelName);
        } catch (TypeConversionException e) {
            return error("--model: " + e.getMessage().replace("(valid: auto, ", "(valid: auto, txn-list-append, txn-rw-register, "));
        }
        if (!nilReads.equals("value") && !nilReads.equals("unknown")) {
            return error("--nil-reads: unknown '" + nilReads + "' (valid: value, unknown)");
        }
        if (model != null && nilReads.equals("unknown")) {
            model = model.nilReadsUnknown();
        }
        if (initialText != null) {
            try {
                initial = EdnFormat.value(initialText);
            } catch (IllegalArgumentException e) {
                return error("--initial: " + e.getMessage());
            }
            if (model != null) {
                model = model.initially(initial);
            }
        }
        if (timeoutMs <= 0 || repeat < 1) {
            return error("--timeout-ms and --repeat must be positive");
        }
        List<Source> sources = new ArrayList<>();
        for (Path p : paths) {
            Integer failed = list(p, paths.size() > 1, sources);
            if (failed != null) {
                return failed;
            }
        }
        // Read on every core; outcomes are taken in file order, so the output and the first error are as if sequential.
        Outcome[] outcomes = new Outcome[sources.size()];
        java.util.stream.IntStream.range(0, outcomes.length).parallel().forEach(i -> outcomes[i] = read(sources.get(i)));
        List<Loaded> loaded = new ArrayList<>();
        for (int i = 0; i < outcomes.length; i++) {
            Outcome o = outcomes[i];
            if (o.error() != null) {
                return error(o.error());
            }
            if (o.skip() != null) {
                skip(sources.get(i).name(), o.skip());
            } else {
                loaded.add(o.loaded());
            }
        }
        if (loaded.isEmpty()) {
            return error("no history in " + paths.stream().map(Path::toString).collect(java.util.stream.Collectors.joining(", ")));
        }
        CheckOptions options = CheckOptions.defaults().withCrashes(crashes).withTimeoutNanos(timeoutMs * 1_000_000L);
        List<Map<String, Object>> rows = new ArrayList<>();
        List<Long> passNanos = new ArrayList<>();
        int[] counts = new int[Verdict.values().length];
        long[] bestNanos = new long[loaded.size()];
        java.util.Arrays.fill(bestNanos, Long.MAX_VALUE);
        for (int pass = 0; pass < repeat; pass++) {
            long total = 0;
            // One pass checks on every core (files are independent); repeated passes, which measure, one file at a time.
            Object[] results = new Object[loaded.size()];
            java.util.stream.IntStream indices = java.util.stream.IntStream.range(0, results.length);
            (repeat == 1 ? indices.parallel() : indices).forEach(i -> {
                try {
                    results[i] = LinearizabilityChecker.check(loaded.get(i).history(), loaded.get(i).model(), options);
                } catch (IllegalArgumentException e) {
                    results[i] = e;
                }
            });
            for (int i = 0; i < loaded.size(); i++) {
                Loaded l = loaded.get(i);
                if (results[i] instanceof ModelMismatchException e) {
                    int line = l.history().line(e.operation().callIndex());
                    return error(l.file() + (line > 0 ? ":" + line : "") + ": " + e.getMessage());
                } else if (results[i] instanceof IllegalArgumentException e) {
                    return error(l.file() + ": " + e.getMessage());
                }
                CheckResult r = (CheckResult) results[i];
                total += r.checkNanos();
                bestNanos[i] = Math.min(bestNanos[i], r.checkNanos());
                if (pass == 0) {
                    counts[r.verdict().ordinal()]++;
                    Map<String, Object> row;
                    try {
                        row = row(l, r, options);
                    } catch (IOException e) {
                        return error("cannot write the timeline: " + e.getMessage());
                    }
                    rows.add(row);
                    if (!json) {
                        printRow(out, row);
                    }
                }
            }
            passNanos.add(total);
        }
        long coldNanos = passNanos.getFirst();
        if (repeat > 1) {
            for (int i = 0; i < rows.size(); i++) {
                rows.get(i).put("bestCheckNanos", bestNanos[i]);
            }
        }
        if (json || report.wanted()) {
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("command", "lin check");
            doc.put("crashes", crashes.cliName());
            doc.put("results", rows);
            doc.put("skipped", skipped);
            doc.put("linearizable", counts[Verdict.LINEARIZABLE.ordinal()]);
            doc.put("notLinearizable", counts[Verdict.NOT_LINEARIZABLE.ordinal()]);
            doc.put("unknown", counts[Verdict.UNKNOWN.ordinal()]);
            doc.put("totalCheckNanos", coldNanos);
            doc.put("totalReadNanos", loaded.stream().mapToLong(Loaded::readNanos).sum());
            doc.put("passCheckNanos", passNanos);
            if (json) {
                out.println(Json.write(doc));
            }
            if (report.wanted()) { // the report's copy also has each timed history's latency and rate over time
                Map<String, Object> withPlots = new LinkedHashMap<>(doc);
                List<Map<String, Object>> plotted = new ArrayList<>();
                for (int i = 0; i < rows.size(); i++) {
                    Map<String, Object> row = new LinkedHashMap<>(rows.get(i));
                    Map<String, Object> series = io.rdasuite.cli.report.HistoryPlots.of(loaded.get(i).history());
                    if (series != null) {
                        row.put("overTime", series);
                    }
                    plotted.add(row);
                }
                withPlots.put("results", plotted);
                report.write(spec, withPlots);
            }
        }
        if (!json) {
            out.printf("%d histories: %d linearizable, %d not, %d unknown; checking time %.3f s (parsing excluded; reading and"
                    + " parsing %.3f s)%s%n", rows.size(), counts[0], counts[1], counts[2], coldNanos / 1e9,
                    loaded.stream().mapToLong(Loaded::readNanos).sum() / 1e9,
                    repeat > 1 ? String.format(", best of %d passes %.3f s", repeat,
                            passNanos.stream().mapToLong(Long::longValue).min().orElseThrow() / 1e9) : "");
        }
        out.flush();
        return counts[Verdict.NOT_LINEARIZABLE.ordinal()] > 0 ? 1 : counts[Verdict.UNKNOWN.ordinal()] > 0 ? 3 : 0;
    }

    private Map<String, Object> row(Loaded l, CheckResult r, CheckOptions options) throws IOException {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("file", l.file());
        row.put("verdict", r.verdict().name());
        row.put("checkNanos", r.checkNanos());
        row.put("readNanos", l.readNanos());
        row.put("format", l.format().cliName());
        row.put("model", l.model().name());
        row.put("operations", r.operations());
        row.put("keys", r.keys());
        if (r.reason() != null) {
            row.put("reason", r.reason());
        }
        Violation v = r.violation();
        if (v != null) {
            row.put("key", v.key() == null ? null : Values.render(v.key()));
            row.put("linearizedPrefix", v.linearized().size());
            row.put("blocking", v.blocking() == null ? null : v.blocking().describe());
            if (timelineDir != null) {
                Minimizer.Minimized m = Minimizer.minimize(v, l.model(), options, Math.min(10_000_000_000L, options.timeoutNanos()));
                Path page = timelineDir.resolve(pageName(l.file())); // inside DIR whatever the history's path (an absolute one once wrote beside it)
                Files.createDirectories(timelineDir);
                String title = l.file() + (v.key() == null ? "" : " (key " + Values.render(v.key()) + ")") + ", minimized";
                Files.writeString(page, HtmlTimeline.render(title, m.violation()), StandardCharsets.UTF_8);
                row.put("minimizedOperations", m.violation().operations().size());
                row.put("timeline", page.toString());
            }
        }
        return row;
    }

    private static void printRow(PrintWriter out, Map<String, Object> row) {
        out.printf("%-24s %-16s %9.3f ms  %d ops, %d keys", row.get("file"), row.get("verdict"),
                (Long) row.get("checkNanos") / 1e6, row.get("operations"), row.get("keys"));
        if (row.containsKey("blocking")) {
            out.printf("; %safter %s ops, %s cannot be linearized", row.get("key") == null ? "" : "key " + row.get("key") + ": ",
                    row.get("linearizedPrefix"), row.get("blocking"));
        }
        if (row.containsKey("reason")) {
            out.print("; " + row.get("reason"));
        }
        if (row.containsKey("timeline")) {
            out.printf("; minimized to %s ops: %s", row.get("minimizedOperations"), row.get("timeline"));
        }
        out.println();
    }

    /** A file to read: its path, the name it is shown by, and whether it was found in a folder (then it may be skipped). */
    private record Source(Path file, String name, boolean inFolder) {
    }

    /** What reading one file gave: a history, a reason to skip it, or an error (exit 2). */
    private record Outcome(Loaded loaded, String skip, String error) {
    }

    /**
     * Lists the files at {@code p} (a file, a folder, or - for stdin) into {@code sources}; returns an exit code on
     * bad input, else null. With {@code qualified}, histories are named by their path, else by their file name.
     */
    private Integer list(Path p, boolean qualified, List<Source> sources) {
        boolean stdin = p.toString().equals("-");
        if (!stdin && !Files.exists(p)) {
            return error("no such file or folder: " + p);
        }
        List<Path> files;
        try {
            files = stdin ? List.of(p) : files(p);
        } catch (IOException e) {
            return error("cannot list " + p + ": " + e.getMessage());
        }
        boolean folder = !stdin && Files.isDirectory(p);
        for (Path f : files) {
            sources.add(new Source(f, stdin ? "stdin" : qualified ? f.toString() : f.getFileName().toString(), folder));
        }
        return null;
    }

    /** Reads and parses one file (thread-safe: several are read at once). */
    private Outcome read(Source s) {
        long started = System.nanoTime(); // reported only, as readNanos
        String name = s.name();
        String text;
        try {
            text = name.equals("stdin") && s.file().toString().equals("-") ? new String(System.in.readAllBytes(), StandardCharsets.UTF_8)
                    : Files.readString(s.file(), StandardCharsets.UTF_8);
        } catch (java.nio.charset.MalformedInputException e) {
            return s.inFolder() ? new Outcome(null, "not a history (not UTF-8 text)", null)
                    : new Outcome(null, null, name + " is not a history: it is not UTF-8 text");
        } catch (IOException e) {
            return new Outcome(null, null, "cannot read " + name + ": " + e.getMessage());
        }
        if (text.isBlank()) {
            return new Outcome(null, null, name + " is empty: expected a history with at least one operation");
        }
        if (s.inFolder() && !HistoryFormat.looksLikeHistory(text)) {
            return new Outcome(null, "not a history (no invoke or ok event)", null);
        }
        try {
            HistoryFormat concrete = format.resolve(name, text);
            History h = concrete.read(text, name);
            if (h.operations().isEmpty()) {
                return new Outcome(null, null, name + " holds no operations: expected at least one invoke or completion of a client process");
            }
            return new Outcome(new Loaded(name, h, concrete, model != null ? model : autoModel(name, concrete, h),
                    System.nanoTime() - started), null, null);
        } catch (HistoryParseException e) {
            return new Outcome(null, null, e.getMessage());
        } catch (IOException e) {
            return new Outcome(null, null, "cannot read " + name + ": " + e.getMessage());
        }
    }

    private static List<Path> files(Path p) throws IOException {
        if (Files.isDirectory(p)) {
            try (Stream<Path> s = Files.list(p)) {
                return s.filter(Files::isRegularFile).sorted().toList();
            }
        }
        return List.of(p);
    }

    /** The model auto picks for this history (see --model); transactions of another shape are bad input. */
    private Model autoModel(String name, HistoryFormat f, History h) {
        Model m = autoModel(f, h);
        if (m == Models.MULTI_REGISTER) {
            for (io.rdasuite.linearizability.history.Operation op : h.operations()) {
                if (op.f() == Fn.TXN && op.value() instanceof List<?> mops && mops.stream().anyMatch(x -> x instanceof List<?> l
                        && !l.isEmpty() && !List.of(":read", "read", ":write", "write").contains(l.getFirst()))) {
                    int line = h.line(op.callIndex());
                    throw new HistoryParseException(name, line, "a transaction " + Values.render(op.value()) + " of micro-operations"
                            + " other than :read and :write: check it with --model txn-list-append or txn-rw-register", null);
                }
            }
        }
        m = nilReads.equals("unknown") ? m.nilReadsUnknown() : m;
        return initial == null ? m : m.initially(initial);
    }

    /** By the first operation's function (a line of another model is then reported as such), and by keys. */
    private static Model autoModel(HistoryFormat f, History h) {
        Fn first = h.operations().getFirst().f();
        if (first == Fn.TXN) {
            return Models.MULTI_REGISTER;
        }
        if (first == Fn.ACQUIRE || first == Fn.RELEASE) {
            return Models.MUTEX;
        }
        if (f != HistoryFormat.JEPSEN_LOG && h.operations().stream().anyMatch(o -> o.key() != null)) {
            boolean appendsStrings = h.operations().stream().anyMatch(o -> o.f() == Fn.APPEND
                    && o.value() instanceof String);
            return appendsStrings ? Models.KV_STRING : Models.KV;
        }
        return Models.CAS_REGISTER;
    }

    private void skip(String name, String reason) {
        skipped.add(new LinkedHashMap<>(Map.of("file", name, "reason", reason)));
        warn("skipping " + name + ": " + reason);
    }

    private void warn(String message) {
        spec.commandLine().getErr().println("rda lin check: warning: " + message);
        spec.commandLine().getErr().flush();
    }

    /** Timeline pages written by this run, so that two histories of one name in different folders get two pages. */
    private final java.util.Set<String> pages = new java.util.HashSet<>();

    /** The timeline page of {@code file}: its file name, with -2, -3, ... when an earlier history of this run had it. */
    private synchronized String pageName(String file) {
        Path name = Path.of(file).getFileName();
        String base = name == null ? "history" : name.toString();
        String page = base + ".html";
        for (int k = 2; !pages.add(page); k++) {
            page = base + "-" + k + ".html";
        }
        return page;
    }

    int error(String message) {
        return Errors.fail(spec, json, Errors.EXIT_USAGE, message);
    }

    /** A model name, or auto (null). */
    static final class ModelName implements ITypeConverter<Model> {
        @Override
        public Model convert(String value) {
            if (value.equalsIgnoreCase("auto")) {
                return null;
            }
            try {
                return Models.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage().replace("(valid: ", "(valid: auto, "));
            }
        }
    }

    static final class FormatName implements ITypeConverter<HistoryFormat> {
        @Override
        public HistoryFormat convert(String value) {
            try {
                return HistoryFormat.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    static final class CrashesName implements ITypeConverter<CrashSemantics> {
        @Override
        public CrashSemantics convert(String value) {
            try {
                return CrashSemantics.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}
