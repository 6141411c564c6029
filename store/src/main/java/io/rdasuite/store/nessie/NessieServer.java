package io.rdasuite.store.nessie;

import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.WorkRequest;
import io.rdasuite.store.kv.KeyHash;
import io.rdasuite.store.pm.LocalMemory;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;

/**
 * One node's storage side in NessieSD and NessieHY (§5): a partially coupled store (the node's ITEs name only
 * its own DTEs) that only this node's server threads change, with local loads, stores and CASes; and the
 * polling server threads that serve requests clients wrote into this node's request region.
 *
 * <p>Request region: one 8-byte doorbell per client of the deployment (client {@code c} of node {@code n} has
 * slot {@code n * clientsPerNode + c}), padded to a cache line, then one body per slot (key, then value for a
 * PUT). A client writes the body, then the doorbell {@code seq << 4 | op}, in that order on one queue pair
 * (posted operations are applied in order) or with local stores when it is on this node (§5: same-node requests
 * and responses are written directly). A server thread loads all doorbells in one sweep, serves every slot
 * whose doorbell changed and writes the reply into the client's reply slot (value, then the reply word
 * {@code seq << 4 | status}); an empty sweep burns {@code serverSpinNs} of CPU: the thread never blocks.
 *
 * <p>Replaced DTEs wait out the expiration period before re-use, like Nessie's (§4.3.1): NessieHY's GETs read
 * ITEs and DTEs with RDMA while these threads replace them, and an attempt older than the operation timeout
 * retries, so a DTE read through an ITE is the one the ITE named.
 */
final class NessieServer {
    static final int GET = 1;
    static final int PUT = 2;
    static final int DELETE = 3;
    static final int VALUE = 1;
    static final int ABSENT = 2;
    static final int OK = 3;
    static final int FULL = 4;

    private final Node node;
    private final NessieConfig config;
    private final IndexEntry ite;
    private final DataEntry dte;
    private final CuckooHashes hashes;
    private final LocalMemory index;
    private final LocalMemory data;
    private final LocalMemory requests;
    private final LocalMemory ownReplies;
    private final List<MemoryRegion> replyRegions;
    private final int clientsPerNode;
    private final int slots;
    private final ArrayDeque<Long> free = new ArrayDeque<>();
    private final ArrayDeque<long[]> recycling = new ArrayDeque<>();
    private long served;

    NessieServer(Node node, NessieConfig config, MemoryRegion indexTable, MemoryRegion dataTable, MemoryRegion requestRegion,
                 List<MemoryRegion> replyRegions, int clientsPerNode) {
        this.node = node;
        this.config = config;
        this.ite = new IndexEntry(config.filterBits());
        this.dte = new DataEntry(config.shape());
        this.hashes = localHashes(config);
        this.index = node.local(indexTable);
        this.data = node.local(dataTable);
        this.requests = node.local(requestRegion);
        this.ownReplies = node.local(replyRegions.get(node.id()));
        this.replyRegions = replyRegions;
        this.clientsPerNode = clientsPerNode;
        this.slots = replyRegions.size() * clientsPerNode;
        for (long i = 0; i < config.dataEntriesPerNode(); i++) {
            free.addLast(i);
        }
    }

    /** Cuckoo hashing within one node's index table (§5: partially coupled, an ITE names a DTE of its node). */
    static CuckooHashes localHashes(NessieConfig config) {
        return new CuckooHashes(config.hashFunctions(), 1, config.indexSlotsPerNode());
    }

    // ---- layout --------------------------------------------------------------------------------------------

    static int padded(int bytes) {
        return (bytes + 7) & ~7;
    }

    static long doorbellBytes(int slots) {
        return (8L * slots + 63) & ~63L;
    }

    static int bodyBytes(NessieConfig config) {
        return padded(config.shape().keyBytes()) + padded(config.shape().valueBytes());
    }

    static long requestRegionBytes(NessieConfig config, int slots) {
        return doorbellBytes(slots) + (long) slots * bodyBytes(config);
    }

    static long bodyOffset(NessieConfig config, int slots, int slot) {
        return doorbellBytes(slots) + (long) slot * bodyBytes(config);
    }

    static int replyBytes(NessieConfig config) {
        return 8 + padded(config.shape().valueBytes());
    }

