package io.rdasuite.store.thdpms.pdsm;

import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.WorkRequest;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.persist.RemoteUpdater;
import io.rdasuite.store.persist.Update;
import io.rdasuite.store.thdpms.ThdpmsPlantedBug;
import io.rdasuite.store.thdpms.irdma.IrdmaRpc;
import io.rdasuite.store.thdpms.monitor.MappingItem;
import io.rdasuite.store.thdpms.monitor.Monitor;
import io.rdasuite.store.thdpms.monitor.MonitorView;
import io.rdasuite.store.thdpms.monitor.Replica;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.TreeMap;

/**
 * A pDSM client (paper 002 §4.1.8, Table 4: {@code put_obj}, {@code get_obj}, {@code del_obj}). A put allocates a new
 * extent block and pages at the object's primary (iRDMA RPC), writes and persists them one-sided at the primary and
 * mirrors them to every backup (§4.1.7), then commits the pointer swing at the primary. A get reads the table, the
 * extent block and the pages with one-sided READs. Every request carries the client's epoch; on a refusal or a broken
 * connection the client re-reads the mapping from the monitor (waiting for the failover) and retries.
 */
public final class PdsmClient {
    /** Attempts per operation before it is reported failed. */
    static final int ATTEMPTS = 8;
    /**
     * Re-reads of a table whose root is pending (PdsmServer.PENDING_ROOT), each a READ round trip, before the get treats it
     * as a failed READ: it re-reads the mapping (waiting in probe periods for a failover) and uses up an attempt. Giving up
     * at once made a get of an acknowledged object answer nothing whenever a commit's mirror took longer than these
     * re-reads (a descheduled backup process: PendingRootTest).
     */
    static final int PENDING_REREADS = 256;
    /** A round trip to the monitor for the mapping (modelled). */
    static final long MONITOR_RPC_NANOS = 3_000;

    private final Node node;
    private final int clientId;
    private final PdsmConfig config;
    private final Monitor monitor;
    private final PdsmCluster cluster;
    private boolean started;
    private final TreeMap<Integer, IrdmaRpc.Client> rpc;
    private final TreeMap<Long, RemoteUpdater> updaters;
    private final TreeMap<Integer, QueuePair> readers;
    private final Plant planted;
    private long epoch;
    private final TreeMap<Long, MappingItem> items = new TreeMap<>();

    PdsmClient(Node node, int clientId, PdsmConfig config, PdsmCluster cluster, TreeMap<Integer, IrdmaRpc.Client> rpc, TreeMap<Long, RemoteUpdater> updaters,
               TreeMap<Integer, QueuePair> readers) {
        this.node = node;
        this.clientId = clientId;
        this.config = config;
        this.cluster = cluster;
        this.monitor = cluster.monitor;
        this.rpc = rpc;
        this.updaters = updaters;
        this.readers = readers;
        this.planted = config.plantedBug();
    }

    private Placement placement;
    private List<Long> segmentList;

    /** The mapped segments as of this client's start, ascending (the cluster's segment numbers do not change). */
    public List<Long> segments() {
        start();
        return segmentList;
    }

    /** On the first operation: waits for the cluster's bootstrap, then reads the mapping. */
    private void start() {
        if (!started) {
            cluster.awaitReady(node);
            MonitorView view = monitor.view();
            placement = new Placement(view.table().keySet());
            segmentList = List.copyOf(new java.util.TreeSet<>(view.table().keySet()));
            adopt(view);
            started = true;
        }
    }

    private void adopt(MonitorView view) {
        epoch = view.epoch();
        items.clear();
        for (long s : view.table().keySet()) {
            items.put(s, monitor.lookup(clientId, s)); // rkeys only for segments this client was granted (§4.1.2)
        }
    }

    /** Re-reads the mapping, waiting (in probe periods) for an epoch newer than the one that failed. */
    private void refresh() {
        for (int i = 0; i < 4 * config.missedProbes() + 8; i++) {
            node.clock().sleepNanos(MONITOR_RPC_NANOS);
            MonitorView v = monitor.view();
            if (v.epoch() > epoch) {
                adopt(v);
                return;
            }
            node.clock().sleepNanos(config.probeNanos());
        }
    }

    /** {@code put_obj}: true once the new version is committed (durable at its replicas). */
    public boolean put(ObjectId id, byte[] value) {
        if (value.length > config.pageBytes() || value.length % 8 != 0) {
            throw new IllegalArgumentException("values are whole 8-byte words up to a page (" + config.pageBytes() + " bytes): " + value.length);
        }
        return write(id, value);
    }

    /** {@code del_obj}: true once the deletion is committed. */
    public boolean delete(ObjectId id) {
        return write(id, null);
    }

