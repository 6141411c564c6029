package io.rdasuite.store.thdpms.kvs;

import io.rdasuite.store.kv.ServerLock;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.pm.LocalMemory;
import io.rdasuite.store.thdpms.monitor.MonitorView;
import io.rdasuite.store.thdpms.palloc.PAllocator;
import io.rdasuite.store.thdpms.pdsm.PdsmConfig;
import io.rdasuite.store.thdpms.pdsm.PdsmServer;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.function.LongConsumer;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * A PM server's side of pDKVS (paper 002 §4.3, Fig. 8): each segment it is primary of is a virtual node's hash table, a
 * {@link Cceh} index whose slots point to items the clients allocated and wrote themselves. PUT points a key at an item
 * (a new slot, or a copy-on-write swing of the item pointer), GET returns the item's offset, DELETE clears the key.
 * Requests of an older epoch are refused, and every request on a segment re-replication copied until the configuration
 * that maps the copy arrives (an item written one-sided before missed the copy); a segment this server was promoted to
 * primary of (or restarted with) has its index repaired (a split a crash cut) before its first request.
 */
public final class PdkvsServer implements PdsmServer.Extension {
    private final PdsmServer server;
    private final PdsmConfig config;
    private final Plant planted;
    private final TreeSet<Long> unrepaired = new TreeSet<>();
    private final long[] stats = new long[2];

    private final int buckets;
    private final int slots;

    PdkvsServer(PdsmServer server, PdsmConfig config, Plant planted, int buckets, int slots) {
        this.buckets = buckets;
        this.slots = slots;
        this.server = server;
        this.config = config;
        this.planted = planted;
    }

    @Override
    public void learning(MonitorView view, Supplier<List<Long>> update) {
        unrepaired.addAll(update.get());
    }

    /**
     * Blocks of a segment that a value stored in its table points at (pDFS: a file's data block, paper 002 §4.2), which the
     * allocator's rebuild and re-replication (§4.1.7) must keep: they know the index's items, not what a layer put in them.
     */
    public interface ValueRoots {
        void blocks(byte[] value, LongConsumer live);
    }

    private ValueRoots valueRoots;

    /** Installs the layer above's roots (on the driver, before the run). */
    public void keepAliveThroughValues(ValueRoots roots) {
        this.valueRoots = roots;
    }

    @Override
    public List<Long> liveBlocks(LocalMemory segment) {
        Cceh index = index(segment, null, -1);
        List<Long> live = index.liveBlocks();
        if (valueRoots != null) {
            for (long item : index.items()) {
                byte[] header = new byte[KvsLayout.ITEM_HEADER_BYTES]; // written by the client, big-endian (ByteBuffer's order)
                segment.load(item, MemorySegment.ofArray(header));
                long length = java.nio.ByteBuffer.wrap(header).getLong(16);
                if (length > 0 && length <= KvsLayout.MAX_VALUE_BYTES && item + KvsLayout.ITEM_HEADER_BYTES + length <= config.segmentBytes()) {
                    byte[] value = new byte[(int) length];
                    segment.load(item + KvsLayout.ITEM_HEADER_BYTES, MemorySegment.ofArray(value));
                    valueRoots.blocks(value, live::add);
                }
            }
        }
        return live;
    }

    private Cceh index(LocalMemory m, PAllocator allocator, long segmentNo) {
        return new Cceh(m, allocator, (offset, length) -> server.mirrorRange(segmentNo, offset, length), KvsLayout.directoryOffset(config),
                KvsLayout.directoryCapacity(config), planted != PdkvsPlantedBug.SPLIT_PUBLISHED_BEFORE_PERSIST, stats, buckets, slots);
    }

    /** CCEH segment splits this server made (statistics, for tests and benchmarks). */
    public long splits() {
        return stats[0];
    }

    /** Directory doublings this server made. */
    public long doublings() {
        return stats[1];
    }

    @Override
    public long[] handle(long[] request) {
        long segmentNo = request[2];
        if (request[1] < server.requiredEpoch(segmentNo)) { // §4.1.3: a segment copied for re-replication serves nothing until mapped
            return KvsMessages.of(KvsMessages.STALE_EPOCH, server.epoch());
        }
        Integer local = server.primaryLocal(segmentNo);
        if (local == null) {
            return KvsMessages.of(KvsMessages.NOT_PRIMARY, server.epoch());
        }
        ServerLock lock = server.lock(local);
        lock.lock();
        try {
            if (request[1] < server.requiredEpoch(segmentNo)) { // again: a re-replication may have copied the segment while this waited
                return KvsMessages.of(KvsMessages.STALE_EPOCH, server.epoch());
            }
            Cceh index = index(server.segmentMemory(local), server.allocator(segmentNo), segmentNo);
            if (unrepaired.remove(segmentNo)) {
                index.repair();
            }
            long keyHash = request[3];
            return switch ((int) request[0]) {
                case (int) KvsMessages.PUT -> KvsMessages.of(index.put(keyHash, request[4]) ? KvsMessages.OK : KvsMessages.FULL, server.epoch());
                case (int) KvsMessages.GET -> {
                    long item = index.get(keyHash);
                    yield item == 0 ? KvsMessages.of(KvsMessages.ABSENT, server.epoch()) : KvsMessages.of(KvsMessages.OK, server.epoch(), item);
                }
                case (int) KvsMessages.DELETE -> KvsMessages.of(index.delete(keyHash) ? KvsMessages.OK : KvsMessages.ABSENT, server.epoch());
                default -> KvsMessages.of(KvsMessages.MALFORMED, server.epoch());
            };
        } finally {
            lock.unlock();
        }
    }
}
