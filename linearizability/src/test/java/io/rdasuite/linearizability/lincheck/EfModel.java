package io.rdasuite.linearizability.lincheck;

import io.rdasuite.store.efactory.EfConfig;
import io.rdasuite.store.efactory.EfMode;
import io.rdasuite.store.efactory.EfObject;
import io.rdasuite.store.efactory.EfServer;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.kv.HopscotchTable;
import io.rdasuite.store.kv.KvClient.KvReadException;
import io.rdasuite.store.kv.KvShape;
import io.rdasuite.store.pm.LocalMemory;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Method;

/**
 * One eFactory server (paper 001 §4) on a {@link ModelNode}, driven through its own request handlers
 * ({@code Requests}: the client-active PUT that allocates, writes the header with PrePTR to the previous version
 * and links the new version into the entry; the DELETE that links a durable tombstone; the RPC GET that walks the
 * version list from the newest version to the newest one that is durable or verifies) and its background thread's
 * pass (verify and persist). The client's halves are done here on the same memory, mirroring {@code EfClient}: the
 * one-sided WRITE of key and value after the PUT's reply, and the hybrid read (READ the entry, READ the object it
 * names, accept it when durable; otherwise ask the server and READ what it names, a few times).
 */
final class EfModel {
    static final KvShape SHAPE = new KvShape(8, 16);
    private static final String PACKAGE = "io.rdasuite.store.efactory.";
    private static final Class<?> REQUESTS = Internals.type(PACKAGE + "Requests");
    private static final Class<?> BACKGROUND = Internals.type(PACKAGE + "Background");
    private static final Class<?> VIEW = Internals.type(PACKAGE + "EfObject$View");
    private static final Method PUT = Internals.method(REQUESTS, "publishClientActive", byte[].class, int.class);
    private static final Method GET = Internals.method(REQUESTS, "get", byte[].class);
    private static final Method DELETE = Internals.method(REQUESTS, "delete", byte[].class);
    private static final Method PASS = Internals.method(BACKGROUND, "pass");
    private static final Method CRC_OF = Internals.method(EfObject.class, "crcOf", byte[].class, byte[].class);
    private static final Method DATA = Internals.method(EfObject.class, "data", byte[].class, byte[].class);
    private static final Method VIEW_OF = Internals.method(VIEW, "of", byte[].class, KvShape.class, byte[].class);
    private static final Method USABLE = Internals.method(VIEW, "usable");
    private static final Method DELETED = Internals.method(VIEW, "deleted");
    private static final Method VALUE = Internals.method(VIEW, "value");
    private static final Method MARKED = Internals.method(Internals.type(PACKAGE + "EntryWord"), "marked", long.class);
    static final long OK = Internals.constant(PACKAGE + "EfMessages", "OK");
    static final int RPC_RETRIES = (int) Internals.constant(PACKAGE + "EfClient", "RPC_RETRIES");

    final ModelNode node = new ModelNode();
    final EfServer server;
    final EfServer.Handle handle;
    final HopscotchTable hash;
    private final Object requests;
    private final Object background;

    EfModel(EfConfig config) {
        server = new EfServer(node, config, EfMode.EFACTORY);
        handle = server.handle();
        hash = server.table();
        requests = Internals.field(server, "handlers");
        background = Internals.field(server, "background");
    }

    /** A put: the PUT handler (allocate, header, link), then the client's WRITE of key and value. */
    void put(int k, int v) {
        byte[] key = ErdaModel.key(k);
        byte[] value = value(v);
        MemorySegment reply = (MemorySegment) Internals.call(PUT, requests, key, (int) Internals.call(CRC_OF, null, key, value));
        if (reply.get(ValueLayout.JAVA_LONG, 0) != OK) {
            throw new IllegalStateException("eFactory refused a put: status " + reply.get(ValueLayout.JAVA_LONG, 0));
        }
        MemoryRegion pool = poolByRkey((int) reply.get(ValueLayout.JAVA_LONG, 24));
        node.local(pool).store(reply.get(ValueLayout.JAVA_LONG, 16) - pool.baseAddress(), (MemorySegment) Internals.call(DATA, null, key, value));
    }

    void delete(int k) {
        Internals.call(DELETE, requests, (Object) ErdaModel.key(k));
    }

    /** One pass of the background thread over both pools. */
    void background() {
        Internals.call(PASS, background);
    }

    /**
     * A planted bug, to show the model checker's reach: a reader that takes the newest version's value without
     * its durability flag or CRC, as if a published version were always complete.
     */
    int getTrustingNewest(int k) {
        byte[] key = ErdaModel.key(k);
        MemorySegment neighborhood = MemorySegment.ofArray(new byte[hash.neighborhoodBytes()]);
        node.local(handle.table()).load(hash.neighborhoodOffset(key), neighborhood);
        int index = hash.find(neighborhood, key);
        long head = index < 0 ? 0 : (long) Internals.call(MARKED, null, hash.meta(neighborhood, index));
        if (head == 0) {
            return 0;
        }
        MemoryRegion pool = handle.pools().get((int) ((head >>> 30) & 1));
        byte[] value = new byte[SHAPE.valueBytes()];
        node.local(pool).load((head & ((1L << 30) - 1)) + EfObject.HEADER + SHAPE.keyBytes(), MemorySegment.ofArray(value));
        return StoreSubject.decode(value);
    }

    /** EfClient.get: the hybrid read, then the server's walk of the version list. */
    int get(int k) {
        byte[] key = ErdaModel.key(k);
        MemorySegment neighborhood = MemorySegment.ofArray(new byte[hash.neighborhoodBytes()]);
        node.local(handle.table()).load(hash.neighborhoodOffset(key), neighborhood);
        int index = hash.find(neighborhood, key);
        if (index < 0) {
            return 0;
        }
        long head = (long) Internals.call(MARKED, null, hash.meta(neighborhood, index));
        if (head != 0) {
            Object view = readObject(head, key);
            if ((boolean) Internals.call(USABLE, view)) {
                return decode(view);
            }
        }
        for (int attempt = 0; attempt < RPC_RETRIES; attempt++) {
            MemorySegment reply = (MemorySegment) Internals.call(GET, requests, (Object) key);
            if (reply.get(ValueLayout.JAVA_LONG, 0) != OK) {
                return 0;
            }
            Object view = readObject(reply.get(ValueLayout.JAVA_LONG, 8), key);
            if ((boolean) Internals.call(USABLE, view)) {
                return decode(view);
            }
        }
        throw new KvReadException("the server kept naming versions that changed before they could be read");
    }

    private static int decode(Object view) {
        return (boolean) Internals.call(DELETED, view) ? 0 : StoreSubject.decode((byte[]) Internals.call(VALUE, view));
    }

    /** One READ of a whole object at a global offset (bit 30: the pool). */
    private Object readObject(long global, byte[] key) {
        MemoryRegion pool = handle.pools().get((int) ((global >>> 30) & 1));
        long at = global & ((1L << 30) - 1);
        byte[] bytes = new byte[(int) Math.min(EfObject.bytes(SHAPE, false), pool.lengthBytes() - at)];
        node.local(pool).load(at, MemorySegment.ofArray(bytes));
        return Internals.call(VIEW_OF, null, bytes, SHAPE, key);
    }

    private MemoryRegion poolByRkey(int rkey) {
        for (MemoryRegion p : handle.pools()) {
            if (p.rkey() == rkey) {
                return p;
            }
        }
        throw new IllegalStateException("no pool with rkey " + rkey);
    }

    static byte[] value(int v) {
        return ErdaModel.value(v);
    }

    LocalMemory table() {
        return node.local(handle.table());
    }
}
