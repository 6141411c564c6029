package io.rdasuite.crashsim.kv;

import io.rdasuite.hwsim.engine.Trace;
import io.rdasuite.hwsim.engine.TraceKind;
import io.rdasuite.hwsim.fabric.FaultPlan;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.hwsim.memory.CrashFrontier;
import io.rdasuite.hwsim.memory.CrashImage;
import io.rdasuite.store.efactory.EfProtocol;
import io.rdasuite.store.efactory.EfServer;
import io.rdasuite.store.fabric.Opcode;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.kv.KvClient;
import io.rdasuite.store.protocol.KvProtocol;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** eFactory under client crashes, races of its two verifiers, and power failures during log cleaning (paper 001 §4.3.2, §4.4). */
class EfactoryCrashTest {
    private static final ServerConfig CONFIG = EfactoryTest.CONFIG;

    private static long writePost(Trace trace, int node, int skip) {
        return trace.records().stream()
                .filter(r -> r.kind() == TraceKind.POST && r.nodeId() == node && ((r.argument() >>> 32) & 0xFF) == Opcode.WRITE.ordinal())
                .skip(skip).findFirst().orElseThrow().eventIndex();
    }

    /** Writer puts 1 then 2; readers read at 50 µs (before the timeout) and at 400 µs (after it). */
    private static List<String> crashedWriter(FaultPlan faults, Trace[] trace, long[] invalidated) {
        List<String> seen = new ArrayList<>();
        SimFabric.Builder b = SimFabric.builder().seed(11).faults(faults).node(CONFIG).node(CONFIG).node(CONFIG);
        if (trace != null) {
            b.captureTrace(100_000);
        }
        try (SimFabric fabric = b.build()) {
            KvProtocol.Deployment d = EfProtocol.EFACTORY.deploy(fabric, EfactoryTest.SHAPE, 2, false);
            byte[] key = EfactoryTest.key(1);
            fabric.node(1).spawn("writer", () -> {
                d.clients().get(0).put(key, EfactoryTest.value(1));
                d.clients().get(0).put(key, EfactoryTest.value(2));
            });
            fabric.node(2).spawn("reader", () -> {
                for (long at : new long[] {50_000, 350_000}) {
                    fabric.node(2).clock().sleepNanos(at - fabric.node(2).clock().nowNanos());
                    byte[] v = d.clients().get(1).get(key);
                    seen.add(v == null ? "absent" : "value " + v[0]);
                }
            });
            fabric.run();
            if (trace != null) {
                trace[0] = fabric.trace();
            }
            invalidated[0] = d.server(EfServer.class).invalidated();
        }
        return seen;
    }

    @Test
    void aWriterCrashingBetweenAllocationAndItsWriteIsTimedOutAndReadersGetThePreviousVersion() {
        Trace[] trace = new Trace[1];
        long[] invalidated = new long[1];
        assertThat(crashedWriter(FaultPlan.NONE, trace, invalidated)).containsExactly("value 2", "value 2");
        assertThat(invalidated[0]).isZero();
        long secondWrite = writePost(trace[0], 1, 1);
        List<String> seen = crashedWriter(FaultPlan.NONE.with(FaultPlan.Fault.processCrash(1, secondWrite)), null, invalidated);
        assertThat(seen).as("before and after the timeout, readers get version 1").containsExactly("value 1", "value 1");
        assertThat(invalidated[0]).as("the background thread invalidated the never-written version 2").isEqualTo(1);
    }

    @Test
    void theBackgroundThreadAndTheGetHandlerRaceOnOneObjectWithoutHarm() {
        long lost = 0;
        long byHandler = 0;
        for (int seed = 1; seed <= 12; seed++) {
            List<Integer> seen = new ArrayList<>();
            try (SimFabric fabric = SimFabric.builder().seed(seed).cost(io.rdasuite.crashsim.kv.EfactoryTest.RACY).node(CONFIG).node(CONFIG)
                    .node(CONFIG).build()) {
                KvProtocol.Deployment d = EfProtocol.EFACTORY.deploy(fabric, EfactoryTest.SHAPE, 2, false);
                byte[] key = EfactoryTest.key(7);
                fabric.node(1).spawn("writer", () -> {
                    for (int v = 1; v <= 30; v++) {
                        d.clients().get(0).put(key, EfactoryTest.value(v));
                    }
                });
                fabric.node(2).spawn("reader", () -> {
                    for (int i = 0; i < 60; i++) {
                        byte[] v = d.clients().get(1).get(key);
                        seen.add(v == null ? 0 : (int) v[0]);
                    }
                });
                fabric.run();
                EfServer server = d.server(EfServer.class);
                lost += server.lostRaces();
                byHandler += server.durableByHandler();
                assertThat(server.invalidated()).as("nothing times out").isZero();
            }
            for (int i = 1; i < seen.size(); i++) {
                assertThat(seen.get(i)).as("seed %d: reads never go back", seed).isGreaterThanOrEqualTo(seen.get(i - 1));
            }
        }
        assertThat(byHandler).as("the GET handler made objects durable on demand").isPositive();
        assertThat(lost).as("both verified one object and the loser saw the winner's flag").isPositive();
    }

