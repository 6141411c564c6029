package io.rdasuite.linearizability.lincheck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.rdasuite.store.kv.KvClient;
import io.rdasuite.store.kv.KvShape;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.nessie.CuckooHashes;
import io.rdasuite.store.nessie.CuckooHashes.Slot;
import io.rdasuite.store.nessie.NessieClient;
import io.rdasuite.store.nessie.NessieCluster;
import io.rdasuite.store.nessie.NessieConfig;
import io.rdasuite.store.nessie.NessieKv;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.ToLongFunction;
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
 *
 * <p>Each node has one ITE, so the deployment has three, and the keys compete for them: key 2 has a single ITE,
 * key 1's first, so a PUT of key 2 MIGRATEs key 1 away from it (§4.2.3), and once key 2 is gone the next PUT of
 * key 1 takes it back and removes the copy left behind as a duplicate (§4.2.2). With 16 ITEs per node the two
 * keys shared none, and a planted CAS that did not compare went unnoticed; {@link LincheckNessiePlantedBugsTest}
 * shows that planted bugs are caught on this deployment.
 */
class LincheckNessieIndexTest {
    static final KvShape SHAPE = new KvShape(8, 16);
    /**
     * Every byte of key 1 is {@code 'e'}, of key 2 {@code 'l'}, of key 3 (in planted-bug scenarios only)
     * {@code 'N'}: key 1 hashes to the ITEs of nodes 2, 1 and 0, key 2 only to node 2's, key 3 only to node 1's.
     */
    static final String KEYS = "elN";

    /** One Nessie deployment per invocation: three nodes of one ITE and 32 DTEs, two clients per node. */
    @Param(name = "key", gen = IntGen.class, conf = "1:2")
    @Param(name = "value", gen = IntGen.class, conf = "1:3")
    public static class NessieOnModel {
        private final List<NessieKv> clients;
        private final String keys;
        private final Map<Thread, KvClient> byThread = new ConcurrentHashMap<>();
        private final AtomicInteger handedOut = new AtomicInteger();

        public NessieOnModel() {
            this(KEYS, Plant.NONE);
        }

        /** Keys 1, 2, ... are filled with the characters of {@code keys}; {@code bug} is planted in every client. */
        protected NessieOnModel(String keys, Plant bug) {
            ModelFabric fabric = new ModelFabric(3);
            this.clients = NessieCluster.deploy(fabric, 3, 2, NessieConfig.small(SHAPE, 1, 32).withPlantedBug(bug)).kvClients();
            this.keys = keys;
        }

        /** The clients' counters summed: {@code what} of each. */
        long total(ToLongFunction<NessieClient.Stats> what) {
            return clients.stream().mapToLong(c -> what.applyAsLong(c.stats())).sum();
        }

        private KvClient client() {
            return byThread.computeIfAbsent(Thread.currentThread(), t -> {
                int i = handedOut.getAndIncrement();
                return clients.get((i % 3) * 2 + (i / 3) % 2); // spread Lincheck's threads over the nodes
            });
        }

        private byte[] key(int k) {
            return key(keys.charAt(k - 1));
        }

        static byte[] key(char c) {
            byte[] b = new byte[SHAPE.keyBytes()];
            Arrays.fill(b, (byte) c);
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
            return StoreSubject.decode(client().get(key(key))); // -1: a value mixing two puts
        }

        @Operation
        public void delete(@Param(name = "key") int key) {
            if (!client().delete(key(key))) {
                throw new IllegalStateException("delete not acknowledged");
            }
        }
    }

    /** The candidate ITEs of the key filled with {@code c}, in the order GET and PUT examine them, as node ids (one ITE per node). */
    static List<Integer> itesOf(char c) {
        return Arrays.stream(new CuckooHashes(3, 3, 1).slots(NessieOnModel.key(c))).map(Slot::node).toList();
    }

    @Test
    void theKeysCompeteForItes() {
        assertThat(itesOf('e')).containsExactly(2, 1, 0);
        assertThat(itesOf('l')).containsExactly(2);
        assertThat(itesOf('N')).containsExactly(1);
    }

    /** Without Lincheck, one thread: the keys make a PUT migrate and one remove a duplicate. */
    @Test
    void theKeysMigrateAndLeaveDuplicatesToRemove() {
        NessieOnModel store = new NessieOnModel();
        store.put(1, 1); // node 2's ITE
        store.put(2, 1); // migrates key 1 to node 1's
        assertThat(store.total(s -> s.migrations)).isEqualTo(1);
        store.delete(2);
        store.put(1, 2); // node 2's again; the copy in node 1's is a duplicate
        assertThat(store.total(s -> s.duplicatesRemoved)).isEqualTo(1);
        assertThat(store.get(1)).isEqualTo(2);
        assertThat(store.get(2)).isZero();
    }

    /** Linearizable, and never full: an exception (StoreFullException among them) would be reported as a failure. */
    @Test
    void concurrentGetsPutsAndDeletesAreLinearizable() {
        Throwable found = catchThrowable(() -> ModelChecking.options().threads(2).actorsPerThread(2).actorsBefore(1).actorsAfter(1)
                .sequentialSpecification(KvSpec.class).check(NessieOnModel.class));
        assertThat(found).as("Lincheck found:%n%s", found == null ? "" : Findings.results(found)).isNull();
    }
}
