package io.rdasuite.store.thdpms.kvs;

import io.rdasuite.store.kv.KeyHash;
import io.rdasuite.store.thdpms.addr.GlobalAddress;
import io.rdasuite.store.thdpms.monitor.MappingItem;
import io.rdasuite.store.thdpms.pdsm.ObjectId;
import io.rdasuite.store.thdpms.pdsm.PdsmClient;
import java.nio.ByteBuffer;

/**
 * A pDKVS client (paper 002 §4.3): the key's virtual node by consistent hashing (pDSM's placement: a segment is a
 * vnode), its primary from the cached mapping; a PUT allocates an item in that segment ({@code pallocate} with the key
 * as affinity), writes it one-sided to the primary and every backup (persisted by the configuration's recipe), then asks
 * the primary by iRDMA to point the index at it; a GET asks the primary for the item's offset and READs the item
 * one-sided. A failed or refused request re-reads the mapping (a failover) and retries.
 */
public final class PdkvsClient {
    static final int ATTEMPTS = 8;
    private final PdsmClient client;

    PdkvsClient(PdsmClient client) {
        this.client = client;
    }

    /** A key's 64-bit hash (xxHash; never 0). */
    public static long keyHash(long key) {
        return KeyHash.of(ByteBuffer.allocate(8).putLong(key).array()) | 1;
    }

    /** The pDSM client underneath (for a layer's one-sided data I/O). */
    public PdsmClient pdsm() {
        return client;
    }

    /** The segment (virtual node) consistent hashing places {@code key} in. */
    public long segmentOf(long key) {
        return client.segmentOf(ObjectId.ofKey((int) key));
    }

    /** The mapped segments, ascending (a layer that pins its keys to one table picks from these). */
    public java.util.List<Long> segments() {
        return client.segments();
    }

    /** PUT: true once the index points at the new item at the primary and its backups. */
    public boolean put(long key, byte[] value) {
        return put(segmentOf(key), key, value);
    }

    /** GET in the placed segment. */
    public byte[] get(long key) {
        return get(segmentOf(key), key);
    }

    /** DELETE in the placed segment. */
    public boolean delete(long key) {
        return delete(segmentOf(key), key);
    }

    /** PUT into the table of segment {@code segment} (a layer's own placement, e.g. pDFS's directory server). */
    public boolean put(long segment, long key, byte[] value) {
        return put(segment, key, value, () -> true);
    }

    /**
     * As above; before each attempt asks the index to point at its item, {@code beforeIndexing} runs (false: the attempt
     * fails and the client re-reads the mapping). A layer whose value names a block it wrote one-sided rewrites the block
     * there when the configuration changed since: a re-replication that copied the segment before the value was indexed
     * did not copy the block (nothing named it yet), and the new place is a replica only in the new configuration.
     */
    public boolean put(long segment, long key, byte[] value, java.util.function.BooleanSupplier beforeIndexing) {
        long hash = keyHash(key);
        byte[] item = ByteBuffer.allocate(KvsLayout.ITEM_HEADER_BYTES + value.length).putLong(hash).putLong(key).putLong(value.length).put(value).array();
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            GlobalAddress at = client.pallocate(item.length, segment);
            if (at == null || !client.write(at, item) || !beforeIndexing.getAsBoolean()) {
                client.reconfigure();
                continue;
            }
            long[] r = call(at.segmentNo(), KvsMessages.PUT, hash, at.offset());
            if (r != null && r[0] == KvsMessages.OK) {
                return true;
            }
            if (r != null && r[0] == KvsMessages.FULL) {
                return false;
            }
            client.reconfigure();
        }
        return false;
    }

    /** GET from segment {@code segment}'s table: the value, an empty array when absent, null when every attempt failed. */
    public byte[] get(long segment, long key) {
        return switch (read(segment, key)) {
            case PdsmClient.Found f -> f.value();
            case PdsmClient.Absent a -> new byte[0];
            case PdsmClient.Unreadable u -> null;
            case null -> null;
        };
    }

    /**
     * GET in the placed segment, answered as pDSM's get is: the value ({@link PdsmClient.Found}), absent, unreadable (the
     * index names an item that is not this key's: torn or never persisted; the store answered, and holds no value for
     * the key), or null when no attempt got an answer. A history records the first three as reads, the last as nothing.
     */
    public PdsmClient.Read read(long key) {
        return read(segmentOf(key), key);
    }

    /** As {@link #read(long)} in segment {@code segment}'s table (a layer's own placement, e.g. pDFS's inodes). */
    public PdsmClient.Read read(long segment, long key) {
        long hash = keyHash(key);
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            long[] r = call(segment, KvsMessages.GET, hash, 0);
            if (r != null && r[0] == KvsMessages.ABSENT) {
                return new PdsmClient.Absent();
            }
            if (r != null && r[0] == KvsMessages.OK) {
                MappingItem item = client.mapping(segment);
                byte[] header = item == null ? null : client.read(GlobalAddress.of(1, GlobalAddress.READ, GlobalAddress.Space.HEAP, segment, r[2]),
                        KvsLayout.ITEM_HEADER_BYTES);
                if (header != null) {
                    ByteBuffer h = ByteBuffer.wrap(header);
                    long storedHash = h.getLong();
                    long storedKey = h.getLong();
                    long length = h.getLong();
                    if (storedHash != hash || storedKey != key || length < 0 || length > KvsLayout.MAX_VALUE_BYTES) {
                        return new PdsmClient.Unreadable("the index names an item of key " + storedKey + ", not of key " + key);
                    }
                    byte[] all = client.read(GlobalAddress.of(1, GlobalAddress.READ, GlobalAddress.Space.HEAP, segment, r[2]),
                            KvsLayout.ITEM_HEADER_BYTES + (int) length);
                    if (all != null) {
                        return new PdsmClient.Found(java.util.Arrays.copyOfRange(all, KvsLayout.ITEM_HEADER_BYTES, all.length));
                    }
                }
            }
            client.reconfigure();
        }
        return null;
    }

    /** DELETE from segment {@code segment}'s table: true once the key is gone (or was absent). */
    public boolean delete(long segment, long key) {
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            long[] r = call(segment, KvsMessages.DELETE, keyHash(key), 0);
            if (r != null && (r[0] == KvsMessages.OK || r[0] == KvsMessages.ABSENT)) {
                return true;
            }
            client.reconfigure();
        }
        return false;
    }

    private long[] call(long segment, long op, long hash, long arg) {
        client.begin();
        MappingItem item = client.mapping(segment);
        if (item == null) {
            return null;
        }
        return client.rpc(item.primary().nodeId()).call(KvsMessages.of(op, client.epoch(), segment, hash, arg));
    }
}
