package io.rdasuite.cli;

import io.rdasuite.crashsim.Budget;
import io.rdasuite.crashsim.Explorer;
import io.rdasuite.crashsim.Invariant;
import io.rdasuite.crashsim.Op;
import io.rdasuite.crashsim.Program;
import io.rdasuite.crashsim.Scenario;
import io.rdasuite.crashsim.Shrinker;
import io.rdasuite.crashsim.Violation;
import io.rdasuite.crashsim.cluster.CrashTarget;
import io.rdasuite.crashsim.thdpms.PdsmSubject;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.thdpms.ThdpmsPlantedBug;
import io.rdasuite.store.thdpms.kvs.PdkvsPlantedBug;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * {@code rda check}'s cluster cells (paper 002 §4.1, TH-DPMS's pDSM): the object store of three PM servers, a
 * monitor and two clients, explored under three crash targets — every server loses power at once; server 0 alone
 * (the primary of a segment: its clients fail over to the backup); server 1 alone (a backup: crash points fall in
 * the middle of its mirroring too) — in every configuration and transport. pDSM claims every property, so every
 * failure is a violation; the first of each invariant is shrunk and carries the claim it breaks, its smallest program,
 * where the crash fell in pDSM's (or pDKVS's) steps, the trace and a history timeline; the history checker judges
 * durable linearizability across the failover.
 */
final class ClusterCells {
    /** How long the stalled put of {@link #PROGRAM} holds its commit between the swing's stores and their persist. */
    static final long STALL_NS = 20_000;
    /**
     * The object store's program where every server loses power: puts, an overwrite, reads and a delete of two objects by
     * two clients, then reads. The trailing reads put crash points after the last commits: an acknowledged pointer swing
     * must already be persistent there (§4.1.5), and one left unflushed until the server's next commit stays so to the end.
     * The overwrite's commit stalls {@link #STALL_NS} between the swing's stores and their persist while the other
     * client reads that object again and again: a swing a one-sided get_obj can see before it is durable (§4.1.8) is
     * seen inside that window, and the explorer aims crash points right after such a read.
     */
    static final Program PROGRAM = new Program(List.of(
            List.of(Op.put(1, 1), Op.put(2, 2), Op.stalledPut(1, 3, STALL_NS), Op.get(2), Op.get(1), Op.get(2), Op.get(1)),
            List.of(Op.get(1), Op.put(2, 4), Op.get(1), Op.get(1), Op.get(1), Op.get(1), Op.get(1), Op.get(1), Op.get(1), Op.get(1), Op.get(1), Op.get(1), Op.delete(1), Op.get(2), Op.get(1), Op.get(2))));
    /**
     * The object store's program where one server fails (paper 002 §4.1.3): more puts, over more objects, than
     * {@link #PROGRAM}, so that clients still write after the failover is over: a put whose client still holds the old
     * mapping then reaches a primary that knows the new epoch, and its segment's remapped backup (§4.1.3: "remapped to
     * the new places") is missing that put's pages unless the primary refuses the stale request. The in-run replica
     * check (every backup holds what its primary holds) sees the difference.
     */
    static final Program FAILOVER_PROGRAM = new Program(List.of(
            List.of(Op.put(1, 1), Op.put(2, 2), Op.put(3, 3), Op.put(4, 4), Op.put(1, 5), Op.put(2, 6), Op.put(3, 7), Op.put(4, 8)),
            List.of(Op.get(1), Op.put(5, 4), Op.get(2), Op.put(6, 9), Op.put(5, 10), Op.put(6, 11))));
    /** Per cell at {@code --budget 1}: a cluster's crash state costs a whole cluster run. */
    static final Budget BASE_BUDGET = new Budget(40, 4, 1);
    static final List<CrashTarget> TARGETS = List.of(CrashTarget.ALL_SERVERS, CrashTarget.server(0), CrashTarget.server(1));
    static final List<Invariant> INVARIANTS = Stream.concat(Stream.of(Invariant.RDA, Invariant.DURABILITY, Invariant.MONOTONIC_READS,
            Invariant.CONSISTENT_VERSION, Invariant.STRUCTURE), Explorer.historyInvariants().stream()).toList();

    /** pDKVS's program: eight keys put over three virtual nodes of two-slot CCEH segments (splits, doublings), reads, a delete. */
    static final Program PDKVS_PROGRAM = new Program(List.of(
            List.of(Op.put(1, 1), Op.put(2, 2), Op.put(3, 3), Op.put(4, 4), Op.get(2), Op.put(1, 5)),
            List.of(Op.put(5, 6), Op.put(6, 7), Op.put(7, 8), Op.put(8, 9), Op.get(1), Op.delete(3))));

