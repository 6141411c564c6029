package io.rdasuite.store.nessie;

import io.rdasuite.store.fabric.Fabric;
import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.protocol.Claims;
import java.util.ArrayList;
import java.util.List;

/**
 * A Nessie deployment (§3.1 "Deployment Model", §4.1): every node is a client and a storage node, with one index
 * table, one data table (its DTI is the node id) and one client with its own LRU cache. Nessie is multi-node
 * and serverless, so it has its own entry point instead of an entry in the single-server
 * {@link io.rdasuite.store.protocol.KvProtocol} seam.
 */
public final class NessieCluster {
    /**
     * What Nessie claims (its descriptor): atomic, linearizable operations, several writers of a key; nothing
     * across crashes. Its tables are DRAM and it keeps no replicas (§3.1, §7): a crashed node's index and data
     * entries are gone, so the keys it held are lost, and operations meeting them fail or find nothing.
     */
    public static final Claims CLAIMS = Claims.ALL.without(io.rdasuite.store.protocol.Claim.DURABLE_AT_ACK, io.rdasuite.store.protocol.Claim.MONOTONIC_READS);

    /** One line for reports: Nessie's durability story. */
    public static final String DURABILITY = "no replicas, DRAM tables: a node crash loses that node's index and data entries";

    private final NessieConfig config;
    private final List<MemoryRegion> indexTables;
    private final List<MemoryRegion> dataTables;
    private final List<NessieKv> clients;
    private final List<NessieServer> servers;

    private NessieCluster(NessieConfig config, List<MemoryRegion> indexTables, List<MemoryRegion> dataTables, List<NessieKv> clients,
                          List<NessieServer> servers) {
        this.config = config;
        this.indexTables = indexTables;
        this.dataTables = dataTables;
        this.clients = clients;
        this.servers = servers;
    }

    /**
     * Registers the tables of nodes {@code 0..nodes-1}, connects every node to every node (itself included: a
     * node CASes its own ITEs through its NIC, §4.1.1) and returns one client per node. Call it before the
     * fabric runs; each client must then be used by one thread of its own node.
     */
    public static NessieCluster deploy(Fabric fabric, int nodes, NessieConfig config) {
        return deploy(fabric, nodes, 1, config);
    }

    /**
     * Deploys {@code config.mode()} on nodes {@code 0..nodes-1} with {@code clientsPerNode} clients (threads) per
     * node. Nessie: the clients of a node split its data table. NessieSD and NessieHY (§5): every node also gets a
     * request region, a reply region and {@code config.serverWorkers()} polling server threads, started here as
     * daemons (they occupy the node's cores whenever the fabric runs). Call it before the fabric runs.
     */
    public static NessieCluster deploy(Fabric fabric, int nodes, int clientsPerNode, NessieConfig config) {
        if (nodes < 1 || nodes > fabric.nodeCount()) {
            throw new IllegalArgumentException("Nessie on " + nodes + " nodes but the fabric has " + fabric.nodeCount());
        }
        if (clientsPerNode < 1 || clientsPerNode > config.dataEntriesPerNode()) {
            throw new IllegalArgumentException("1.." + config.dataEntriesPerNode() + " clients per node: " + clientsPerNode);
        }
        DataEntry layout = new DataEntry(config.shape());
        List<MemoryRegion> index = new ArrayList<>();
        List<MemoryRegion> data = new ArrayList<>();
        for (int n = 0; n < nodes; n++) {
            Node node = fabric.node(n);
            index.add(node.register(MemoryKind.DRAM, "nessie-index", 8L * config.indexSlotsPerNode()));
            data.add(node.register(MemoryKind.DRAM, "nessie-data", (long) layout.bytes() * config.dataEntriesPerNode()));
        }
        List<NessieKv> clients = new ArrayList<>();
        List<NessieServer> servers = new ArrayList<>();
        if (config.mode() == NessieMode.NESSIE) {
            long share = config.dataEntriesPerNode() / clientsPerNode;
            for (int n = 0; n < nodes; n++) {
                for (int c = 0; c < clientsPerNode; c++) {
                    clients.add(new NessieClient(fabric.node(n), config, List.copyOf(index), List.copyOf(data), connect(fabric, n, nodes), c * share, share, c));
                }
            }
        } else {
            int slots = nodes * clientsPerNode;
            List<MemoryRegion> requests = new ArrayList<>();
            List<MemoryRegion> replies = new ArrayList<>();
            for (int n = 0; n < nodes; n++) {
                requests.add(fabric.node(n).register(MemoryKind.DRAM, "nessie-requests", NessieServer.requestRegionBytes(config, slots)));
                replies.add(fabric.node(n).register(MemoryKind.DRAM, "nessie-replies", (long) clientsPerNode * NessieServer.replyBytes(config)));
            }
            for (int n = 0; n < nodes; n++) {
                NessieServer server = new NessieServer(fabric.node(n), config, index.get(n), data.get(n), requests.get(n), List.copyOf(replies), clientsPerNode);
                servers.add(server);
                for (int w = 0; w < config.serverWorkers(); w++) {
                    int worker = w;
                    QueuePair[] qps = connect(fabric, n, nodes);
                    fabric.node(n).spawnDaemon("nessie-server-" + n + "-" + w, () -> server.serve(worker, config.serverWorkers(), qps));
                }
            }
            for (int n = 0; n < nodes; n++) {
                for (int c = 0; c < clientsPerNode; c++) {
                    clients.add(new NessieServedClient(fabric.node(n), config, c, clientsPerNode, List.copyOf(index), List.copyOf(data),
                            List.copyOf(requests), replies.get(n), connect(fabric, n, nodes)));
                }
            }
        }
        return new NessieCluster(config, List.copyOf(index), List.copyOf(data), List.copyOf(clients), List.copyOf(servers));
    }

    private static QueuePair[] connect(Fabric fabric, int from, int nodes) {
        QueuePair[] qps = new QueuePair[nodes];
        for (int m = 0; m < nodes; m++) {
            qps[m] = fabric.connect(fabric.node(from), fabric.node(m)).requester();
        }
        return qps;
    }

    /** Nessie's clients, node-major (node {@code n}'s client {@code c} at {@code n * clientsPerNode + c}); Nessie mode only. */
    public List<NessieClient> clients() {
        if (config.mode() != NessieMode.NESSIE) {
            throw new IllegalStateException("clients() holds Nessie's own clients; a " + config.mode().cliName() + " deployment has kvClients()");
        }
        return clients.stream().map(NessieClient.class::cast).toList();
    }

    /** The clients of any mode, node-major. */
    public List<NessieKv> kvClients() {
        return clients;
    }

    /** Requests each node's server threads served (NessieSD, NessieHY; empty for Nessie). */
    public List<Long> servedRequests() {
        return servers.stream().map(NessieServer::served).toList();
    }

    public NessieConfig config() {
        return config;
    }

    public List<MemoryRegion> indexTables() {
        return indexTables;
    }

    public List<MemoryRegion> dataTables() {
        return dataTables;
    }
}
