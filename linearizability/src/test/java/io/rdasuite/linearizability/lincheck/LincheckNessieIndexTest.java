package io.rdasuite.linearizability.lincheck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.rdasuite.store.kv.KvClient;
import io.rdasuite.store.kv.KvShape;
import io.rdasuite.store.nessie.NessieCluster;
import io.rdasuite.store.nessie.NessieConfig;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.junit.jupiter.api.Test;

/**
 * Nessie's index-entry CAS protocol (paper 004 §4.2, §4.3.1) under Lincheck's model checker: Nessie's own client
 * code on three {@link ModelFabric} nodes, whose one-sided READ, WRITE and CAS touch word memory the model checker
 * sees, so it explores the interleavings of concurrent GETs, PUTs and DELETEs of two keys between their RDMA
 * accesses: forward and reverse passes, candidate CAS, duplicate removal, valid flips. Time stands still, so no
 * entry expires or is recycled here (the simulator's runs cover recycling).
 */
class LincheckNessieIndexTest {
    static final KvShape SHAPE = new KvShape(8, 16);

    @Param(name = "key", gen = IntGen.class, conf = "1:2")
    @Param(name = "value", gen = IntGen.class, conf = "1:3")
    public static class NessieOnModel {
        private final List<? extends KvClient> clients;
        private final Map<Thread, KvClient> byThread = new ConcurrentHashMap<>();
        private final AtomicInteger handedOut = new AtomicInteger();

        public NessieOnModel() {
            ModelFabric fabric = new ModelFabric(3);
            clients = NessieCluster.deploy(fabric, 3, 2, NessieConfig.small(SHAPE, 16, 32)).kvClients();
        }

        private KvClient client() {
            return byThread.computeIfAbsent(Thread.currentThread(), t -> {
                int i = handedOut.getAndIncrement();
                return clients.get((i % 3) * 2 + (i / 3) % 2); // spread Lincheck's threads over the nodes
            });
        }

        private static byte[] key(int k) {
            byte[] b = new byte[SHAPE.keyBytes()];
            Arrays.fill(b, (byte) ('a' + k));
            return b;
        }

        @Operation
        public void put(@Param(name = "key") int key, @Param(name = "value") int value) {
            byte[] v = new byte[SHAPE.valueBytes()];
            Arrays.fill(v, (byte) value);
            if (!client().put(key(key), v)) {
                throw new IllegalStateException("put not acknowledged");
            }
        }

        @Operation
        public int get(@Param(name = "key") int key) {
            byte[] v = client().get(key(key));
            if (v == null) {
                return 0;
            }
            for (byte b : v) {
                if (b != v[0]) {
                    return -1; // a value mixing two puts
                }
            }
            return v[0];
        }

        @Operation
        public void delete(@Param(name = "key") int key) {
            if (!client().delete(key(key))) {
                throw new IllegalStateException("delete not acknowledged");
            }
        }
    }

    @Test
    void concurrentGetsPutsAndDeletesAreLinearizable() {
        Throwable found = catchThrowable(() -> ModelChecking.options().threads(2).actorsPerThread(2).actorsBefore(1).actorsAfter(1)
                .sequentialSpecification(KvSpec.class).check(NessieOnModel.class));
        assertThat(found).as("Lincheck found:%n%s", found == null ? "" : Findings.results(found)).isNull();
    }
}
