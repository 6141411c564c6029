package io.rdasuite.store.thdpms.fs;

import io.rdasuite.store.fabric.Fabric;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.thdpms.kvs.PdkvsCluster;
import io.rdasuite.store.thdpms.pdsm.PdsmConfig;
import java.util.ArrayList;
import java.util.List;

/** pDFS deployed (paper 002 §4.2) over pDKVS's tables: the first mapped segment's primary is the directory server. */
public final class PdfsCluster {
    public final PdkvsCluster kvs;
    public final List<PdfsClient> clients = new ArrayList<>();

    private PdfsCluster(PdkvsCluster kvs) {
        this.kvs = kvs;
    }

    public static PdfsCluster deploy(Fabric fabric, List<Integer> serverNodes, int monitorNode, List<Integer> clientNodes, PdsmConfig config, long seed,
                                     boolean recover, Plant bug) {
        return deploy(fabric, serverNodes, monitorNode, clientNodes, config, seed, recover, bug, 2, 1);
    }

    /** As above with CCEH segments of {@code buckets} × {@code slots} in the metadata tables. */
    public static PdfsCluster deploy(Fabric fabric, List<Integer> serverNodes, int monitorNode, List<Integer> clientNodes, PdsmConfig config, long seed,
                                     boolean recover, Plant bug, int buckets, int slots) {
        return over(PdkvsCluster.deploy(fabric, serverNodes, monitorNode, clientNodes, config, seed, recover, Plant.NONE, buckets, slots), bug);
    }

    /**
     * pDFS over a pDKVS cluster deployed on its own (e.g. each node in its own process): every local pDKVS server learns
     * that a file inode keeps its data block alive, and every pDKVS client gets a pDFS client.
     */
    public static PdfsCluster over(PdkvsCluster kvs, Plant bug) {
        PdfsCluster cluster = new PdfsCluster(kvs);
        if (bug != PdfsPlantedBug.DATA_NOT_ROOTED) {
            kvs.servers.forEach(s -> s.keepAliveThroughValues(FsRecord::dataBlocks));
        }
        for (int c = 0; c < kvs.clients.size(); c++) {
            cluster.clients.add(new PdfsClient(kvs.clients.get(c), c, bug));
        }
        return cluster;
    }
}
