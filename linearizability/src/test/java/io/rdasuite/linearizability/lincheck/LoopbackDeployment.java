package io.rdasuite.linearizability.lincheck;

import io.rdasuite.hwreal.loopback.LoopbackFabric;
import io.rdasuite.store.efactory.EfServer;
import io.rdasuite.store.fabric.Connection;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.inplace.InPlaceStore;
import io.rdasuite.store.kv.KvClient;
import io.rdasuite.store.kv.KvShape;
import io.rdasuite.store.persist.Recipe;
import io.rdasuite.store.persist.UpdateResponder;
import io.rdasuite.store.protocol.KvProtocol;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A store deployed on a {@link LoopbackFabric} (real threads, off-heap memory, a NIC thread per node): node 0
 * serves, each client has its own node and connection. Lincheck makes a new test instance for every invocation,
 * far too often to start a fabric each time, so a deployment is kept across invocations and reset between them
 * (its keys deleted), and replaced by a fresh one every {@link #USES} invocations so that logs never fill up (SAW,
 * IMM and Forca do not clean theirs) and eFactory's log cleaning (at 75% of a pool on real backends) does not
 * start, except where a test keeps one deployment longer to race the cleaner.
 */
final class LoopbackDeployment implements AutoCloseable {
    static final ServerConfig CONFIG = ServerConfig.parse("MHP+DDIO+DRAM-RQWRB");
    static final int USES = 100;

    private final LoopbackFabric fabric;
    /** Client 0 resets the keys between invocations; the others are handed to Lincheck's threads. */
    final List<KvClient> clients;
    /** The protocol's server object (EfServer, ErdaServer, ...), or null. */
    private final Object server;
    int uses;

    private LoopbackDeployment(LoopbackFabric fabric, List<KvClient> clients, Object server) {
        this.fabric = fabric;
        this.clients = clients;
        this.server = server;
    }

    /** Log cleanings eFactory's background thread started on this deployment (0 for other stores). */
    long cleanings() {
        return server instanceof EfServer ef ? ef.cleaningsStarted() : 0;
    }

    private static LoopbackFabric fabric(int clients, int chunkBytes) {
        LoopbackFabric.Builder b = LoopbackFabric.builder().chunkBytes(chunkBytes).node(CONFIG);
        for (int c = 0; c < clients; c++) {
            b.node(CONFIG);
        }
        return b.build();
    }

    /** A key-value store by protocol, sized for a handful of keys. */
    static LoopbackDeployment of(KvProtocol protocol, KvShape shape, int clients) {
        LoopbackFabric f = fabric(clients, 64);
        KvProtocol.Deployment d = protocol.deploy(f, shape, clients, false, 64);
        return new LoopbackDeployment(f, d.clients(), d.store().server());
    }

    /**
     * Nessie (paper 004) on three loopback nodes, the clients spread over them (a node's clients split its data
     * table), real-time expiration of 20 ms with a 1 ms skew bound and 10 ms operation timeouts.
     */
    static LoopbackDeployment nessie(KvShape shape, int clients, io.rdasuite.store.nessie.NessieMode mode) {
        int nodes = 3;
        int perNode = (clients + nodes - 1) / nodes;
        LoopbackFabric f = LoopbackFabric.builder().node(CONFIG).node(CONFIG).node(CONFIG).build();
        io.rdasuite.store.nessie.NessieConfig config = io.rdasuite.store.nessie.NessieConfig.realThreads(shape, 256, 64 * perNode)
                .withExpiration(20_000_000, 1_000_000, 10_000_000).withMode(mode);
        List<KvClient> kv = new ArrayList<>();
        List<List<KvClient>> byNode = new ArrayList<>();
        for (int n = 0; n < nodes; n++) {
            byNode.add(new ArrayList<>());
        }
        List<? extends KvClient> all = io.rdasuite.store.nessie.NessieCluster.deploy(f, nodes, perNode, config).kvClients();
        for (int i = 0; i < all.size(); i++) {
            byNode.get(i / perNode).add(all.get(i));
        }
        for (int c = 0; c < perNode; c++) { // round-robin over nodes: Lincheck's threads land on different nodes
            for (int n = 0; n < nodes; n++) {
                kv.add(byNode.get(n).get(c));
            }
        }
        return new LoopbackDeployment(f, kv, null);
    }

    /**
     * The in-place-update control (DESIGN §4): each key a fixed slot of {@code valueBytes}, overwritten in place
     * by the recipe, read by one RDMA READ; an all-zero slot reads as absent. The responder half of the recipes
     * runs for each connection (recipes through the server's CPU need it).
     */
    static LoopbackDeployment inPlace(Recipe recipe, int keys, int valueBytes, int clients, int chunkBytes) {
        LoopbackFabric f = fabric(clients, chunkBytes);
        Node server = f.node(0);
        MemoryRegion region = InPlaceStore.register(server, keys, valueBytes);
        List<KvClient> kv = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            Node node = f.node(c + 1);
            Connection conn = f.connect(node, server);
            UpdateResponder.start(server, conn.responder(), UpdateResponder.registerBuffers(server, "responder-" + c), region, "responder-" + c);
            kv.add(new InPlaceClient(new InPlaceStore.Client(node, conn.requester(), region, valueBytes, recipe, "client-" + c), valueBytes));
        }
        return new LoopbackDeployment(f, kv, null);
    }

    /** The in-place store as a {@link KvClient} (key: the first byte of the key names the slot); no deletes. */
    private record InPlaceClient(InPlaceStore.Client client, int valueBytes) implements KvClient {
        @Override
        public boolean put(byte[] key, byte[] value) {
            return client.put(key[0], MemorySegment.ofArray(value));
        }

        @Override
        public byte[] get(byte[] key) {
            byte[] v = client.get(key[0]);
            for (byte b : v) {
                if (b != 0) {
                    return v;
                }
            }
            return null;
        }

        @Override
        public boolean delete(byte[] key) {
            throw new UnsupportedOperationException("the in-place store has no delete");
        }
    }

    @Override
    public void close() {
        fabric.close();
    }

    /** Deployments kept across Lincheck's invocations, one per subject class. */
    static final class Cache {
        private final Function<Integer, LoopbackDeployment> make;
        private final int uses;
        private LoopbackDeployment current;
        private long cleanings;

        /** Deployments made by {@code make} (given a client count), each kept for {@code uses} invocations. */
        Cache(Function<Integer, LoopbackDeployment> make, int uses) {
            this.make = make;
            this.uses = uses;
        }

        /** The deployment for the next invocation, with {@code clients} clients: a fresh one every {@code uses} invocations. */
        synchronized LoopbackDeployment next(int clients) {
            if (current != null && ++current.uses >= uses) {
                retire();
            }
            if (current == null) {
                current = make.apply(clients);
            }
            return current;
        }

        synchronized void close() {
            if (current != null) {
                retire();
            }
        }

        private void retire() {
            cleanings += current.cleanings();
            current.close();
            current = null;
        }

        /** Log cleanings started on the deployments this cache made and retired. */
        synchronized long cleanings() {
            return cleanings;
        }
    }
}
