package io.rdasuite.cli;

import io.rdasuite.crashsim.nessie.NessieFaultCase;
import io.rdasuite.crashsim.nessie.NessieFaultPrograms;
import io.rdasuite.crashsim.nessie.NessieFaultSearch;
import io.rdasuite.store.fabric.Transport;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code rda check}'s Nessie cells (paper 004 §4.2, §4.3.1; issue 27, deliverable 5): the client kill/stall search of
 * {@link NessieFaultSearch} on the {@code patterns}, {@code contended} and {@code migrations} programs, one cell per transport. Nessie's
 * tables are DRAM and no node loses power, so the persistence domain does not enter: one configuration
 * ({@link NessieFaultPrograms#SERVER}) per transport is the whole space. Each cell searches the simulator's anchor seed 1
 * and the campaign's seed, so that a verdict does not hang on the seed; {@code --plant nessie-...} plants into it.
 */
final class NessieCells {
    private NessieCells() {
    }

    /** The transports this shard and the filters take (none when {@code --config} leaves out Nessie's one configuration). */
    static List<Transport> select(CellOptions options) {
        List<Transport> cells = new ArrayList<>();
        if ((options.configs != null && !options.configs.contains(NessieFaultPrograms.SERVER))) {
            return cells;
        }
        int index = 0;
        for (Transport t : Transport.values()) {
            int i = index++;
            if (options.shard.takes(i) && (options.transports == null || options.transports.contains(t))) {
                cells.add(t);
            }
        }
        return cells;
    }

    /** Steps faulted per victim operation at {@code --budget} b: 3·b, at least 2. */
    static int steps(double budget) {
        return Math.max(2, (int) Math.round(3 * budget));
    }

    /** Searches one transport; the report row. */
    static NessieRow explore(Transport transport, long seed, double budget) {
        List<NessieFaultSearch.Report> reports = new ArrayList<>();
        for (long s : seed == 1 ? List.of(1L) : List.of(1L, seed)) {
            for (NessieFaultCase c : List.of(NessieFaultPrograms.patterns(transport, s), NessieFaultPrograms.contended(transport, s),
                    NessieFaultPrograms.migrations(transport, s))) {
                reports.add(NessieFaultSearch.search(c, java.util.Arrays.asList(io.rdasuite.crashsim.nessie.NessieFault.values()), steps(budget), seed));
            }
        }
        NessieFaultSearch.Report r = NessieFaultSearch.combine(reports);
        return new NessieRow(io.rdasuite.crashsim.nessie.NessieHistorySubject.NAME, NessieFaultPrograms.SERVER.name(), transport.name(), r.runs(),
                r.runs(), r.stuckKeyRuns(), r.abaRollbacks(), r.failingRuns(), r.passed() ? "PASS" : "FAIL",
                r.failures().stream().map(NessieFaultSearch.Failure::describe).toList());
    }
}