    long served() {
        return served;
    }

    // ---- the polling server threads ----------------------------------------------------------------------------

    /** Body of server thread {@code worker} of {@code workers}: serves slots {@code s} with {@code s % workers == worker}, forever. */
    void serve(int worker, int workers, QueuePair[] replyQps) {
        long[] bells = new long[slots];
        MemorySegment bellSegment = MemorySegment.ofArray(bells);
        long[] last = new long[slots];
        while (true) {
            requests.load(0, bellSegment); // the poll: one sweep over every doorbell, charged as CPU
            boolean any = false;
            for (int s = worker; s < slots; s += workers) {
                if (bells[s] != last[s]) {
                    last[s] = bells[s];
                    any = true;
                    serveOne(s, bells[s], replyQps);
                }
            }
            if (!any) {
                node.clock().chargeCpu(config.serverSpinNs()); // busy polling: the core stays occupied
            }
        }
    }

    private void serveOne(int slot, long bell, QueuePair[] replyQps) {
        int op = (int) (bell & 15);
        long seq = bell >>> 4;
        int keyPadded = padded(config.shape().keyBytes());
        byte[] body = new byte[op == PUT ? bodyBytes(config) : keyPadded];
        requests.load(bodyOffset(config, slots, slot), MemorySegment.ofArray(body));
        byte[] key = Arrays.copyOf(body, config.shape().keyBytes());
        byte[] value = null;
        int status;
        switch (op) {
            case GET -> {
                value = lookup(key);
                status = value == null ? ABSENT : VALUE;
            }
            case PUT -> status = store(key, Arrays.copyOfRange(body, keyPadded, keyPadded + config.shape().valueBytes())) ? OK : FULL;
            case DELETE -> status = remove(key) ? OK : FULL;
            default -> throw new IllegalStateException("request slot " + slot + " of node " + node.id() + " holds unknown op " + op);
        }
        served++;
        reply(slot / clientsPerNode, slot % clientsPerNode, seq << 4 | status, value, replyQps);
    }

    private void reply(int clientNode, int client, long word, byte[] value, QueuePair[] replyQps) {
        long at = (long) client * replyBytes(config);
        MemorySegment body = value == null ? null : MemorySegment.ofArray(Arrays.copyOf(value, padded(value.length)));
        if (clientNode == node.id()) {
            if (body != null) {
                ownReplies.store(at + 8, body);
            }
            ownReplies.storeRelease8(at, word);
            return;
        }
        MemoryRegion region = replyRegions.get(clientNode);
        QueuePair qp = replyQps[clientNode];
        if (body != null) {
            qp.post(WorkRequest.write(body, region.address(at + 8), region.rkey()).unsignaled());
        }
        qp.post(WorkRequest.write(MemorySegment.ofArray(new long[] {word}), region.address(at), region.rkey()).unsignaled());
    }

    // ---- the partially coupled store (local memory only) -------------------------------------------------------

    /** The key's value, or null; uses filter bits (a local check that only saves loads). */
    byte[] lookup(byte[] key) {
        long filter = ite.filterOf(KeyHash.of(key));
        for (int attempt = 0; attempt < config.maxAttempts(); attempt++) {
            long start = node.clock().nowNanos();
            byte[] found = null;
            for (CuckooHashes.Slot s : hashes.slots(key)) {
                long w = index.loadAcquire8(8L * s.index());
                if (IndexEntry.isEmpty(w) || !ite.mayHold(w, filter)) {
                    continue;
                }
                DataEntry.View v = readEntry(w, false);
                if (v.valid() && v.holds(key)) {
                    found = readEntry(w, true).value();
                    break;
                }
            }
            if (node.clock().nowNanos() - start <= config.operationTimeoutNs()) {
                return found;
            }
        }
        throw new io.rdasuite.store.kv.KvClient.KvReadException("no timely local read of the key after " + config.maxAttempts() + " attempts");
    }

