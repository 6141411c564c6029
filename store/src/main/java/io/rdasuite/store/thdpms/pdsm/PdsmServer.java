package io.rdasuite.store.thdpms.pdsm;

import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.kv.ServerLock;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.persist.RemoteUpdater;
import io.rdasuite.store.persist.Update;
import io.rdasuite.store.pm.LocalMemory;
import io.rdasuite.store.thdpms.ThdpmsPlantedBug;
import io.rdasuite.store.thdpms.monitor.MappingItem;
import io.rdasuite.store.thdpms.monitor.MonitorView;
import io.rdasuite.store.thdpms.monitor.Replica;
import io.rdasuite.store.thdpms.palloc.PAllocator;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * A PM server of pDSM (paper 002 §4.1): its segments, each a region of its own with its own rkey; for the segments it
 * is primary of, a PAllocator and the object table's commits; the epoch it knows. Requests built on an older epoch are
 * refused (§4.1.3). A commit swings an object's root (one 8-byte word: copy-on-write, §4.1.5), persists it, and
 * mirrors the bucket to the segment's backups with the paper-003 recipe of their configuration before acknowledging
 * (§4.1.7: the metadata changes only after the data is replicated, which the client did before committing). After a
 * failover the monitor has it copy a segment it is primary of to a place reserved for a new replica ({@link #rereplicate})
 * before the place is mapped; a commit checks the epoch again once it holds the lock.
 */
public final class PdsmServer {
    final Node node;
    final PdsmConfig config;
    final List<MemoryRegion> segments = new ArrayList<>();
    private final List<LocalMemory> memory = new ArrayList<>();
    private final List<ServerLock> locks = new ArrayList<>();
    final MemoryRegion heartbeat;
    private final TreeMap<Long, Integer> primaryOf = new TreeMap<>();
    private final TreeMap<Long, Integer> backupOf = new TreeMap<>();
    private final TreeMap<Long, PAllocator> allocators = new TreeMap<>();
    /** segment number → updaters writing this server's copy of it to each backup (set while primary). */
    private final TreeMap<Long, List<RemoteUpdater>> mirrors = new TreeMap<>();
    /** (backup node, backup local segment) → the updater that writes there; wired by the cluster. */
    final TreeMap<Long, RemoteUpdater> updaters = new TreeMap<>();
    private final Plant planted;
    private long epoch;
    private final List<long[]> unflushedSwings = new ArrayList<>();
    /** {@link #stallNextCommit}: the object whose next commit here stalls, and for how long (0: none). */
    private long stallIdHash;
    private long stallNanos;

    /** The name of local segment s's region is this prefix and s. */
    public static final String SEGMENT_REGION_PREFIX = "pdsm-seg-";

    /** Registers the segments (a restarted node gets their PM contents back) and the probe word. */
    public PdsmServer(Node node, PdsmConfig config) {
        this.node = node;
        this.config = config;
        this.planted = config.plantedBug();
        for (int s = 0; s < config.segmentsPerServer(); s++) {
            MemoryRegion r = node.register(MemoryKind.PM, SEGMENT_REGION_PREFIX + s, config.segmentBytes());
            segments.add(r);
            memory.add(node.local(r));
            locks.add(new ServerLock(node.clock()));
        }
        this.heartbeat = node.register(MemoryKind.DRAM, "pdsm-heartbeat", 64);
    }

    /** This server's segments as the monitor records them. */
    public List<Replica> replicas() {
        List<Replica> r = new ArrayList<>();
        for (int s = 0; s < segments.size(); s++) {
            r.add(new Replica(node.id(), s, segments.get(s).baseAddress(), segments.get(s).rkey()));
        }
        return r;
    }

    static long updaterKey(int node, int localSegment) {
        return (long) node << 32 | localSegment;
    }

    /**
     * The configuration broadcast (§4.1.3): the new epoch and mapping. Segments this server is now primary of (mapped,
     * or promoted from backup after a failover) get an allocator rebuilt from their table, and mirrors to their backups.
     */
    public void learn(MonitorView view) {
        if (extension != null) {
            extension.learning(view, () -> update(view));
        } else {
            update(view);
        }
    }

    /** Applies a configuration; returns the segments this server became primary of. */
    private List<Long> update(MonitorView view) {
        epoch = Math.max(epoch, view.epoch());
        List<Long> promoted = new ArrayList<>();
        backupOf.clear();
        for (MappingItem item : view.table().values()) {
            for (Replica b : item.backups()) {
                if (b.nodeId() == node.id()) {
                    backupOf.put(item.segmentNo(), b.localSegment());
                }
            }
            if (item.primary().nodeId() != node.id()) {
                primaryOf.remove(item.segmentNo());
                continue;
            }
            int local = item.primary().localSegment();
            if (!primaryOf.containsKey(item.segmentNo())) {
                long segmentNo = item.segmentNo();
                PAllocator a = new PAllocator(memory.get(local), config.heapOffset(), config.segmentBytes(), config.chunkBytes(),
                        planted != ThdpmsPlantedBug.CHUNK_BEFORE_HEADER_PERSISTS, header -> mirror(segmentNo, header, 8));
                a.rebuild(liveBlocks(local)); // loads yield to the handlers: publish the segment only once its allocator is whole
                allocators.put(segmentNo, a);
                primaryOf.put(segmentNo, local);
                promoted.add(segmentNo);
            }
            List<RemoteUpdater> m = new ArrayList<>();
            for (Replica b : item.backups()) {
                RemoteUpdater u = updaters.get(updaterKey(b.nodeId(), b.localSegment()));
                places.put(u, b);
                m.add(u);
            }
            Replica place = copied.get(item.segmentNo());
            if (place != null && (item.replicas().contains(place) || !view.liveServers().contains(place.nodeId()))) {
                copied.remove(item.segmentNo()); // mapped (or its server died): the epoch check suffices again
            } else if (place != null) {
                m.add(updaters.get(updaterKey(place.nodeId(), place.localSegment()))); // copied, not mapped yet: keep it current
            }
            mirrors.put(item.segmentNo(), m);
            if (promoted.contains(item.segmentNo()) && planted != ThdpmsPlantedBug.SWING_VISIBLE_BEFORE_DURABLE) { // (the plant makes no marks)
                settlePendingRoots(item.segmentNo(), local);
            }
        }
        copied.keySet().retainAll(primaryOf.keySet());
        applied = view.epoch();
        return promoted;
    }

    private long applied;

    /** The newest epoch whose configuration this server has finished applying (promotions and re-replication done). */
    public long appliedEpoch() {
        return applied;
    }

    /** segment number → the place a re-replication copied it to, while no configuration this server learned maps it. */
    private final TreeMap<Long, Replica> copied = new TreeMap<>();

    /**
     * Re-replication (§4.1.7; §4.1.3: the remapped segments are copied before they serve again), asked by the monitor for
     * a place it reserved on server {@code node}, local segment {@code localSegment}: under the segment's lock, writes
     * every byte of the segment a restart or a failover reads (the area before the heap — header, object table, the
     * layers' fixed areas —, every chunk's header word, a free chunk's included, since a place a rejoined server offers
     * kept the headers of the replica it held before, and every live block the table and the layers reach)
     * there, persistently. Until a configuration that maps the place arrives, the segment's requests are refused
     * (§4.1.3: "all requests to the remapped segments are blocked until they have been replicated to new places"; a
     * client's pages would miss the place) and the bucket mirrors go there too. The monitor maps the place only after
     * this returns.
     */
    public long[] rereplicate(long segmentNo, Replica place) {
        Integer local = primaryOf.get(segmentNo);
        RemoteUpdater target = updaters.get(updaterKey(place.nodeId(), place.localSegment()));
        if (local == null || target == null) {
            return Messages.of(Messages.NOT_PRIMARY, epoch);
        }
        ServerLock lock = locks.get(local);
        lock.lock();
        try {
            places.put(target, place);
            copySegment(local, target);
            List<RemoteUpdater> m = new ArrayList<>(mirrors.getOrDefault(segmentNo, List.of()));
            if (!m.contains(target)) { // not mapped yet (as it should be): block the segment until it is
                m.add(target);
                mirrors.put(segmentNo, m);
                copied.put(segmentNo, place);
            }
            return Messages.of(Messages.OK, epoch);
        } finally {
            lock.unlock();
        }
    }

    /**
     * The epoch a request on {@code segmentNo} must carry at least (none passes while a copy waits to be mapped: a client
     * that wrote an item or a block one-sided under the old configuration missed the copy). A layer's requests
     * ({@link Extension}) are held to it too.
     */
    public long requiredEpoch(long segmentNo) {
        return copied.containsKey(segmentNo) ? Long.MAX_VALUE : epoch;
    }

    private void copySegment(int local, RemoteUpdater backup) {
        Place target = placeOf(backup);
        LocalMemory m = memory.get(local);
        List<long[]> ranges = new ArrayList<>();
        ranges.add(new long[] {0, config.heapOffset()});
        for (long c = config.heapOffset(); c + config.chunkBytes() <= config.segmentBytes(); c += config.chunkBytes()) {
            ranges.add(new long[] {c, 8}); // a free chunk's word too: the place may hold a header from a replica it was before
        }
        for (long block : liveBlocks(local)) {
            int size = PAllocator.classOf(m.load8(chunkOf(block)));
            if (size > 0 && block + size <= config.segmentBytes()) {
                ranges.add(new long[] {block, size});
            }
        }
        for (long[] r : ranges) {
            for (long at = r[0]; at < r[0] + r[1]; at += COPY_PIECE_BYTES) { // pieces a message slot of any recipe carries
                MemorySegment content = MemorySegment.ofArray(new long[(int) Math.min(COPY_PIECE_BYTES, r[0] + r[1] - at) / 8]);
                m.load(at, content);
                backup.apply(List.of(new Update(target.address(at), target.rkey(), content)));
            }
        }
    }

    /** Re-replication writes at most this many bytes per update (a message recipe's receive slot holds 256 with its header). */
    static final int COPY_PIECE_BYTES = 64;

    private long chunkOf(long offset) {
        return config.heapOffset() + (offset - config.heapOffset()) / config.chunkBytes() * config.chunkBytes();
    }

    // ---- the surface the transaction layer (…thdpms.txn) builds on ----------------------------------------------------

    /** A layer that handles requests of operation codes {@value #EXTENSION_OPS} and up, and sees each configuration. */
    public interface Extension {
        long[] handle(long[] request);

        /** Runs {@code update} (which applies the configuration and returns the segments this server became primary of). */
        void learning(MonitorView view, java.util.function.Supplier<List<Long>> update);

        /** Heap blocks this layer keeps alive in a segment (roots for the allocator's rebuild besides the object table). */
        default List<Long> liveBlocks(LocalMemory segment) {
            return List.of();
        }
    }

    /** Operation codes from here on go to the {@link Extension}. */
    public static final long EXTENSION_OPS = 16;
    private Extension extension;

    /** Installs the transaction layer (on the driver, before the run). */
    public void extend(Extension e) {
        this.extension = e;
    }

    /** The local segment holding this server's primary copy of {@code segmentNo}, or null. */
    public Integer primaryLocal(long segmentNo) {
        return primaryOf.get(segmentNo);
    }

    /** The local segment holding this server's backup copy of {@code segmentNo}, or null. */
    public Integer backupLocal(long segmentNo) {
        return backupOf.get(segmentNo);
    }

    /** The segments this server is primary of. */
    public java.util.SortedSet<Long> primarySegments() {
        return java.util.Collections.unmodifiableSortedSet(new java.util.TreeSet<>(primaryOf.keySet()));
    }

    /** Local memory of segment {@code local} (use only from this node's actors). */
    public LocalMemory segmentMemory(int local) {
        return memory.get(local);
    }

    /** Every block the segment's table reaches: each live object's extent block and its pages (PAllocator's rebuild source). */
    List<Long> liveBlocks(int local) {
        LocalMemory m = memory.get(local);
        List<Long> live = new ArrayList<>();
        for (int b = 0; b < config.tableBuckets(); b++) {
            long bucket = config.tableOffset() + 16L * b;
            long root = rootOf(m.load8(bucket + 8));
            if (m.load8(bucket) != 0 && root != 0) {
                live.add(root);
                live.add(m.load8(root + 24));
            }
        }
        if (extension != null) {
            live.addAll(extension.liveBlocks(m));
        }
        return live;
    }

    /** Segment {@code segmentNo}'s allocator, while this server is its primary (null otherwise). */
    public PAllocator allocator(long segmentNo) {
        return allocators.get(segmentNo);
    }

    /** The lock that serializes a local segment's allocations and commits. */
    public ServerLock lock(int local) {
        return locks.get(local);
    }

    /**
     * Writes this server's persisted bytes {@code [offset, offset + length)} of a segment it is primary of to every
     * backup, persistently (§4.1.7), in the order of calls.
     */
    public void mirrorRange(long segmentNo, long offset, int length) {
        mirror(segmentNo, offset, length);
    }

    /** Structural errors of a recovered segment (blocks whose chunk lost its class header), for the explorer. */
    public List<String> check(int local) {
        PAllocator a = new PAllocator(memory.get(local), config.heapOffset(), config.segmentBytes(), config.chunkBytes(), true);
        return a.rebuild(liveBlocks(local));
    }

    public Node node() {
        return node;
    }

    public long epoch() {
        return epoch;
    }

    /** One iRDMA request (see {@link Messages}; codes from {@link #EXTENSION_OPS} go to the installed extension). */
    public long[] handle(long[] request) {
        if (extension != null && request[0] >= EXTENSION_OPS) {
            return extension.handle(request);
        }
        if (request[1] < requiredEpoch(request[2]) && planted != ThdpmsPlantedBug.STALE_EPOCH_ACCEPTED) {
            return Messages.of(Messages.STALE_EPOCH, epoch);
        }
        Integer local = primaryOf.get(request[2]);
        if (local == null) {
            return Messages.of(Messages.NOT_PRIMARY, epoch);
        }
        if (request[0] == Messages.PALLOCATE || request[0] == Messages.PFREE) {
            PAllocator a = allocators.get(request[2]);
            ServerLock lock = locks.get(local);
            lock.lock();
            try {
                if (request[0] == Messages.PFREE) {
                    return Messages.of(a.free(request[3]) ? Messages.OK : Messages.FULL, epoch);
                }
                long block = a.allocate((int) request[3]);
                return block < 0 ? Messages.of(Messages.FULL, epoch) : Messages.of(Messages.OK, epoch, block);
            } finally {
                lock.unlock();
            }
        }
        if (request[0] == Messages.ALLOC) {
            PAllocator a = allocators.get(request[2]);
            ServerLock lock = locks.get(local); // a new chunk's header persists (and is mirrored) under the lock: no block of it leaves before
            lock.lock();
            try {
                long extent = a.allocate(Messages.EXTENT_BYTES);
                long pages = a.allocate((int) request[3]);
                return extent < 0 || pages < 0 ? Messages.of(Messages.FULL, epoch) : Messages.of(Messages.OK, epoch, extent, pages);
            } finally {
                lock.unlock();
            }
        }
        return commit(request[1], request[2], local, request[3], request[4]);
    }

    /**
     * A root word's mark: the swing it holds is not yet persisted at the primary and at every backup (readers retry).
     * Root offsets lie within a segment, far below bit 63. Not in the paper, which does not say when a swing becomes
     * visible to one-sided get_obj readers (§4.1.5, §4.1.8): see {@link #commit}.
     */
    public static final long PENDING_ROOT = Long.MIN_VALUE;

    /** A root word without its pending mark. */
    public static long rootOf(long word) {
        return word & ~PENDING_ROOT;
    }

    /**
     * A segment this server becomes primary of (every path: a restart from its PM, or a promotion of its backup copy, which
     * a re-replicated copy or a rejoined server's is too): a pending mark in its own copy, left by a crash of this server
     * between a commit's swing and the mark's clearing, is settled. The swing may not have reached the backups, so the
     * bucket is mirrored to them first (unmarked), then the mark cleared; readers wait on it meanwhile. Under the
     * segment's lock: a commit may arrive once the segment is published. A backup's copy never holds a mark
     * ({@link #commit} mirrors the word unmarked), so a promoted backup, which clients read one-sided as soon as the
     * monitor names it and before the broadcast reaches it (§4.1.3), has nothing to settle.
     */
    private void settlePendingRoots(long segmentNo, int local) {
        LocalMemory m = memory.get(local);
        ServerLock lock = locks.get(local);
        lock.lock();
        try {
            for (int b = 0; b < config.tableBuckets(); b++) {
                long bucket = config.tableOffset() + 16L * b;
                long word = m.load8(bucket + 8);
                if ((word & PENDING_ROOT) != 0) {
                    mirrorWords(segmentNo, bucket, m.load8(bucket), rootOf(word));
                    m.store8(bucket + 8, rootOf(word));
                    m.persist(bucket + 8, 8);
                }
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * The next commit of object {@code idHash} on this server stalls {@code nanos} (virtual time on the simulator) between
     * the CPU stores of its pointer swing and their persist — the commit thread descheduled there, holding the segment's
     * lock. The crash search uses it to widen the window in which a swing is visible to one-sided readers but not yet
     * durable (paper 002 §4.1.5 commit, §4.1.8 get_obj); {@code nanos} 0 cancels it.
     */
    public void stallNextCommit(long idHash, long nanos) {
        if (nanos < 0) {
            throw new IllegalArgumentException("a stall lasts 0 ns or more, not " + nanos);
        }
        stallIdHash = idHash;
        stallNanos = nanos;
    }

    private void stallIfAsked(long idHash) {
        if (stallNanos > 0 && stallIdHash == idHash) {
            long nanos = stallNanos;
            stallNanos = 0;
            node.clock().sleepNanos(nanos);
        }
    }

    /** Swings the object's root to {@code extent} (0: deleted), persists it, mirrors the bucket, then acknowledges. */
    private long[] commit(long requestEpoch, long segmentNo, int local, long idHash, long extent) {
        LocalMemory m = memory.get(local);
        ServerLock lock = locks.get(local);
        lock.lock();
        try {
            if (requestEpoch < requiredEpoch(segmentNo) && planted != ThdpmsPlantedBug.STALE_EPOCH_ACCEPTED) {
                return Messages.of(Messages.STALE_EPOCH, epoch); // a configuration arrived while the commit waited for the lock
            }
            long bucket = -1;
            int home = (int) Long.remainderUnsigned(idHash, config.tableBuckets());
            for (int i = 0; i < config.tableBuckets() && bucket < 0; i++) {
                long b = config.tableOffset() + 16L * ((home + i) % config.tableBuckets());
                long id = m.load8(b);
                if (id == idHash || id == 0) {
                    bucket = b;
                }
            }
            if (bucket < 0) {
                return Messages.of(Messages.FULL, epoch);
            }
            if (planted == ThdpmsPlantedBug.ACK_BEFORE_FLUSH) {
                m.store8(bucket + 8, extent);
                m.store8(bucket, idHash);
                stallIfAsked(idHash);
                for (long[] pending : unflushedSwings) { // flushed later, with the next commit: after this one's ack
                    m.persist(pending[0], 16);
                }
                unflushedSwings.clear();
                unflushedSwings.add(new long[] {bucket});
                mirror(segmentNo, bucket, 16);
                return Messages.of(Messages.OK, epoch);
            }
            if (planted == ThdpmsPlantedBug.SWING_VISIBLE_BEFORE_DURABLE) { // the commit before the pending mark
                m.store8(bucket + 8, extent);
                m.store8(bucket, idHash);
                stallIfAsked(idHash);
                m.persist(bucket, 16);
                mirror(segmentNo, bucket, 16);
                return Messages.of(Messages.OK, epoch);
            }
            // The atomic pointer swing (one 8-byte word), marked pending: a CPU store is visible to one-sided READs before
            // it persists, so a reader that saw the new root and returned its value could see it lost by a power failure
            // (or by a failover to a backup the bucket had not reached yet). Readers retry on a pending root; the mark goes
            // once the word is persisted here and at every backup, and a crash leaves it for settlePendingRoots.
            // The backups get the word unmarked: the primary clears the mark only in its own copy, so a marked word at a
            // backup would outlive the commit, and a promoted backup is read one-sided before it applies the configuration.
            m.store8(bucket + 8, extent | PENDING_ROOT);
            m.store8(bucket, idHash);
            stallIfAsked(idHash);
            m.persist(bucket, 16);
            mirrorWords(segmentNo, bucket, idHash, extent);
            m.store8(bucket + 8, extent); // durable everywhere: visible now (persisting this store is not needed)
            return Messages.of(Messages.OK, epoch);
        } finally {
            lock.unlock();
        }
    }

    /** Writes this server's bytes {@code [offset, offset + length)} of a segment it is primary of to its backups, persistently. */
    private void mirror(long segmentNo, long offset, int length) {
        Integer local = primaryOf.get(segmentNo);
        MemorySegment content = MemorySegment.ofArray(new long[length / 8]);
        memory.get(local).load(offset, content);
        mirror(segmentNo, offset, content);
    }

    /** Writes {@code words} at {@code offset} of a segment this server is primary of to its backups, persistently. */
    private void mirrorWords(long segmentNo, long offset, long... words) {
        mirror(segmentNo, offset, MemorySegment.ofArray(words));
    }

    private void mirror(long segmentNo, long offset, MemorySegment content) {
        for (RemoteUpdater backup : mirrors.getOrDefault(segmentNo, List.of())) {
            Place target = placeOf(backup);
            backup.apply(List.of(new Update(target.address(offset), target.rkey(), content))); // a dead backup: the monitor drops it
        }
    }

    private final java.util.IdentityHashMap<RemoteUpdater, MemoryRegion> targets = new java.util.IdentityHashMap<>();

    void target(RemoteUpdater updater, MemoryRegion region) {
        targets.put(updater, region);
    }

    /**
     * updater → the place it writes as the monitor maps it (§4.1.3). Its rkey, not the one the region was wired with,
     * goes into each write: a PM server that came back gives its segments new rkeys (the real backends), and the
     * monitor's mapping is where peers learn them. On the simulator the two are the same.
     */
    private final java.util.IdentityHashMap<RemoteUpdater, Replica> places = new java.util.IdentityHashMap<>();

    /** Where a mirror or copy through {@code updater} writes: the mapped place's base and rkey within the wired region's bounds. */
    private record Place(MemoryRegion region, Replica mapped) {
        long address(long offset) {
            long wired = region.address(offset); // the bounds check
            return mapped == null ? wired : mapped.baseAddress() + offset;
        }

        int rkey() {
            return mapped == null ? region.rkey() : mapped.rkey();
        }
    }

    private Place placeOf(RemoteUpdater updater) {
        return new Place(targets.get(updater), places.get(updater));
    }

    /**
     * This server's copy of every object segment {@code local}'s table names (from an actor of this node): object id
     * hash → its root, extent block and pages, as words. The replicas of a segment must agree on it once every
     * acknowledged write is done (§4.1.7: data and metadata reach every backup before the ack).
     */
    public java.util.SortedMap<Long, List<Long>> objectImage(int local) {
        LocalMemory m = memory.get(local);
        java.util.TreeMap<Long, List<Long>> image = new java.util.TreeMap<>();
        for (int b = 0; b < config.tableBuckets(); b++) {
            long bucket = config.tableOffset() + 16L * b;
            long id = m.load8(bucket);
            long root = rootOf(m.load8(bucket + 8));
            if (id == 0 || root == 0) {
                continue;
            }
            List<Long> words = new ArrayList<>(List.of(root));
            long[] extent = new long[Messages.EXTENT_BYTES / 8];
            m.load(root, MemorySegment.ofArray(extent));
            long pagesAt = extent[3];
            long length = extent[5] > 0 && extent[5] <= config.pageBytes() ? extent[5] / 8 * 8 : 0; // the value's bytes, not the page's rest
            long[] pages = new long[(int) length / 8];
            if (pagesAt >= config.heapOffset() && pagesAt + config.pageBytes() <= config.segmentBytes()) {
                m.load(pagesAt, MemorySegment.ofArray(pages));
            }
            for (long w : extent) {
                words.add(w);
            }
            for (long w : pages) {
                words.add(w);
            }
            image.put(id, words);
        }
        return image;
    }

    /** Reads segment {@code local}'s object table (for the explorer's read-back and tests). */
    LocalMemory memory(int local) {
        return memory.get(local);
    }
}
