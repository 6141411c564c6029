package io.rdasuite.cli;

import io.rdasuite.crashsim.Budget;
import io.rdasuite.crashsim.Explorer;
import io.rdasuite.crashsim.Invariant;
import io.rdasuite.crashsim.Op;
import io.rdasuite.crashsim.Program;
import io.rdasuite.crashsim.Scenario;
import io.rdasuite.crashsim.Shrinker;
import io.rdasuite.crashsim.Violation;
import io.rdasuite.crashsim.pinned.AnchoredExploration;
import io.rdasuite.crashsim.pinned.PinnedFindings;
import io.rdasuite.crashsim.subjects.KvSubject;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.protocol.KvProtocol;
import io.rdasuite.store.protocol.KvProtocols;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The key-value part of {@code rda check}: every recoverable store × configuration × transport, explored under power
 * failures on one program; each claimed property PASS/FAIL, each unclaimed one a finding. The findings of the cell's
 * seed-independent anchor ({@link AnchoredExploration}) are compared with the pinned ones; those only the seed's search
 * reached are listed as {@code seedFindings} and never change the verdict. Every failing claim, every finding the pin does not expect and every finding the text report
 * shows is shrunk, with its trace and replay line.
 */
final class StoreCells {
    /** The properties reported per store: the explorer's, then the history checks' (durable linearizability). */
    static final List<Invariant> INVARIANTS = Stream.concat(Stream.of(Invariant.RDA, Invariant.DURABILITY, Invariant.MONOTONIC_READS,
            Invariant.CONSISTENT_VERSION),
            Explorer.historyInvariants().stream()).toList();

    /** The cell whose expected findings the text report shows as examples (shrunk). */
    static final String SHOWN_CONFIG = "DMP+DDIO+DRAM-RQWRB";

    /** {@link #CLEANING_PROGRAM}: a put reserved before the cleaner's first switch and written inside its 50 µs quiet period. */
    static final long ACROSS_SWITCH_NS = 45_000;
    /** {@link #CLEANING_PROGRAM}: a put allocated during eFactory's compression and written after its merge switch's quiet period. */
    static final long ACROSS_MERGE_NS = 120_000;

    /**
     * Three clients racing on two keys: puts, overwrites and reads before the crash. Key 1 has three writers at once,
     * so a crash can leave several pending records of one key (two clients left at most one, and hid the bugs that
     * need two: a recovery that picks the wrong one, a version list cut short).
     */
    static final Program PROGRAM = new Program(List.of(
            List.of(Op.put(1, 1), Op.put(1, 2), Op.get(1), Op.put(2, 1), Op.get(2)),
            List.of(Op.get(1), Op.put(1, 3), Op.get(2), Op.put(2, 2)),
            List.of(Op.put(1, 4), Op.get(1), Op.put(2, 3), Op.put(1, 5))));

    /**
     * The program of the cells whose store cleans its log ({@code erda-cleaning}, {@code efactory-cleaning}; the
     * cleaner starts {@link io.rdasuite.store.protocol.KvProtocol#CLEANER_START_NS} into the run). Keys 1 and 2 keep
     * {@link #PROGRAM}'s three writers. Key 3 has one writer, client 0, whose puts keep a writer in flight across each
     * cleaning switch: {@code P3:2} stalls {@value #ACROSS_SWITCH_NS} ns between its reservation and its data write, so
     * that it is reserved before the cleaner switches halves (Erda, paper 000 §4.4) or starts compressing (eFactory,
     * paper 001 §4.4) and written inside the cleaner's quiet period; {@code P3:3} stalls {@value #ACROSS_MERGE_NS} ns, so
     * that it is allocated in eFactory's old pool during compression and written after the merge stage's quiet period,
     * shorter than eFactory's 200 µs writer timeout (§4.3.2). Each is followed by a read of key 3 by the same client: a
     * cleaner that does not wait for the writer returns the older version to a read that follows the acknowledged put.
     * The stalls are the client's own (virtual time, from the program), so the timing is the same on every seed.
     * Key 3's two sequential puts before the cleaner also make cleaning choose between two versions (paper 000 §4.4,
     * the reverse scan keeps the first version it meets; paper 001 §4.4, compress moves the newest).
     */
    static final Program CLEANING_PROGRAM = new Program(List.of(
            List.of(Op.put(3, 1), Op.stalledPut(3, 2, ACROSS_SWITCH_NS), Op.get(3), Op.stalledPut(3, 3, ACROSS_MERGE_NS), Op.get(3),
                    Op.put(1, 1), Op.put(2, 1), Op.get(1)),
            List.of(Op.get(1), Op.put(1, 3), Op.put(2, 2), Op.get(3), Op.get(2)),
            List.of(Op.put(1, 4), Op.get(1), Op.put(2, 3), Op.put(1, 5), Op.get(2))));

    /** The program {@code rda check} explores a store's cells with. */
    static Program programOf(KvSubject subject) {
        return subject.cleans() ? CLEANING_PROGRAM : PROGRAM;
    }

    /** One store cell to explore; {@code index} is stable across shards. */
    record Cell(int index, KvProtocol protocol, ServerConfig config, Transport transport) {
        String pinKey() {
            return PinnedFindings.cell(KvSubject.PREFIX + "/" + protocol.cliName(), config.name(), transport.name());
        }
    }

    private StoreCells() {
    }