    /** Puts 6 keys twice, then cleans while a second client rewrites 3 of them; a power failure at {@code crashAt}. */
    private static String cleanAndCrash(long crashAt, List<CrashImage> images, long[] events) {
        SimFabric.Builder b = SimFabric.builder().seed(21).node(CONFIG).node(CONFIG).node(CONFIG);
        if (crashAt >= 0) {
            b.faults(FaultPlan.NONE.with(FaultPlan.Fault.powerFailure(0, crashAt)));
        }
        try (SimFabric fabric = b.build()) {
            KvProtocol.Deployment d = EfProtocol.EFACTORY.deploy(fabric, EfactoryTest.SHAPE, 2, false);
            fabric.node(1).spawn("loader", () -> {
                for (int v = 1; v <= 2; v++) {
                    for (int k = 0; k < 6; k++) {
                        d.clients().get(0).put(EfactoryTest.key(k), EfactoryTest.value(10 * v + k));
                    }
                }
            });
            fabric.node(0).spawn("cleaner", () -> {
                fabric.node(0).clock().sleepNanos(150_000);
                d.server(EfServer.class).clean();
            });
            fabric.node(2).spawn("writer", () -> {
                fabric.node(2).clock().sleepNanos(160_000);
                for (int k = 0; k < 3; k++) {
                    d.clients().get(1).put(EfactoryTest.key(k), EfactoryTest.value(30 + k));
                    fabric.node(2).clock().sleepNanos(40_000);
                }
            });
            fabric.run();
            events[0] = fabric.engine().dispatched();
            if (crashAt >= 0) {
                CrashFrontier f = fabric.frontier(0);
                images.add(f.oldest());
                images.add(f.newest());
            }
            EfServer server = d.server(EfServer.class);
            return server.stage() != EfServer.Stage.IDLE ? server.stage().name() : server.workingPool() == 0 ? "BEFORE" : "AFTER";
        }
    }

    /** Restarts from an image, recovers, reads the 6 keys (value tag, 0 when absent). */
    private static List<Integer> recoverAndRead(CrashImage image) {
        List<Integer> values = new ArrayList<>();
        try (SimFabric fabric = SimFabric.builder().seed(21).node(CONFIG).node(CONFIG).restore(0, image).build()) {
            KvClient c = EfProtocol.EFACTORY.deploy(fabric, EfactoryTest.SHAPE, 1, true).clients().getFirst();
            fabric.node(1).spawn("checker", () -> {
                for (int k = 0; k < 6; k++) {
                    byte[] v = c.get(EfactoryTest.key(k));
                    values.add(v == null ? 0 : (int) v[0]);
                }
            });
            fabric.run();
        }
        return values;
    }

    @Test
    void aPowerFailureInEachStageOfCleaningRecoversEveryKey() {
        long[] events = new long[1];
        assertThat(cleanAndCrash(-1, new ArrayList<>(), events)).isEqualTo("AFTER");
        Set<String> crashedIn = new TreeSet<>();
        Set<String> outcomes = new TreeSet<>();
        long step = Math.max(1, events[0] / 150);
        for (long at = events[0] / 4; at < events[0]; at += step) {
            List<CrashImage> images = new ArrayList<>();
            String stage = cleanAndCrash(at, images, new long[1]);
            crashedIn.add(stage);
            if (stage.equals("BEFORE")) {
                continue; // the load may still be running: nothing to assert about cleaning
            }
            for (CrashImage image : images) {
                List<Integer> values = recoverAndRead(image);
                for (int k = 0; k < 6; k++) {
                    int v = values.get(k);
                    // every version before cleaning was made durable by the background thread (or during cleaning)
                    assertThat(v).as("crash at event %d in %s: key %d", at, stage, k).isIn(20 + k, 30 + k);
                    if (k >= 3) {
                        assertThat(v).isEqualTo(20 + k);
                    }
                }
                outcomes.add(stage + ":" + values);
            }
        }
        assertThat(crashedIn).as("crashes landed in compression, merging and after").contains("COMPRESS", "MERGE", "AFTER");
        assertThat(outcomes.size()).isGreaterThan(1);
    }
}
