package io.rdasuite.crashsim.nessie;

import io.rdasuite.crashsim.Op;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * Nessie under client crashes and stalls (issue 27, deliverable 5; paper 004 §4.2, §4.3.1): for every operation of the
 * victim client (GET §4.2.1, PUT §4.2.2, the MIGRATEs a PUT runs §4.2.3, DELETE §4.2.4) and every step of it — each
 * dispatched event between its invocation and its completion in the fault-free run, all of them when there are at most
 * {@code stepsPerOp}, else the first, the last and a sample drawn from the seed — the case is run again with the victim
 * killed there, and again with it stalled there for longer than the expiration period, while the other clients go on
 * with their programs (the same keys, and enough PUTs and DELETEs to recycle data-table entries, §4.2.5). Each run is
 * checked by {@link NessieFaultRun}: liveness, RDA, and the history (durably) linearizable with the dead client's
 * operation open. Deterministic for a case and a seed.
 */
public final class NessieFaultSearch {
    /** One failing run: what was done where, and what failed. */
    public record Failure(NessieFaultCase nessieCase, NessieFault fault, int victimOp, long atEvent, String failure) {
        /** One line: the case, the fault and its step, the failed check. */
        public String describe() {
            Op op = nessieCase.program().clients().get(nessieCase.victim()).get(victimOp);
            return nessieCase.name() + ": " + (fault == null ? "no fault" : fault.label() + " client " + nessieCase.victim() + " in its " + op.encode()
                    + " before event " + atEvent) + ": " + failure;
        }
    }

    /**
     * What a search found.
     *
     * @param runs          runs made (the fault-free one included)
     * @param steps         faulted steps (a kill and a stall each count)
     * @param failures      failing runs, the first few (a run with several failed checks gives its first)
     * @param failingRuns   how many runs failed
     * @param stuckKeyRuns  kill runs that left a key to the dead client's invalid DTE (expected: §4.3.1, node failure)
     * @param abaRollbacks  stall runs in which the victim's candidate CAS succeeded after the stall, so that its post-CAS
     *                      timeout check had to undo it (the word it expected had come back: §4.3.1's ABA)
     * @param events        events of the fault-free run
     */
    public record Report(int runs, int steps, List<Failure> failures, int failingRuns, int stuckKeyRuns, int abaRollbacks, long events) {
        public boolean passed() {
            return failingRuns == 0;
        }

        Report plus(Report o) {
            List<Failure> f = new ArrayList<>(failures);
            o.failures.forEach(x -> {
                if (f.size() < KEPT) {
                    f.add(x);
                }
            });
            return new Report(runs + o.runs, steps + o.steps, f, failingRuns + o.failingRuns, stuckKeyRuns + o.stuckKeyRuns,
                    abaRollbacks + o.abaRollbacks, events + o.events);
        }
    }

    private static final int KEPT = 6;

    private NessieFaultSearch() {
    }

    /** Searches {@code c} with both faults. */
    public static Report search(NessieFaultCase c, int stepsPerOp) {
        return search(c, List.of(NessieFault.values()), stepsPerOp, c.seed());
    }

    /**
     * Searches {@code c}: a fault-free run, then each of {@code faults} at the chosen steps of each victim operation;
     * {@code sampleSeed} draws the steps when an operation has more than {@code stepsPerOp} (the case's
     * {@link NessieFaultCase#everyStep} operations are also faulted at every step, with their fault; PAUSE only there).
     */
    public static Report search(NessieFaultCase c, List<NessieFault> faults, int stepsPerOp, long sampleSeed) {
        NessieFaultRun.Outcome dry = NessieFaultRun.run(c, null, -1);
        int runs = 1;
        int steps = 0;
        int failing = 0;
        int stuck = 0;
        int aba = 0;
        List<Failure> failures = new ArrayList<>();
        if (!dry.passed()) {
            failing++;
            failures.add(new Failure(c, null, 0, -1, dry.failures().getFirst()));
        }
        for (int op = 0; op < dry.window().size(); op++) {
            long[] w = dry.window().get(op);
            long end = w[1] >= 0 ? w[1] : dry.events();
            TreeSet<Long> sampled = steps(w[0], end, stepsPerOp, sampleSeed * 1_000_003L + op);
            NessieFault exhaustive = c.everyStep().get(op);
            TreeSet<Long> all = exhaustive == null ? sampled : steps(w[0], end, Integer.MAX_VALUE, 0);
            for (long at : all) {
                for (NessieFault fault : faults) {
                    boolean here = fault == exhaustive || (fault != NessieFault.PAUSE && sampled.contains(at));
                    if (!here) {
                        continue; // the sampled steps take every fault but PAUSE; every step takes the operation's own
                    }
                    NessieFaultRun.Outcome r = NessieFaultRun.run(c, fault, at);
                    runs++;
                    steps++;
                    stuck += r.findings().isEmpty() ? 0 : 1;
                    aba += fault == NessieFault.STALL && r.victimRollbacks() > dry.victimRollbacks() ? 1 : 0;
                    if (!r.passed()) {
                        failing++;
                        if (failures.size() < KEPT) {
                            failures.add(new Failure(c, fault, op, at, r.failures().getFirst()));
                        }
                    }
                }
            }
        }
        return new Report(runs, steps, failures, failing, stuck, aba, dry.events());
    }

    /** Several cases (or seeds) as one report. */
    public static Report combine(List<Report> reports) {
        Report total = new Report(0, 0, List.of(), 0, 0, 0, 0);
        for (Report r : reports) {
            total = total.plus(r);
        }
        return total;
    }

    /** Every event of {@code [from, to]} when there are at most {@code budget}; else the two ends and a seeded sample. */
    static TreeSet<Long> steps(long from, long to, int budget, long seed) {
        TreeSet<Long> s = new TreeSet<>();
        if (to - from + 1 <= budget) {
            for (long e = from; e <= to; e++) {
                s.add(e);
            }
            return s;
        }
        s.add(from);
        s.add(to);
        SplittableRandom random = new SplittableRandom(seed);
        while (s.size() < budget) {
            s.add(from + random.nextLong(to - from + 1));
        }
        return s;
    }
}
