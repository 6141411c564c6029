package io.rdasuite.crashsim.fuzz;

import io.rdasuite.crashsim.Op;
import io.rdasuite.crashsim.Program;
import io.rdasuite.crashsim.Scenario;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.persist.PrimaryOp;
import io.rdasuite.store.persist.UpdateKind;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Draws fuzz cases from one {@link SplittableRandom} (DESIGN §5, Jepsen's generators): the same random stream gives
 * the same case. Key-value programs have 1–{@value #MAX_CLIENTS} clients of 1–{@value #MAX_OPS_PER_CLIENT}
 * operations each on 1–{@value #MAX_KEYS} keys chosen with a Zipf(1) skew (key k with weight 1/(k+1), so
 * overwrites of the hot keys are common): puts, gets and deletes. REMOTELOG gets one client of
 * 1–{@value #MAX_APPENDS} puts (appends); the in-place control puts and gets on up to 4 keys. Every put carries a
 * tag unique in its case (the value's bytes derive from it), below 128 so that tags never alias.
 */
public final class CaseGenerator {
    public static final int MAX_CLIENTS = 8;
    public static final int MAX_KEYS = 16;
    public static final int MAX_OPS_PER_CLIENT = 6;
    public static final int MAX_APPENDS = 6;
    public static final int MAX_AFTER_RECOVERY = 4;
    /** Stalls last 1–50 µs. */
    static final long MAX_STALL_NS = 50_000;
    static final int MAX_HOGS = 8;

    private CaseGenerator() {
    }

    /** A fresh case for {@code target}, on any cell. */
    public static FuzzCase generate(FuzzTarget target, SplittableRandom r) {
        return generate(target, FuzzCells.ALL, r);
    }

    /** A fresh case for {@code target} on one of {@code cells}. */
    public static FuzzCase generate(FuzzTarget target, FuzzCells cells, SplittableRandom r) {
        ServerConfig config = cells.config(r);
        Transport transport = cells.transport(r);
        PrimaryOp op = PrimaryOp.values()[r.nextInt(PrimaryOp.values().length)];
        if (target.inPlace() && op == PrimaryOp.SEND) {
            op = PrimaryOp.WRITE; // the in-place store's values do not fit a responder's receive slot
        }
        UpdateKind update = UpdateKind.values()[r.nextInt(UpdateKind.values().length)];
        Program program = program(target, r);
        Scenario s = new Scenario(target.subjectName(config, transport, op, update), config, transport, r.nextLong(1, Long.MAX_VALUE >>> 8), program);
        return new FuzzCase(s, schedule(target, program, r));
    }

    /** A program for {@code target}. */
    public static Program program(FuzzTarget target, SplittableRandom r) {
        if (target.log()) {
            int n = 1 + r.nextInt(MAX_APPENDS);
            List<Op> ops = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                ops.add(Op.put(i, i + 1));
            }
            return Program.of(ops);
        }
        boolean inPlace = target.inPlace();
        int clients = inPlace ? 1 + r.nextInt(3) : 1 + skewed(r, MAX_CLIENTS);
        int keys = inPlace ? 1 + r.nextInt(4) : 1 + skewed(r, MAX_KEYS);
        int[] tag = {0};
        List<List<Op>> out = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            List<Op> ops = new ArrayList<>();
            int n = 1 + r.nextInt(inPlace ? 4 : MAX_OPS_PER_CLIENT);
            for (int i = 0; i < n; i++) {
                ops.add(op(r, keys, !inPlace, tag));
            }
            out.add(ops);
        }
        return new Program(out);
    }

    /** 0..max-1, small values likelier (the square of a uniform draw). */
    private static int skewed(SplittableRandom r, int max) {
        double u = r.nextDouble();
        return (int) Math.min(max - 1, Math.floor(u * u * max));
    }

    /** One operation: 45% put, 35% get, 20% delete (where deletes are allowed), on a Zipf(1)-chosen key. */
    static Op op(SplittableRandom r, int keys, boolean deletes, int[] tag) {
        int key = zipf(r, keys);
        int kind = r.nextInt(100);
        if (kind < 45 || (!deletes && kind >= 80)) {
            return Op.put(key, ++tag[0]);
        }
        return kind < 80 ? Op.get(key) : Op.delete(key);
    }

    /** Key k of 0..keys-1 with probability proportional to 1/(k+1). */
    static int zipf(SplittableRandom r, int keys) {
        double total = 0;
        for (int k = 0; k < keys; k++) {
            total += 1.0 / (k + 1);
        }
        double u = r.nextDouble() * total;
        for (int k = 0; k < keys; k++) {
            u -= 1.0 / (k + 1);
            if (u < 0) {
                return k;
            }
        }
        return keys - 1;
    }

    /** A fault schedule for {@code target} running {@code program}. */
    public static FaultSchedule schedule(FuzzTarget target, Program program, SplittableRandom r) {
        FaultSchedule.ServerCrash crash = r.nextInt(4) == 0 ? FaultSchedule.ServerCrash.PROCESS_CRASH : FaultSchedule.ServerCrash.POWER_FAILURE;
        FaultSchedule.Repeat repeat = FaultSchedule.Repeat.NONE;
        Program after = null;
        int dice = r.nextInt(100);
        if (target.kv() && dice < 25) {
            repeat = FaultSchedule.Repeat.AFTER_RECOVERY;
            after = afterRecovery(program, r);
        } else if ((target.kv() || target.log()) && dice < 45) {
            repeat = FaultSchedule.Repeat.DURING_RECOVERY;
        }
        List<FaultSchedule.ClientCrash> clientCrashes = new ArrayList<>();
        if (r.nextInt(5) == 0) {
            clientCrashes.add(new FaultSchedule.ClientCrash(r.nextInt(program.clients().size()), r.nextInt(1001)));
        }
        List<FaultSchedule.Stall> stalls = new ArrayList<>();
        if (r.nextInt(4) == 0) {
            stalls.add(stall(target, r));
        }
        int hogs = r.nextInt(7) == 0 ? 1 + r.nextInt(MAX_HOGS) : 0;
        boolean cleans = target.kv() && target.stallableThreads().stream().anyMatch(t -> t.endsWith("-cleaner"));
        int cleaner = cleans && r.nextInt(5) != 0 ? r.nextInt(1001) : -1;
        boolean torn = r.nextInt(10) == 0;
        return new FaultSchedule(crash, repeat, after, clientCrashes, stalls, hogs, cleaner, torn);
    }

    private static FaultSchedule.Stall stall(FuzzTarget target, SplittableRandom r) {
        List<String> threads = target.stallableThreads();
        return new FaultSchedule.Stall(threads.get(r.nextInt(threads.size())), r.nextInt(1001), 1_000 + r.nextLong(MAX_STALL_NS - 1_000 + 1));
    }

    /** 1–{@value #MAX_AFTER_RECOVERY} operations spread over the program's clients, tags continuing after the program's. */
    static Program afterRecovery(Program program, SplittableRandom r) {
        int keys = 1 + program.clients().stream().flatMap(List::stream).mapToInt(Op::key).max().orElse(0);
        int[] tag = {maxTag(program)};
        List<List<Op>> out = new ArrayList<>();
        program.clients().forEach(c -> out.add(new ArrayList<>()));
        int n = 1 + r.nextInt(MAX_AFTER_RECOVERY);
        for (int i = 0; i < n; i++) {
            out.get(r.nextInt(out.size())).add(op(r, keys, true, tag));
        }
        return new Program(out);
    }

    static int maxTag(Program p) {
        return (int) p.clients().stream().flatMap(List::stream).filter(op -> op.kind() == Op.Kind.PUT).mapToLong(Op::value).max().orElse(0);
    }

    /**
     * A mutant of a case that reached new coverage (DESIGN §5, coverage feedback): one of a new timing seed, another
     * cell, an operation changed, added or removed, a client added or removed, or one part of the schedule drawn
     * again. The result stays within the case's target.
     */
    public static FuzzCase mutate(FuzzCase parent, SplittableRandom r) {
        return mutate(parent, FuzzCells.ALL, r);
    }

    /** As {@link #mutate(FuzzCase, SplittableRandom)}, another cell drawn from {@code cells}. */
    public static FuzzCase mutate(FuzzCase parent, FuzzCells cells, SplittableRandom r) {
        FuzzTarget target = FuzzTarget.of(parent.scenario().subject());
        Scenario s = parent.scenario();
        FaultSchedule schedule = parent.schedule();
        Program program = s.program();
        String subject = s.subject();
        ServerConfig config = s.config();
        Transport transport = s.transport();
        long seed = s.seed();
        switch (r.nextInt(6)) {
            case 0 -> seed = r.nextLong(1, Long.MAX_VALUE >>> 8);
            case 1 -> {
                config = cells.config(r);
                transport = cells.transport(r);
                if (!target.kv()) {
                    subject = target.subjectName(config, transport, FuzzTarget.op(subject), FuzzTarget.update(subject));
                }
            }
            case 2, 3 -> program = mutateProgram(target, program, r);
            default -> schedule = mutateSchedule(target, program, schedule, r);
        }
        schedule = fit(schedule, program, r);
        return new FuzzCase(new Scenario(subject, config, transport, seed, program), schedule);
    }

    private static Program mutateProgram(FuzzTarget target, Program p, SplittableRandom r) {
        if (target.log()) {
            return program(target, r); // appends are sequential: a new length is the only change
        }
        boolean inPlace = target.inPlace();
        int keys = inPlace ? 4 : MAX_KEYS;
        int[] tag = {maxTag(p)};
        List<List<Op>> clients = new ArrayList<>();
        p.clients().forEach(c -> clients.add(new ArrayList<>(c)));
        int c = r.nextInt(clients.size());
        List<Op> ops = clients.get(c);
        switch (r.nextInt(5)) {
            case 0 -> { // change one operation
                if (!ops.isEmpty()) {
                    ops.set(r.nextInt(ops.size()), op(r, keys, !inPlace, tag));
                }
            }
            case 1 -> { // insert one
                if (ops.size() < MAX_OPS_PER_CLIENT) {
                    ops.add(r.nextInt(ops.size() + 1), op(r, keys, !inPlace, tag));
                }
            }
            case 2 -> { // remove one
                if (ops.size() > 1) {
                    ops.remove(r.nextInt(ops.size()));
                }
            }
            case 3 -> { // another client
                if (clients.size() < (inPlace ? 3 : MAX_CLIENTS)) {
                    clients.add(new ArrayList<>(List.of(op(r, keys, !inPlace, tag))));
                }
            }
            default -> { // one client fewer
                if (clients.size() > 1) {
                    clients.remove(c);
                }
            }
        }
        if (tag[0] >= 120) {
            return program(target, r); // tags must stay below 128
        }
        return new Program(clients);
    }

    private static FaultSchedule mutateSchedule(FuzzTarget target, Program p, FaultSchedule s, SplittableRandom r) {
        FaultSchedule fresh = schedule(target, p, r);
        return switch (r.nextInt(7)) {
            case 0 -> s.withServerCrash(fresh.serverCrash());
            case 1 -> s.withRepeat(fresh.repeat(), fresh.afterRecovery());
            case 2 -> s.withClientCrashes(r.nextBoolean() ? fresh.clientCrashes() : List.of(new FaultSchedule.ClientCrash(
                    r.nextInt(p.clients().size()), r.nextInt(1001))));
            case 3 -> s.withStalls(r.nextBoolean() ? fresh.stalls() : List.of(stall(target, r)));
            case 4 -> s.withServerHogs(fresh.serverHogs());
            case 5 -> s.withCleanerStartPermille(fresh.cleanerStartPermille());
            default -> s.withTornLines(!s.tornLines());
        };
    }

    /** The schedule adapted to a changed program: crashes of clients that are gone dropped, operations after recovery redrawn. */
    static FaultSchedule fit(FaultSchedule s, Program p, SplittableRandom r) {
        int clients = p.clients().size();
        FaultSchedule out = s.withClientCrashes(s.clientCrashes().stream().filter(c -> c.client() < clients).toList());
        if (out.afterRecovery() != null && (out.afterRecovery().clients().size() != clients || hasOverlap(p, out.afterRecovery()))) {
            out = out.withRepeat(FaultSchedule.Repeat.AFTER_RECOVERY, afterRecovery(p, r));
        }
        return out;
    }

    /** Whether the operations after recovery reuse a tag of the program's puts. */
    private static boolean hasOverlap(Program p, Program after) {
        java.util.Set<Long> tags = new java.util.TreeSet<>();
        p.clients().forEach(c -> c.stream().filter(op -> op.kind() == Op.Kind.PUT).forEach(op -> tags.add(op.value())));
        return after.clients().stream().flatMap(List::stream).anyMatch(op -> op.kind() == Op.Kind.PUT && tags.contains(op.value()));
    }
}
