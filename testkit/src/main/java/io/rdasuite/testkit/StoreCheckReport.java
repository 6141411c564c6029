package io.rdasuite.testkit;

import io.rdasuite.crashsim.Op;
import io.rdasuite.crashsim.Program;
import io.rdasuite.crashsim.Violation;
import io.rdasuite.crashsim.fuzz.FuzzExplorer;
import io.rdasuite.store.protocol.KvProtocol;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * What {@link StoreCheck#run} found: per cell the crash states checked, the claimed properties that failed and the
 * unclaimed ones that did (findings); the fuzzer's runs; and each failure, shrunk, with its replay line.
 *
 * @param protocol    the store's name
 * @param cells       the explored cells, in the order explored
 * @param fuzzRuns    fuzz runs done
 * @param fuzzStates  crash states the fuzzer checked
 * @param failures    every claimed property that failed: the first of each cell and invariant, and the fuzzer's
 */
public record StoreCheckReport(String protocol, List<Cell> cells, long fuzzRuns, long fuzzStates, List<Failure> failures) {
    /**
     * One explored cell.
     *
     * @param config      the server configuration's name
     * @param transport   the transport's name
     * @param crashStates post-crash images checked
     * @param failed      claimed properties that failed
     * @param findings    unclaimed properties that failed (what the store does not promise; never a failure)
     */
    public record Cell(String config, String transport, long crashStates, List<String> failed, List<String> findings) {
    }

    /**
     * A claimed property that failed.
     *
     * @param where     the cell ({@code config/transport}) or the fuzz run
     * @param invariant the property's name (DURABILITY, RDA, MONOTONIC_READS, CONSISTENT_VERSION, LINEARIZABILITY ...)
     * @param detail    what was observed
     * @param program   the (shrunk) program, one line per client
     * @param trace     the simulator's trace before the crash
     * @param replay    the command that reproduces it
     */
    public record Failure(String where, String invariant, String detail, List<String> program, List<String> trace, String replay) {
        static Failure of(Class<?> storeClass, String where, Violation v) {
            return new Failure(where, v.invariant().name(), v.detail(), lines(v.scenario().program()), v.trace(), replayLine(storeClass, v.token()));
        }

        static Failure of(KvProtocol protocol, String where, FuzzExplorer.Failure f) {
            return new Failure(where, f.invariant().name(), f.detail(), lines(f.fuzzCase().program()), f.trace(),
                    replayLine(protocol.getClass(), StoreCheck.token(f)));
        }

        /** The token in {@link #replay}, for {@link StoreCheck#replay}. */
        public String token() {
            return replay.substring(replay.lastIndexOf(' ') + 1);
        }
    }

    /** Whether every claimed property held in every cell and fuzz run. */
    public boolean passed() {
        return failures.isEmpty();
    }

    /** Crash states checked by the exploration and the fuzzer together. */
    public long crashStates() {
        return cells.stream().mapToLong(Cell::crashStates).sum() + fuzzStates;
    }

    /** One line: the store, what was checked, the verdict. */
    public String summary() {
        return protocol + ": " + cells.size() + " cells, " + fuzzRuns + " fuzz runs, " + crashStates() + " crash states; "
                + (passed() ? "every claimed property held" : failures.size() + " claimed propert" + (failures.size() == 1 ? "y" : "ies") + " failed");
    }

    /** The summary, then each failure: its property, where, what was seen, the shrunk program, the trace's last lines and the replay line. */
    public String describe() {
        StringBuilder b = new StringBuilder(summary());
        for (Failure f : failures) {
            b.append("\n\n").append(f.invariant()).append(" failed (").append(f.where()).append("): ").append(f.detail());
            if (!f.program().isEmpty()) {
                b.append("\n  program:");
                f.program().forEach(line -> b.append("\n    ").append(line));
            }
            if (!f.trace().isEmpty()) {
                b.append("\n  trace before the crash (last ").append(Math.min(12, f.trace().size())).append(" of ").append(f.trace().size()).append(" lines):");
                f.trace().subList(Math.max(0, f.trace().size() - 12), f.trace().size()).forEach(line -> b.append("\n    ").append(line));
            }
            if (!f.replay().isEmpty()) {
                b.append("\n  replay: ").append(f.replay());
            }
        }
        return b.toString();
    }

    private static List<String> lines(Program program) {
        List<List<Op>> clients = program.clients();
        return java.util.stream.IntStream.range(0, clients.size()).mapToObj(c -> "client " + c + ": "
                + String.join(", ", clients.get(c).stream().map(StoreCheckReport::describe).toList())).toList();
    }

    private static String describe(Op op) {
        return op.kind().name().toLowerCase(Locale.ROOT) + " k" + op.key() + (op.kind() == Op.Kind.PUT ? "=" + op.value() : "");
    }

    /** {@code rda replay}, with the store's classes on its class path (where its protocol's or subject's class was loaded from). */
    private static String replayLine(Class<?> storeClass, String token) {
        String where;
        try {
            var source = storeClass.getProtectionDomain().getCodeSource();
            if (source.getLocation().equals(KvProtocol.class.getProtectionDomain().getCodeSource().getLocation())
                    || source.getLocation().equals(io.rdasuite.crashsim.Subject.class.getProtectionDomain().getCodeSource().getLocation())) {
                return "rda replay " + token; // a shipped store: rda has it
            }
            Path p = Path.of(source.getLocation().toURI());
            Path cwd = Path.of("").toAbsolutePath();
            where = p.startsWith(cwd) ? cwd.relativize(p).toString() : p.toString();
        } catch (Exception | Error e) {
            where = null; // no code source (a JDK class, a generated one): the shipped CLI finds only its own stores then
        }
        return "rda replay " + (where == null || where.isEmpty() ? "" : "--classpath " + where + " ") + token;
    }
}