    private boolean write(ObjectId id, byte[] value) {
        start();
        long segment = placement.segmentOf(id);
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            MappingItem item = items.get(segment);
            if (item == null) {
                return false; // every replica lost
            }
            Replica primary = item.primary();
            long extent = 0;
            if (value != null) {
                long[] a = rpc.get(primary.nodeId()).call(Messages.of(Messages.ALLOC, epoch, segment, config.pageBytes()));
                if (a == null || a[0] != Messages.OK) {
                    refresh();
                    continue;
                }
                extent = a[2];
                long pages = a[3];
                MemorySegment data = MemorySegment.ofArray(value.clone());
                MemorySegment block = MemorySegment.ofArray(new long[] {id.high(), id.low(), 1, pages, 1, value.length, 0, 0});
                if (!mirror(item, pages, data, extent, block)) {
                    refresh();
                    continue;
                }
            }
            long[] c = rpc.get(primary.nodeId()).call(Messages.of(Messages.COMMIT, epoch, segment, id.hash(), extent));
            if (c == null || c[0] != Messages.OK) {
                refresh();
                continue;
            }
            return true;
        }
        return false;
    }

    /** Writes the pages and the extent block at the primary and every backup; false when the primary failed. */
    private boolean mirror(MappingItem item, long pages, MemorySegment data, long extent, MemorySegment block) {
        for (int i = 0; i < item.replicas().size(); i++) {
            if (i > 0 && planted == ThdpmsPlantedBug.NOT_MIRRORED_TO_BACKUP) {
                break;
            }
            Replica r = item.replicas().get(i);
            RemoteUpdater u = updaters.get(PdsmServer.updaterKey(r.nodeId(), r.localSegment()));
            boolean ok;
            if (planted == ThdpmsPlantedBug.SWING_BEFORE_PAGES_PERSIST) {
                QueuePair qp = readers.get(r.nodeId()); // plain WRITEs: placed, never made persistent before the commit
                qp.post(WorkRequest.write(data, r.baseAddress() + pages, r.rkey()).unsignaled());
                ok = qp.execute(WorkRequest.write(block, r.baseAddress() + extent, r.rkey())).ok();
            } else {
                ok = u.apply(List.of(new Update(r.baseAddress() + pages, r.rkey(), data)))
                        && u.apply(List.of(new Update(r.baseAddress() + extent, r.rkey(), block)));
            }
            if (!ok && i == 0) {
                return false;
            }
        }
        return true;
    }

    // ---- Table 4's raw heap: pallocate, pfree, read, write (no atomicity or crash guarantee, §4.1.8) -----------------

    /**
     * {@code pallocate(size)}: a heap block in the segment that {@code affinity} places (consistent hashing of the id,
     * as for objects: the paper's {@code pallocate(size, affi_addr)}), as a global address; null when full or unreachable.
     */
    public io.rdasuite.store.thdpms.addr.GlobalAddress pallocate(int size, ObjectId affinity) {
        start();
        return pallocate(size, placement.segmentOf(affinity));
    }

    /** {@code pallocate(size)} in segment {@code segment}; null when full or unreachable. */
    public io.rdasuite.store.thdpms.addr.GlobalAddress pallocate(int size, long segment) {
        start();
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            MappingItem item = items.get(segment);
            if (item == null) {
                return null;
            }
            long[] a = rpc.get(item.primary().nodeId()).call(Messages.of(Messages.PALLOCATE, epoch, segment, size));
            if (a != null && a[0] == Messages.OK) {
                return io.rdasuite.store.thdpms.addr.GlobalAddress.of(item.replicas().size(), io.rdasuite.store.thdpms.addr.GlobalAddress.READ
                        | io.rdasuite.store.thdpms.addr.GlobalAddress.WRITE, io.rdasuite.store.thdpms.addr.GlobalAddress.Space.HEAP, segment, a[2]);
            }
            if (a != null && a[0] == Messages.FULL) {
                return null;
            }
            refresh();
        }
        return null;
    }

    /** {@code pfree(p)}: true when {@code p} was an allocated block. */
    public boolean pfree(io.rdasuite.store.thdpms.addr.GlobalAddress p) {
        start();
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            MappingItem item = items.get(p.segmentNo());
            if (item == null) {
                return false;
            }
            long[] a = rpc.get(item.primary().nodeId()).call(Messages.of(Messages.PFREE, epoch, p.segmentNo(), p.offset()));
            if (a != null && (a[0] == Messages.OK || a[0] == Messages.FULL)) {
                return a[0] == Messages.OK;
            }
            refresh();
        }
        return false;
    }

    /** {@code write(addr, buf)}: one-sided WRITEs to the segment's primary and backups, persisted by the recipe. */
    public boolean write(io.rdasuite.store.thdpms.addr.GlobalAddress addr, byte[] data) {
        start();
        MappingItem item = items.get(addr.segmentNo());
        if (item == null) {
            return false;
        }
        MemorySegment bytes = MemorySegment.ofArray(data.clone());
        boolean ok = true;
        for (int i = 0; i < item.replicas().size(); i++) {
            if (i > 0 && planted == ThdpmsPlantedBug.NOT_MIRRORED_TO_BACKUP) {
                break; // the plant skips the backups here too (a layer's items: pDKVS, pDFS)
            }
            Replica r = item.replicas().get(i);
            boolean done = updaters.get(PdsmServer.updaterKey(r.nodeId(), r.localSegment()))
                    .apply(List.of(new Update(r.baseAddress() + addr.offset(), r.rkey(), bytes)));
            ok &= done || i > 0;
        }
        return ok;
    }

    /** {@code read(addr, size)}: a one-sided READ at the primary; null when it failed. */
    public byte[] read(io.rdasuite.store.thdpms.addr.GlobalAddress addr, int size) {
        start();
        MappingItem item = items.get(addr.segmentNo());
        if (item == null) {
            return null;
        }
        Replica p = item.primary();
        MemorySegment data = MemorySegment.ofArray(new byte[size]);
        return readers.get(p.nodeId()).execute(WorkRequest.read(data, p.baseAddress() + addr.offset(), p.rkey())).ok()
                ? data.toArray(ValueLayout.JAVA_BYTE) : null;
    }

    /** The bytes a GET reads. */
    public sealed interface Read {
    }

    /** The object's current value. */
    public record Found(byte[] value) implements Read {
    }

    /** No such object (never put, or deleted). */
    public record Absent() implements Read {
    }

    /** The table names a version whose extent block is not this object's (torn or unpersisted metadata). */
    public record Unreadable(String why) implements Read {
    }

    /** {@code get_obj}: one-sided READs of the table, the extent block and the pages at the primary; null when every attempt failed. */
    public Read get(ObjectId id) {
        start();
        long segment = placement.segmentOf(id);
        int pendingReads = 0;
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            MappingItem item = items.get(segment);
            if (item == null) {
                return null;
            }
            Replica p = item.primary();
            QueuePair qp = readers.get(p.nodeId());
            MemorySegment table = MemorySegment.ofArray(new long[2 * config.tableBuckets()]);
            if (!qp.execute(WorkRequest.read(table, p.baseAddress() + config.tableOffset(), p.rkey())).ok()) {
                refresh();
                continue;
            }
            long hash = id.hash();
            long root = 0;
            int home = (int) Long.remainderUnsigned(hash, config.tableBuckets());
            for (int i = 0; i < config.tableBuckets(); i++) {
                int b = (home + i) % config.tableBuckets();
                long bucketId = table.getAtIndex(ValueLayout.JAVA_LONG, 2L * b);
                if (bucketId == hash) {
                    root = table.getAtIndex(ValueLayout.JAVA_LONG, 2L * b + 1);
                    break;
                } else if (bucketId == 0) {
                    break;
                }
            }
            if ((root & PdsmServer.PENDING_ROOT) != 0) {
                if (++pendingReads < PENDING_REREADS) {
                    attempt--; // a swing not yet persisted everywhere: read the table again, without using up an attempt
                } else {
                    pendingReads = 0; // pending this long: its mirror is slow, or its primary failed; as after a failed READ
                    refresh();
                }
                continue;
            }
            if (root == 0) {
                return new Absent();
            }
            MemorySegment block = MemorySegment.ofArray(new long[8]);
            if (!qp.execute(WorkRequest.read(block, p.baseAddress() + root, p.rkey())).ok()) {
                refresh();
                continue;
            }
            long[] e = block.toArray(ValueLayout.JAVA_LONG);
            if (e[0] != id.high() || e[1] != id.low() || e[5] <= 0 || e[5] > config.pageBytes()) {
                return new Unreadable("the extent block at " + root + " is not object " + id.low() + "'s");
            }
            MemorySegment data = MemorySegment.ofArray(new byte[(int) e[5]]);
            if (!qp.execute(WorkRequest.read(data, p.baseAddress() + e[3], p.rkey())).ok()) {
                refresh();
                continue;
            }
            return new Found(data.toArray(ValueLayout.JAVA_BYTE));
        }
        return null;
    }

    public long epoch() {
        return epoch;
    }

    // ---- the surface the transaction layer (…thdpms.txn) builds on ----------------------------------------------------

    /** Waits for the cluster and reads the mapping (once). */
    public void begin() {
        start();
    }

    /** The replicas of {@code segmentNo} as this client knows them, or null when every replica is lost. */
    public MappingItem mapping(long segmentNo) {
        return items.get(segmentNo);
    }

    /** The segment consistent hashing places {@code id} in. */
    public long segmentOf(ObjectId id) {
        start();
        return placement.segmentOf(id);
    }

    /** This client's iRDMA connection to server {@code nodeId}. */
    public IrdmaRpc.Client rpc(int nodeId) {
        return rpc.get(nodeId);
    }

    /** This client's queue pair for one-sided READs and WRITEs to server {@code nodeId}. */
    public QueuePair reader(int nodeId) {
        return readers.get(nodeId);
    }

    public Node node() {
        return node;
    }

    public int clientId() {
        return clientId;
    }

    /** Re-reads the mapping after a failure, waiting (bounded) for a newer epoch. */
    public void reconfigure() {
        refresh();
    }

    /** Re-reads the mapping now (after a recovery the client waited for). */
    public void reload() {
        adopt(monitor.view());
    }
}
