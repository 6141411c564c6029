package io.rdasuite.crashsim.kv;

import io.rdasuite.hwsim.engine.Trace;
import io.rdasuite.hwsim.engine.TraceKind;
import io.rdasuite.hwsim.fabric.FaultPlan;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.store.efactory.EfProtocol;
import io.rdasuite.store.erda.ErdaProtocol;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.kv.KvClient;
import io.rdasuite.store.kv.KvShape;
import io.rdasuite.store.protocol.KvProtocol;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Paper 001 §7.2: when several writers of one key crash between their reservation and their object write,
 * Erda's entry (two offsets) names only torn objects and the key's last intact version is unreachable. This
 * is a weakness Erda does not claim to avoid; the test shows the simulator reproduces it.
 */
class ErdaConcurrentWritersTest {
    private static final KvShape SHAPE = new KvShape(8, 40);
    private static final byte[] KEY = "key00001".getBytes();

    private static byte[] value(int v) {
        byte[] b = new byte[SHAPE.valueBytes()];
        Arrays.fill(b, (byte) v);
        return b;
    }

    /** Runs the program; returns what the surviving reader saw ("value", "absent" or "unreadable"). */
    private static String run(FaultPlan faults, Trace[] trace) {
        return run(ErdaProtocol.ERDA, faults, trace);
    }

    private static String run(KvProtocol protocol, FaultPlan faults, Trace[] trace) {
        ServerConfig config = ServerConfig.parse("MHP+NODDIO+PM-RQWRB");
        String[] seen = new String[1];
        SimFabric.Builder b = SimFabric.builder().seed(5).faults(faults).node(config).node(config).node(config).node(config);
        if (trace != null) {
            b.captureTrace(100_000);
        }
        try (SimFabric fabric = b.build()) {
            List<KvClient> c = protocol.deploy(fabric, SHAPE, 3, false).clients();
            fabric.node(1).spawn("writer-1", () -> {
                c.get(0).put(KEY, value(1));
                c.get(0).put(KEY, value(2));
            });
            fabric.node(2).spawn("writer-2", () -> {
                fabric.node(2).clock().sleepNanos(30_000); // after writer 1's first put is complete
                c.get(1).put(KEY, value(3));
            });
            fabric.node(3).spawn("reader", () -> {
                fabric.node(3).clock().sleepNanos(200_000);
                try {
                    byte[] v = c.get(2).get(KEY);
                    seen[0] = v == null ? "absent" : "value " + v[0];
                } catch (KvClient.KvReadException e) {
                    seen[0] = "unreadable";
                }
            });
            fabric.run();
            if (trace != null) {
                trace[0] = fabric.trace();
            }
        }
        return seen[0];
    }

    private static Trace runTrace(FaultPlan faults) {
        return runTrace(ErdaProtocol.ERDA, faults);
    }

    private static Trace runTrace(KvProtocol protocol, FaultPlan faults) {
        Trace[] t = new Trace[1];
        run(protocol, faults, t);
        return t[0];
    }

    /** The event index of node {@code node}'s {@code skip}+1-th WRITE post (an object write). */
    private static long writePost(Trace trace, int node, int skip) {
        return trace.records().stream()
                .filter(r -> r.kind() == TraceKind.POST && r.nodeId() == node
                        && ((r.argument() >>> 32) & 0xFF) == io.rdasuite.store.fabric.Opcode.WRITE.ordinal())
                .skip(skip).findFirst().orElseThrow().eventIndex();
    }

    @Test
    void twoCrashedWritersOfOneKeyLeaveNoConsistentVersion() {
        Trace[] trace = new Trace[1];
        assertThat(run(FaultPlan.NONE, trace)).isEqualTo("value 3");
        long writer1Second = writePost(trace[0], 1, 1);
        // Crash writer 1 as it posts its second object WRITE: its reservation is in the entry, its object never lands.
        FaultPlan first = FaultPlan.NONE.with(FaultPlan.Fault.processCrash(1, writer1Second));
        assertThat(run(first, trace)).as("one crashed writer: the next writer's version wins").isEqualTo("value 3");
        // Event indices after the first crash differ from the crash-free run: find writer 2's WRITE in this run.
        long writer2 = writePost(trace[0], 2, 0);
        FaultPlan both = first.with(FaultPlan.Fault.processCrash(2, writer2));
        assertThat(run(both, null)).as("both offsets name torn objects; value 1 is unreachable").isEqualTo("unreadable");
        assertThat(run(FaultPlan.NONE.with(FaultPlan.Fault.processCrash(2, writePost(runTrace(FaultPlan.NONE), 2, 0))), null))
                .as("writer 2 alone crashing: the old offset still names writer 1's intact value 2").isEqualTo("value 2");
    }

    /** Paper 001 §4.1, §7.2: the same crashes leave eFactory's version list an intact version to fall back to. */
    @Test
    void efactoryKeepsAConsistentVersionWhereErdaLosesIt() {
        KvProtocol ef = EfProtocol.EFACTORY;
        for (KvProtocol p : java.util.List.of(ef, EfProtocol.EFACTORY_NOHR)) {
            Trace[] trace = new Trace[1];
            assertThat(run(p, FaultPlan.NONE, trace)).isEqualTo("value 3");
            FaultPlan first = FaultPlan.NONE.with(FaultPlan.Fault.processCrash(1, writePost(trace[0], 1, 1)));
            assertThat(run(p, first, trace)).isEqualTo("value 3");
            FaultPlan both = first.with(FaultPlan.Fault.processCrash(2, writePost(trace[0], 2, 0)));
            assertThat(run(p, both, null)).as("%s: both newest versions torn, the version list still reaches value 1", p.cliName()).isEqualTo("value 1");
            assertThat(run(p, FaultPlan.NONE.with(FaultPlan.Fault.processCrash(2, writePost(runTrace(p, FaultPlan.NONE), 2, 0))), null))
                    .isEqualTo("value 2");
        }
    }
}
