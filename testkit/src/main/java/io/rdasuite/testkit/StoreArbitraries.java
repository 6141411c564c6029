package io.rdasuite.testkit;

import io.rdasuite.crashsim.Op;
import io.rdasuite.crashsim.Program;
import io.rdasuite.crashsim.Scenario;
import io.rdasuite.crashsim.fuzz.CaseGenerator;
import io.rdasuite.crashsim.fuzz.FaultSchedule;
import io.rdasuite.crashsim.fuzz.FuzzCase;
import io.rdasuite.crashsim.fuzz.FuzzTarget;
import io.rdasuite.crashsim.subjects.KvSubject;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.protocol.KvProtocol;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * jqwik arbitraries for one's own properties of a store: programs (which jqwik shrinks operation by operation), the
 * fault schedules {@code rda fuzz} draws, and whole fuzz cases to run with {@link StoreCheck#explore(FuzzCase)}.
 */
public final class StoreArbitraries {
    private StoreArbitraries() {
    }

    /** What one operation is before values are given: its kind and key. */
    private record Shape(Op.Kind kind, int key) {
    }

    /**
     * Programs of 1 to {@code clients} clients, each with 1 to {@code opsPerClient} operations on keys 0 to
     * {@code keys - 1}: puts, gets and (with {@code deletes}) deletes. Puts get the values 1, 2, 3 ... in program order,
     * so that every put of a program writes a value no other put writes (what the history checks rely on).
     */
    public static Arbitrary<Program> programs(int clients, int keys, int opsPerClient, boolean deletes) {
        if (clients < 1 || keys < 1 || opsPerClient < 1) {
            throw new IllegalArgumentException("clients, keys and operations per client are at least 1");
        }
        Arbitrary<Op.Kind> kinds = deletes ? Arbitraries.of(Op.Kind.PUT, Op.Kind.GET, Op.Kind.DELETE) : Arbitraries.of(Op.Kind.PUT, Op.Kind.GET);
        Arbitrary<Shape> op = Combinators.combine(kinds, Arbitraries.integers().between(0, keys - 1)).as(Shape::new);
        return op.list().ofMinSize(1).ofMaxSize(opsPerClient).list().ofMinSize(1).ofMaxSize(clients).map(StoreArbitraries::program);
    }

    private static Program program(List<List<Shape>> shapes) {
        long value = 0;
        List<List<Op>> clients = new ArrayList<>();
        for (List<Shape> client : shapes) {
            List<Op> ops = new ArrayList<>();
            for (Shape s : client) {
                ops.add(switch (s.kind()) {
                    case PUT -> Op.put(s.key(), 0); // a placeholder, numbered below
                    case GET -> Op.get(s.key());
                    case DELETE -> Op.delete(s.key());
                });
            }
            clients.add(ops);
        }
        for (List<Op> ops : clients) {
            for (int i = 0; i < ops.size(); i++) {
                if (ops.get(i).kind() == Op.Kind.PUT) {
                    ops.set(i, Op.put(ops.get(i).key(), ++value));
                }
            }
        }
        return new Program(clients);
    }

    /**
     * The fault schedules {@code rda fuzz} draws for {@code protocol} running {@code program}: power failure or a
     * server process crash, a second crash during or after recovery, stalled server threads, CPU hogs.
     */
    public static Arbitrary<FaultSchedule> faultSchedules(KvProtocol protocol, Program program) {
        FuzzTarget target = new FuzzTarget(protocol.cliName(), protocol);
        return Arbitraries.longs().map(seed -> CaseGenerator.schedule(target, program, new SplittableRandom(seed)));
    }

    /** Whole fuzz cases: a program from {@code programs}, a configuration, a transport, a seed and a fault schedule. */
    public static Arbitrary<FuzzCase> cases(KvProtocol protocol, Arbitrary<Program> programs) {
        String subject = new KvSubject(protocol).name();
        Arbitrary<ServerConfig> configs = Arbitraries.of(ServerConfig.all());
        Arbitrary<Transport> transports = Arbitraries.of(Transport.values());
        Arbitrary<Long> seeds = Arbitraries.longs().between(1, Long.MAX_VALUE >>> 8);
        return Combinators.combine(programs, configs, transports, seeds).flatAs((program, config, transport, seed) ->
                faultSchedules(protocol, program).map(schedule -> new FuzzCase(new Scenario(subject, config, transport, seed, program), schedule)));
    }
}
