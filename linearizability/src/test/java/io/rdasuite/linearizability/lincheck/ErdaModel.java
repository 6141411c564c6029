package io.rdasuite.linearizability.lincheck;

import io.rdasuite.store.erda.AtomicRegion;
import io.rdasuite.store.erda.ErdaConfig;
import io.rdasuite.store.erda.ErdaObject;
import io.rdasuite.store.erda.ErdaServer;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.kv.HopscotchTable;
import io.rdasuite.store.kv.KvClient.KvReadException;
import io.rdasuite.store.kv.KvShape;
import io.rdasuite.store.pm.LocalMemory;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Method;
import java.util.Arrays;

/**
 * One Erda server (paper 000 §3.3, §4.1-4.3) on a {@link ModelNode}, driven through its own request handler
 * ({@code ErdaServer.handle}: entry lookup or insert, reservation at the head log's tail, the flip of the entry's
 * 8-byte atomic region, the repair), with the client's halves done here on the same memory: the one-sided WRITE
 * of the object after the reservation, and the read of §4.3 (READ the neighbourhood, decode the atomic region,
 * READ the newest object, check its CRC; retry, then fall back to the old version and ask for a repair). The
 * client read mirrors {@code ErdaClient.get}; {@code patient} readers instead wait until the newest object is
 * written.
 */
final class ErdaModel {
    static final KvShape SHAPE = new KvShape(8, 16);
    /** Two buckets (keys share a neighbourhood), one head, 4 KiB segments: no scenario here fills a region. */
    static final ErdaConfig CONFIG = new ErdaConfig(SHAPE, 2, 1, 4 * 4096, 4096, 4);
    private static final String MESSAGES = "io.rdasuite.store.erda.ErdaMessages";
    static final int PUT = (int) Internals.constant(MESSAGES, "PUT");
    static final int DELETE = (int) Internals.constant(MESSAGES, "DELETE");
    static final int REPAIR = (int) Internals.constant(MESSAGES, "REPAIR");
    static final long OK = Internals.constant(MESSAGES, "OK");
    static final long ABSENT = Internals.constant(MESSAGES, "ABSENT");
    /** ErdaClient's re-reads of a torn newest object before it falls back to the old one. */
    static final int RETRIES = (int) Internals.constant("io.rdasuite.store.erda.ErdaClient", "RETRIES");
    private static final Method HANDLE = Internals.method(ErdaServer.class, "handle",
            LocalMemory.class, int.class, long.class, byte[].class, byte[].class);
    /** Offset bit 30 names the half of a head's log (ErdaServer.HALF). */
    private static final long HALF = 1L << 30;

    final ModelNode node = new ModelNode();
    final ErdaConfig config;
    final ErdaServer server;
    final ErdaServer.Handle handle;
    final HopscotchTable hash;
    final LocalMemory table;

    ErdaModel() {
        this(CONFIG);
    }

    ErdaModel(ErdaConfig config) {
        this.config = config;
        server = new ErdaServer(node, config);
        handle = server.handle();
        hash = server.table();
        table = node.local(handle.table());
    }

    static byte[] key(int k) {
        byte[] b = new byte[SHAPE.keyBytes()];
        Arrays.fill(b, (byte) ('k' + k));
        return b;
    }

    /** A value that names itself in every byte, so that a mix of two values is seen as one. */
    static byte[] value(int v) {
        byte[] b = new byte[SHAPE.valueBytes()];
        Arrays.fill(b, (byte) v);
        return b;
    }


    /** One request through the server's handler; the reply's words. */
    MemorySegment request(int type, long argument, byte[] key) {
        return (MemorySegment) Internals.call(HANDLE, server, table, type, argument, key, null);
    }

    /** The server's half of a put or delete: the reply's status word, and (OK) the reserved head offset. */
    long[] reserve(int type, byte[] key) {
        MemorySegment reply = request(type, 0, key);
        return new long[] {reply.get(ValueLayout.JAVA_LONG, 0), reply.get(ValueLayout.JAVA_LONG, 32),
                reply.get(ValueLayout.JAVA_LONG, 8), reply.get(ValueLayout.JAVA_LONG, 16)};
    }

    /** A whole put or delete: the reservation, then the client's one-sided WRITE of the object. */
    void write(int type, byte[] key, MemorySegment object) {
        long[] r = reserve(type, key);
        if (r[0] == ABSENT) {
            return; // delete of an absent key
        }
        if (r[0] != OK) {
            throw new IllegalStateException("Erda refused a write: status " + r[0]);
        }
        MemoryRegion target = regionByRkey((int) r[3]);
        node.local(target).store(r[2] - target.baseAddress(), object);
    }

    void put(int k, int v) {
        write(PUT, key(k), ErdaObject.normal(key(k), value(v)));
    }

    void delete(int k) {
        write(DELETE, key(k), ErdaObject.deleted(key(k)));
    }

    private MemoryRegion regionByRkey(int rkey) {
        for (var chain : handle.heads()) {
            for (MemoryRegion r : chain) {
                if (r.rkey() == rkey) {
                    return r;
                }
            }
        }
        throw new IllegalStateException("no log region with rkey " + rkey);
    }

    /** The entry's atomic region as a client reads it (one READ of the neighbourhood), or null when the key has no entry. */
    Long entryWord(byte[] key) {
        MemorySegment neighborhood = MemorySegment.ofArray(new byte[hash.neighborhoodBytes()]);
        table.load(hash.neighborhoodOffset(key), neighborhood);
        int index = hash.find(neighborhood, key);
        return index < 0 ? null : hash.meta(neighborhood, index); // a word's top bit is a parity bit: any long is a word
    }

    /** The client's read (ErdaClient.get, §4.3); {@code patient}: wait for the newest object instead of falling back. */
    int get(int k, boolean patient) {
        byte[] key = key(k);
        for (int attempt = 0; ; attempt++) {
            Long entry = entryWord(key);
            if (entry == null) {
                return 0;
            }
            long word = entry;
            int newOffset = AtomicRegion.newOffset(word);
            if (patient && newOffset == 0) {
                return 0; // the key's first put has not flipped its entry yet
            }
            ErdaObject.Parsed newest = readObject(newOffset, key);
            if (newest.intact()) {
                return newest.deleted() ? 0 : StoreSubject.decode(newest.value());
            }
            if (patient || attempt < RETRIES) {
                node.clock().sleepNanos(1_000);
                continue;
            }
            int oldOffset = AtomicRegion.oldOffset(word);
            if (oldOffset == 0) {
                return 0;
            }
            ErdaObject.Parsed old = readObject(oldOffset, key);
            if (!old.intact()) {
                throw new KvReadException("neither version of the key is intact");
            }
            request(REPAIR, newOffset, key);
            return old.deleted() ? 0 : StoreSubject.decode(old.value());
        }
    }

    /** One READ of the object at a head offset (one head: head 1), parsed. */
    private ErdaObject.Parsed readObject(long offset, byte[] key) {
        if (offset <= 0) {
            return new ErdaObject.Parsed(false, false, null, null);
        }
        MemoryRegion region = handle.heads().get(2 + (int) ((offset >>> 30) & 1)).get((int) ((offset & (HALF - 1)) / config.regionBytes()));
        long inRegion = (offset & (HALF - 1)) % config.regionBytes();
        byte[] bytes = new byte[(int) Math.min(ErdaObject.normalBytes(SHAPE), config.regionBytes() - inRegion)];
        node.local(region).load(inRegion, MemorySegment.ofArray(bytes));
        return ErdaObject.parse(bytes, SHAPE, key);
    }
}