    /**
     * Which TH-DPMS store a cell explores. {@code PDSM_SECOND_FAILURE}: pDSM's object store where server 0 fails, its
     * segments are re-replicated, and the primary of the last re-replicated segment fails too ({@code pdsm/second-failure},
     * paper 002 §4.1.7), in every configuration over IB (one target: the second failure is placed by the protocol).
     */
    enum Store { PDSM, PDKVS, PDSM_SECOND_FAILURE }

    record Cell(ServerConfig config, Transport transport, CrashTarget target, Store store) {
        Cell(ServerConfig config, Transport transport, CrashTarget target) {
            this(config, transport, target, Store.PDSM);
        }
    }

    private ClusterCells() {
    }

    /** Every configuration × transport × target of {@code store} that this shard and the filters take. */
    static List<Cell> select(CellOptions options, Store store) {
        List<Cell> cells = new ArrayList<>();
        int index = 0;
        boolean second = store == Store.PDSM_SECOND_FAILURE;
        for (ServerConfig c : ServerConfig.all()) {
            for (Transport t : second ? List.of(Transport.IB) : List.of(Transport.values())) {
                for (CrashTarget target : second ? List.of(CrashTarget.server(0)) : TARGETS) {
                    int i = index++;
                    if (options.shard.takes(i) && (options.configs == null || options.configs.contains(c))
                            && (options.transports == null || options.transports.contains(t))) {
                        cells.add(new Cell(c, t, target, store));
                    }
                }
            }
        }
        return cells;
    }

    /** Explores one cell with {@code plant} switched on where it is this cell's store's (none elsewhere); the report row. */
    static PdsmRow explore(Cell cell, long seed, double budgetFactor, Plant plant) {
        return explore(cell, seed, budgetFactor, PlantOption.within(ThdpmsPlantedBug.class, plant), PlantOption.within(PdkvsPlantedBug.class, plant));
    }

    /** Explores one cell: pDSM's with {@code pdsm} switched on, pDKVS's with {@code pdkvs}; the report row. */
    static PdsmRow explore(Cell cell, long seed, double budgetFactor, Plant pdsm, Plant pdkvs) {
        io.rdasuite.crashsim.Subject subject = cell.store() == Store.PDKVS
                ? new io.rdasuite.crashsim.thdpms.PdkvsSubject(pdkvs) : new PdsmSubject(pdsm, cell.store() == Store.PDSM_SECOND_FAILURE);
        Program program = cell.store() == Store.PDKVS ? PDKVS_PROGRAM : cell.target().equals(CrashTarget.ALL_SERVERS) ? PROGRAM : FAILOVER_PROGRAM;
        Budget budget = BASE_BUDGET.scaled(budgetFactor);
        Explorer.Report r = Explorer.explore(subject, new Scenario(subject.name(), cell.config(), cell.transport(), seed, program, cell.target()), budget);
        Map<String, String> properties = new LinkedHashMap<>();
        for (Invariant i : INVARIANTS) {
            long failing = r.statesByInvariant().getOrDefault(i, 0L);
            properties.put(i.name(), failing == 0 ? "PASS" : "FAIL");
        }
        List<PdsmRow.Example> examples = new ArrayList<>();
        java.util.TreeSet<Invariant> shrunk = new java.util.TreeSet<>();
        for (Violation v : r.violations()) {
            examples.add(example(subject, v, shrunk.add(v.invariant()), budget));
        }
        return new PdsmRow(subject.name(), cell.config().name(), cell.transport().name(), cell.target().spec(), r.crashPoints(), r.crashStates(),
                properties, r.passed() ? "PASS" : "FAIL", examples);
    }

    /**
     * A violation as its row shows it; the {@code first} of its invariant is shrunk and re-run with its trace: where the
     * crash fell, and the history around it.
     */
    private static PdsmRow.Example example(io.rdasuite.crashsim.Subject subject, Violation v, boolean first, Budget budget) {
        Violation example = first ? Shrinker.shrink(subject, v, budget) : v;
        Program p = example.scenario().program();
        return new PdsmRow.Example(example.invariant().name(), example.invariant().claimText(), example.detail(), first, p.size(),
                p.clients().size(), p.clients().stream().map(ops -> ops.stream().map(StoreCells::describe).toList()).toList(), example.crashEvent(),
                first ? example.crashPoint() : null, first ? example.trace() : null,
                first ? CheckReport.findingTimeline(example.token(), example.invariant() + " - " + example.detail()) : null, example.replayCommand());
    }
}
