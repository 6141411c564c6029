package io.rdasuite.store.protocol;

import io.rdasuite.store.fabric.Fabric;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.kv.KvClient;
import io.rdasuite.store.kv.KvShape;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A key-value protocol: the one seam a store plugs into the suite by (issue 31). A store implements this in its own
 * package, lists a {@link KvProtocolFamily} of its protocols in
 * {@code META-INF/services/io.rdasuite.store.protocol.KvProtocolFamily}, and {@link KvProtocols} finds it: {@code rda
 * check}, {@code rda fuzz}, {@code rda serve}, the benches and the explorer then take it by its {@link #cliName()}
 * like the shipped ones (Erda, paper 000; eFactory and its peers, paper 001; the baselines of paper 000 §5.1), which
 * are registered the same way.
 *
 * <p>Deployed on any fabric (the simulator, the loopback fabric, DiSNI) at a {@link Placement}: one node serves, one
 * node per client connects (node 0 and nodes 1..n unless the caller places them elsewhere). A restarted server runs its
 * recovery before serving. The server describes itself to its clients as bytes
 * ({@link StoreDescriptor}: this protocol's {@link #writeHandle handle} after its name), so that a client in another
 * process reaches the same regions a client in the same process does.
 *
 * <p>Linearizability claims: operations on one key are linearizable, and across a crash durably so (Izraelevitz et al.
 * 2016) where puts are durable at the acknowledgement, buffered-durably (a suffix of acknowledged puts may be lost)
 * where not. Checked on every crash state by the history checker in {@code rda check}.
 */
public interface KvProtocol {
    /**
     * When the cleaner of a {@link #cleans() cleaning} protocol starts by default: 45 µs into the run, when a client has
     * completed two puts one after the other (a client's first put, with its registration, takes about 25 µs). At 20 µs
     * no key had two completed versions to choose from, and a cleaner that moves the wrong one (paper 000 §4.4) could
     * not show.
     */
    long CLEANER_START_NS = 45_000;

    /** The name {@code --protocols}, replay tokens, descriptors and reports call it: lower case, unique among the registered ones. */
    String cliName();

    /** What the protocol claims on a server configuration; the explorer checks each claim, and reports the rest as findings. */
    Claims claims(ServerConfig config);

    /** False for a protocol without crash recovery: it is then measured, not crash-checked. */
    default boolean recoverable() {
        return true;
    }

    /**
     * Whether a deployment that does not recover starts the server's log cleaner ({@link StoreServer#clean()}) some
     * nanoseconds into the run ({@link #CLEANER_START_NS} unless the caller draws another), so that crashes also land
     * mid-cleaning.
     */
    default boolean cleans() {
        return false;
    }

    /**
     * The server threads a fuzzer's stall can hit, as name prefixes: the request handlers ({@code <name>-handler-}), and
     * those the store starts itself (a background verifier, a poller, a cleaner).
     */
    default List<String> serverThreads() {
        List<String> out = new ArrayList<>(List.of(cliName() + "-handler-"));
        if (cleans()) {
            out.add(cliName() + "-cleaner");
        }
        return out;
    }

    /** Registers this protocol's server on {@code node} (getting back its PM regions on a restarted node). */
    StoreServer startServer(Node node, ServerSpec spec);

    /** Writes what a client needs of {@code handle} (what {@link StoreServer#handle()} returned). */
    void writeHandle(Object handle, DataOutputStream out) throws IOException;

    /** Reads a handle {@link #writeHandle} wrote; a truncated or corrupt one is an {@link IOException}. */
    Object readHandle(DataInputStream in) throws IOException;

    /** The key and value sizes of the store a handle describes. */
    KvShape shapeOf(Object handle);

    /** A client of the store a handle describes, over an established connection to its server; the handle is read, never changed. */
    KvClient client(Node node, QueuePair requester, Object handle, int clientId, String name);

    /**
     * What a server needs to size itself.
     *
     * @param shape        key and value sizes
     * @param maxClients   clients it serves at most
     * @param keys         keys it holds at most (a hash table's load at most 50%)
     * @param paperLayout  the layout paper 000 measures (Table 1, YCSB) instead of the recoverable one, where they differ
     * @param versions     object versions, for the log-structured stores
     * @param virtualTime  false on a real fabric: timeouts in real time, and a long-running store cleans its log itself
     * @param exploring    the layout crash exploration uses (Erda: several segments per run)
     */
    record ServerSpec(KvShape shape, int maxClients, int keys, boolean paperLayout, int versions, boolean virtualTime, boolean exploring) {
        public ServerSpec {
            if (maxClients < 0 || keys < 1 || versions < 1) {
                throw new IllegalArgumentException("maxClients >= 0, keys >= 1 and versions >= 1, not " + maxClients + ", " + keys + ", " + versions);
            }
        }

        /** Buckets of a hash table for {@link #keys} keys at load at most 50%, 64 at least. */
        public int buckets() {
            return Math.max(64, 2 * keys);
        }

        /** {@link #maxClients}, at least one. */
        public int clients() {
            return Math.max(1, maxClients);
        }
    }

    /** A store's server half on its node: it serves connections, recovers, and describes itself to clients. */
    interface StoreServer {
        /** What a client needs to talk to this server: read by {@link KvProtocol#writeHandle}. */
        Object handle();

        /**
         * Starts the request handler of one client's connection and returns. It is called outside any of the node's
         * threads, so it must not block: start the handler with {@code node.spawnDaemon(name, ...)} (a server thread the
         * run does not wait for), and post receives and wait for requests there. A client posts the receive for its
         * reply before it SENDs; a SEND that finds no posted receive waits for one (the simulator's receiver-not-ready).
         */
        void serve(QueuePair responder, int clientId, String name);

        /**
         * Recovery after a restart, on a thread of the server's node, before any handler serves; returns how many
         * objects or records it repaired, replayed or dropped (reported, never judged: 0 for a store with nothing to do).
         */
        int recover();

        /** One pass of the log cleaner of a {@link KvProtocol#cleans() cleaning} protocol, on a thread of the server's node. */
        default void clean() {
            throw new UnsupportedOperationException("this store has no log cleaner");
        }

        /** The protocol's own server object (ErdaServer, EfServer, BaselineServer), for tests that look inside. */
        Object server();

        /** A server half made of its server object's methods; {@code clean} null for a store without a log cleaner. */
        static StoreServer of(Object server, java.util.function.Supplier<Object> handle, Handlers handlers, java.util.function.IntSupplier recover,
                              Runnable clean) {
            return new StoreServer() {
                @Override
                public Object handle() {
                    return handle.get();
                }

                @Override
                public void serve(QueuePair responder, int clientId, String name) {
                    handlers.serve(responder, clientId, name);
                }

                @Override
                public int recover() {
                    return recover.getAsInt();
                }

                @Override
                public void clean() {
                    if (clean == null) {
                        StoreServer.super.clean();
                    } else {
                        clean.run();
                    }
                }

                @Override
                public Object server() {
                    return server;
                }
            };
        }

        /** Starts the request handler of one client's connection (a server object's {@code serve}). */
        interface Handlers {
            void serve(QueuePair responder, int clientId, String name);
        }
    }

    /**
     * Which nodes of a fabric a deployment uses: the server's, and one per client (client {@code i} on
     * {@code clientNodes.get(i)}). The nodes are distinct; none is both.
     */
    record Placement(int serverNode, List<Integer> clientNodes) {
        public Placement {
            clientNodes = List.copyOf(clientNodes);
            if (serverNode < 0 || clientNodes.stream().anyMatch(n -> n < 0)) {
                throw new IllegalArgumentException("node ids are 0 or more, not server " + serverNode + ", clients " + clientNodes);
            }
            if (clientNodes.contains(serverNode) || clientNodes.stream().distinct().count() != clientNodes.size()) {
                throw new IllegalArgumentException("the server's node and the clients' nodes are all distinct, not server "
                        + serverNode + ", clients " + clientNodes);
            }
        }

        /** Node 0 serves, nodes 1..clients are the clients: what every deploy without a placement uses. */
        public static Placement serverFirst(int clients) {
            if (clients < 0) {
                throw new IllegalArgumentException("clients >= 0, not " + clients);
            }
            List<Integer> nodes = new ArrayList<>();
            for (int c = 1; c <= clients; c++) {
                nodes.add(c);
            }
            return new Placement(0, nodes);
        }

        /** How many clients it places. */
        public int clients() {
            return clientNodes.size();
        }
    }

    /**
     * A deployed store: one client per client node, and its server half. The handle is the {@link StoreServer} interface,
     * not a sealed type: a user's store plugs in through this seam, and the modules are on the class path, where a sealed
     * type's permitted classes must share its package (issue 31, item 6).
     */
    record Deployment(List<KvClient> clients, StoreServer store) {
        /** The protocol's own server object as {@code type} ({@link StoreServer#server()}), for tests that look inside it. */
        public <T> T server(Class<T> type) {
            return type.cast(store.server());
        }

        /** The protocol's own server object, if it is a {@code type} (a recovery audit, say). */
        public <T> java.util.Optional<T> serverAs(Class<T> type) {
            return type.isInstance(store.server()) ? java.util.Optional.of(type.cast(store.server())) : java.util.Optional.empty();
        }
    }

    /**
     * Registers the server's regions on node 0 and connects {@code clients} clients (nodes 1..clients). With
     * {@code recover}, a server thread runs recovery first and the handlers start after it.
     */
    default Deployment deploy(Fabric fabric, KvShape shape, int clients, boolean recover) {
        return deploy(fabric, shape, clients, recover, 32);
    }

    /** As {@link #deploy(Fabric, KvShape, int, boolean)}, with a hash table sized for {@code keys} keys (load ≤ 50%). */
    default Deployment deploy(Fabric fabric, KvShape shape, int clients, boolean recover, int keys) {
        return deploy(fabric, shape, Placement.serverFirst(clients), recover, keys);
    }

    /**
     * As {@link #deploy(Fabric, KvShape, int, boolean, int)}, on the nodes {@code placement} names: the server on its
     * node, client {@code i} on its {@code i}-th client node. A node the fabric lacks is refused before anything starts.
     */
    default Deployment deploy(Fabric fabric, KvShape shape, Placement placement, boolean recover, int keys) {
        return KvDeployer.deploy(this, fabric, placement, recover,
                new ServerSpec(shape, placement.clients(), keys, false, 64 * keys, fabric.virtualTime(), false), CLEANER_START_NS);
    }

    /**
     * Deploys in the layout paper 000 measures (Table 1, YCSB): for Redo Logging and Read After Write, records without
     * the sequence their crash recovery needs. Not for crash exploration.
     */
    default Deployment deployPaperLayout(Fabric fabric, KvShape shape, int clients, int keys, int versions) {
        return KvDeployer.deploy(this, fabric, Placement.serverFirst(clients), false,
                new ServerSpec(shape, clients, keys, true, versions, fabric.virtualTime(), false), CLEANER_START_NS);
    }

    /**
     * As {@link #deploy(Fabric, KvShape, int, boolean)}, in the layout crash exploration uses ({@link ServerSpec#exploring()}),
     * with a cleaning protocol's cleaner started {@code cleanerStartNs} into the run ({@link #CLEANER_START_NS} by default;
     * {@code rda fuzz} draws it, so that crashes land in every phase of a cleaning). A name of its own, so that a
     * {@code long} start time cannot be taken for the {@code int} key count of {@link #deploy(Fabric, KvShape, int, boolean, int)}.
     */
    default Deployment deployExploring(Fabric fabric, KvShape shape, int clients, boolean recover, long cleanerStartNs) {
        return KvDeployer.deploy(this, fabric, Placement.serverFirst(clients), recover,
                new ServerSpec(shape, clients, 32, false, 64 * 32, fabric.virtualTime(), true), cleanerStartNs);
    }
}