    /**
     * The cells of the selected protocols (all recoverable ones by default) that this shard and the filters take. The
     * twelve configurations of PCIe's strict order are numbered first, as always; their Relaxed Ordering twins
     * ({@code +RO}) follow every protocol's strict cells and are taken only when {@code --config} names them.
     */
    static List<Cell> select(List<KvProtocol> protocols, CellOptions options) {
        List<Cell> cells = new ArrayList<>();
        int index = 0;
        for (boolean relaxed : new boolean[] {false, true}) {
            for (KvProtocol protocol : protocols == null ? KvProtocols.all() : protocols) {
                if (!protocol.recoverable()) {
                    continue; // a protocol without crash recovery has nothing to check here
                }
                for (ServerConfig strict : ServerConfig.all()) {
                    ServerConfig c = strict.withRelaxedOrdering(relaxed);
                    for (Transport t : Transport.values()) {
                        int i = index++;
                        if (options.shard.takes(i) && Cells.takes(options.configs, c)
                                && (options.transports == null || options.transports.contains(t))) {
                            cells.add(new Cell(i, protocol, c, t));
                        }
                    }
                }
            }
        }
        return cells;
    }

    /** Explores one cell; the row also carries the cell's observed findings and how they differ from the pin. */
    static StoreRow explore(Cell cell, long seed, Budget budget, PinnedFindings pinned, boolean searchOnly) {
        KvSubject subject = new KvSubject(cell.protocol());
        Scenario scenario = new Scenario(subject.name(), cell.config(), cell.transport(), seed, programOf(subject));
        AnchoredExploration split = searchOnly ? AnchoredExploration.searchOnly(subject, scenario, CellOptions.BASE_BUDGET, budget)
                : AnchoredExploration.explore(subject, scenario, CellOptions.BASE_BUDGET, budget);
        Explorer.Report r = split.total();
        Map<String, Object> properties = new LinkedHashMap<>();
        TreeSet<String> findings = new TreeSet<>();
        TreeSet<String> seedFindings = new TreeSet<>();
        for (Invariant invariant : INVARIANTS) {
            boolean claimed = Explorer.isClaimed(subject.claims(cell.config()), invariant);
            long failing = r.statesByInvariant().getOrDefault(invariant, 0L);
            properties.put(invariant.name(), claimed ? (failing == 0 ? "PASS" : "FAIL") : (failing == 0 ? "none found" : "finding"));
            if (failing > 0) {
                properties.put(invariant.name() + "States", failing);
                if (!claimed) {
                    (split.anchorFound(invariant) ? findings : seedFindings).add(invariant.name());
                }
            }
        }
        PinnedFindings.Difference difference = searchOnly ? null : pinned.compare(cell.pinKey(), findings);
        PinnedFindings.Pin pin = pinned.pin(cell.pinKey());
        List<StoreRow.Example> examples = new ArrayList<>();
        List<Violation> all = new ArrayList<>(r.violations());
        all.addAll(r.findings());
        TreeSet<Invariant> shrunkInvariants = new TreeSet<>();
        for (Violation v : all) {
            boolean claimed = Explorer.isClaimed(subject.claims(cell.config()), v.invariant());
            // a search-only run has no anchor: its unclaimed findings are all "search only", and shrinking each of them
            // would cost more than the search (a sweep wants verdicts; a full run shows and shrinks them)
            boolean unexpected = !claimed && (split.anchoredRun() && seedFindings.contains(v.invariant().name())
                    || difference != null && !difference.unpinned() && difference.gained().contains(v.invariant().name()));
            boolean shown = split.anchoredRun() && !claimed && cell.config().name().equals(SHOWN_CONFIG) && cell.transport() == Transport.IB;
            Violation example = v;
            long shrinkNanos = 0;
            if ((claimed || unexpected || shown) && shrunkInvariants.add(v.invariant())) {
                long start = System.nanoTime(); // reported only, as wallShrinkMillis; never an input to the run
                example = Shrinker.shrink(subject, v, budget);
                shrinkNanos = System.nanoTime() - start;
            }
            examples.add(example(example, claimed, example != v, example != v ? shrinkNanos / 1_000_000 : null));
        }
        return new StoreRow(cell.index(), cell.protocol().cliName(), cell.config().name(), cell.transport().name(), r.crashPoints(),
                r.crashStates(), properties, List.copyOf(findings), List.copyOf(seedFindings), pin == null ? null : List.copyOf(pin.certain()),
                pin == null ? null : List.copyOf(pin.possible()), PinStatus.of(difference, split.anchoredRun()), r.passed() ? "PASS" : "FAIL",
                examples);
    }

    /** An operation as a report shows it: {@code put k1=2}, {@code get k1}. */
    static String describe(Op op) {
        return op.kind().name().toLowerCase(java.util.Locale.ROOT) + " k" + op.key() + (op.kind() == Op.Kind.PUT ? "=" + op.value() : "");
    }

    private static StoreRow.Example example(Violation v, boolean claimed, boolean shrunk, Long wallShrinkMillis) {
        String timeline = v.invariant().equals(io.rdasuite.linearizability.crash.CrashHistoryCheck.INVARIANT) ? CheckReport.timeline(v.token()) : null;
        return new StoreRow.Example(v.invariant().name(), v.invariant().claimText(), claimed, v.detail(), shrunk,
                shrunk ? v.scenario().program().size() : null, shrunk ? v.scenario().program().clients().size() : null,
                shrunk ? v.scenario().program().clients().stream().map(ops -> ops.stream().map(StoreCells::describe).toList()).toList() : null,
                shrunk ? v.crashEvent() : null, shrunk ? v.trace() : null, shrunk ? v.crashPoint() : null,
                ClasspathOption.replayLine(v.token()), timeline, wallShrinkMillis);
    }
}