    /** Stores a new DTE for the key and points its ITE at it; false when neither an ITE nor a DTE is free. */
    boolean store(byte[] key, byte[] value) {
        long filter = ite.filterOf(KeyHash.of(key));
        for (int attempt = 0; attempt < config.maxAttempts(); attempt++) {
            CuckooHashes.Slot[] s = hashes.slots(key);
            long[] seen = new long[s.length];
            int holds = -1;
            int empty = -1;
            for (int i = 0; i < s.length; i++) {
                seen[i] = index.loadAcquire8(8L * s[i].index());
                if (IndexEntry.isEmpty(seen[i])) {
                    empty = empty < 0 ? i : empty;
                } else if (holds < 0 && ite.mayHold(seen[i], filter) && readEntry(seen[i], false).holds(key)) {
                    holds = i;
                }
            }
            int candidate = holds >= 0 ? holds : empty;
            if (candidate < 0) {
                if (!relocate(s)) {
                    return false;
                }
                continue;
            }
            long entry = allocate();
            if (entry < 0) {
                return false;
            }
            MemorySegment body = dte.body(0, key, value);
            body.set(ValueLayout.JAVA_LONG, DataEntry.HEADER, DataEntry.WATERMARK | DataEntry.VALID);
            data.store(entry * dte.bytes(), body); // complete before the ITE names it
            long mine = ite.full(node.id(), entry, filter);
            if (!index.cas8(8L * s[candidate].index(), seen[candidate], mine)) {
                release(entry); // never published
                continue;
            }
            if (!IndexEntry.isEmpty(seen[candidate])) {
                retire(seen[candidate]);
            }
            return true;
        }
        return false;
    }

    /** Empties the key's ITE (absent keys succeed at once). */
    boolean remove(byte[] key) {
        long filter = ite.filterOf(KeyHash.of(key));
        for (int attempt = 0; attempt < config.maxAttempts(); attempt++) {
            boolean done = true;
            for (CuckooHashes.Slot s : hashes.slots(key)) {
                long w = index.loadAcquire8(8L * s.index());
                if (IndexEntry.isEmpty(w) || !ite.mayHold(w, filter) || !readEntry(w, false).holds(key)) {
                    continue;
                }
                if (index.cas8(8L * s.index(), w, IndexEntry.emptied(w))) {
                    retire(w);
                } else {
                    done = false;
                }
            }
            if (done) {
                return true;
            }
        }
        return false;
    }

    /**
     * Cuckoo displacement of depth one (§4.2.3's MIGRATE, done by the owner's CPU): moves the occupant of one of
     * {@code s} to an empty alternative of its own key, copy first, then the source emptied.
     */
    private boolean relocate(CuckooHashes.Slot[] s) {
        for (CuckooHashes.Slot source : s) {
            long w = index.loadAcquire8(8L * source.index());
            if (IndexEntry.isEmpty(w)) {
                return true; // freed meanwhile
            }
            byte[] occupant = readEntry(w, false).key();
            for (CuckooHashes.Slot alt : hashes.slots(occupant)) {
                if (alt.equals(source)) {
                    continue;
                }
                long a = index.loadAcquire8(8L * alt.index());
                if (IndexEntry.isEmpty(a) && index.cas8(8L * alt.index(), a, w)) {
                    if (!index.cas8(8L * source.index(), w, IndexEntry.emptied(w))) {
                        index.cas8(8L * alt.index(), w, IndexEntry.emptied(w)); // the source changed: undo the copy
                    }
                    return true;
                }
            }
        }
        return false;
    }

    private DataEntry.View readEntry(long w, boolean withValue) {
        byte[] bytes = new byte[withValue ? dte.bytes() : dte.metaBytes()];
        data.load(ite.dte(w) * dte.bytes(), MemorySegment.ofArray(bytes));
        return dte.view(bytes);
    }

    // ---- DTE management: replaced entries are re-used after their expiration (§4.3.1) --------------------------

    private synchronized long allocate() {
        if (!free.isEmpty()) {
            return free.pollFirst();
        }
        long[] head = recycling.peekFirst();
        if (head == null) {
            return -1;
        }
        long wait = head[1] - node.clock().nowNanos();
        if (wait > 0) {
            node.clock().sleepNanos(wait); // FIFO: the oldest replaced entry expires first
        }
        return recycling.pollFirst()[0];
    }

    private synchronized void release(long entry) {
        free.addFirst(entry);
    }

    private synchronized void retire(long w) {
        recycling.addLast(new long[] {ite.dte(w), node.clock().nowNanos() + config.expirationNs() + config.maxClockSkewNs()});
    }
}
