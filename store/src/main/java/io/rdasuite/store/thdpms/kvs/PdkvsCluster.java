package io.rdasuite.store.thdpms.kvs;

import io.rdasuite.store.fabric.Fabric;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.thdpms.pdsm.PdsmCluster;
import io.rdasuite.store.thdpms.pdsm.PdsmConfig;
import io.rdasuite.store.thdpms.pdsm.PdsmServer;
import java.util.ArrayList;
import java.util.List;

/** pDKVS deployed (paper 002 §4.3): a {@link PdsmCluster} whose servers run {@link PdkvsServer}, and a client per client node. */
public final class PdkvsCluster {
    public final PdsmCluster pdsm;
    public final List<PdkvsClient> clients = new ArrayList<>();
    public final List<PdkvsServer> servers = new ArrayList<>();

    private PdkvsCluster(PdsmCluster pdsm) {
        this.pdsm = pdsm;
    }

    /** CCEH segments of 2 buckets × 1 slot: a handful of keys splits and doubles (what the explorer wants). */
    public static PdkvsCluster deploy(Fabric fabric, List<Integer> serverNodes, int monitorNode, List<Integer> clientNodes, PdsmConfig config, long seed,
                                      boolean recover, Plant bug) {
        return deploy(fabric, serverNodes, monitorNode, clientNodes, config, seed, recover, bug, 2, 1);
    }

    /** As above with CCEH segments of {@code buckets} × {@code slots} (a power of two buckets; benchmarks use 16 × 4). */
    public static PdkvsCluster deploy(Fabric fabric, List<Integer> serverNodes, int monitorNode, List<Integer> clientNodes, PdsmConfig config, long seed,
                                      boolean recover, Plant bug, int buckets, int slots) {
        return over(PdsmCluster.deploy(fabric, serverNodes, monitorNode, clientNodes, config, seed, recover), config, bug, buckets, slots);
    }

    /**
     * pDKVS over a pDSM cluster deployed on its own (e.g. with the monitor's log on Apache Ratis, each node in its own
     * process): every local PM server gets the CCEH extension, every client a pDKVS client.
     */
    public static PdkvsCluster over(PdsmCluster pdsm, PdsmConfig config, Plant bug, int buckets, int slots) {
        PdkvsCluster cluster = new PdkvsCluster(pdsm);
        for (PdsmServer s : pdsm.servers) {
            PdkvsServer k = new PdkvsServer(s, config, bug, buckets, slots);
            s.extend(k);
            cluster.servers.add(k);
        }
        pdsm.clients.forEach(c -> cluster.clients.add(new PdkvsClient(c)));
        return cluster;
    }
}
