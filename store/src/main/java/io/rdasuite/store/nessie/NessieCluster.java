package io.rdasuite.store.nessie;

import io.rdasuite.store.fabric.Fabric;
import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.QueuePair;
import java.util.ArrayList;
import java.util.List;

/**
 * A Nessie deployment (§3.1 "Deployment Model", §4.1): every node is a client and a storage node, with one index
 * table, one data table (its DTI is the node id) and one client with its own LRU cache. Nessie is multi-node
 * and serverless, so it has its own entry point instead of an entry in the single-server
 * {@link io.rdasuite.store.protocol.KvProtocol} enum.
 */
public final class NessieCluster {
    private final NessieConfig config;
    private final List<MemoryRegion> indexTables;
    private final List<MemoryRegion> dataTables;
    private final List<NessieClient> clients;

    private NessieCluster(NessieConfig config, List<MemoryRegion> indexTables, List<MemoryRegion> dataTables, List<NessieClient> clients) {
        this.config = config;
        this.indexTables = indexTables;
        this.dataTables = dataTables;
        this.clients = clients;
    }

    /**
     * Registers the tables of nodes {@code 0..nodes-1}, connects every node to every node (itself included: a
     * node CASes its own ITEs through its NIC, §4.1.1) and returns one client per node. Call it before the
     * fabric runs; each client must then be used by one thread of its own node.
     */
    public static NessieCluster deploy(Fabric fabric, int nodes, NessieConfig config) {
        if (nodes < 1 || nodes > fabric.nodeCount()) {
            throw new IllegalArgumentException("Nessie on " + nodes + " nodes but the fabric has " + fabric.nodeCount());
        }
        DataEntry layout = new DataEntry(config.shape());
        List<MemoryRegion> index = new ArrayList<>();
        List<MemoryRegion> data = new ArrayList<>();
        for (int n = 0; n < nodes; n++) {
            Node node = fabric.node(n);
            index.add(node.register(MemoryKind.DRAM, "nessie-index", 8L * config.indexSlotsPerNode()));
            data.add(node.register(MemoryKind.DRAM, "nessie-data", (long) layout.bytes() * config.dataEntriesPerNode()));
        }
        List<NessieClient> clients = new ArrayList<>();
        for (int n = 0; n < nodes; n++) {
            QueuePair[] qps = new QueuePair[nodes];
            for (int m = 0; m < nodes; m++) {
                qps[m] = fabric.connect(fabric.node(n), fabric.node(m)).requester();
            }
            clients.add(new NessieClient(fabric.node(n), config, List.copyOf(index), List.copyOf(data), qps));
        }
        return new NessieCluster(config, List.copyOf(index), List.copyOf(data), List.copyOf(clients));
    }

    /** Node {@code i}'s client. */
    public List<NessieClient> clients() {
        return clients;
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
