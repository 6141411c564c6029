package io.rdasuite.store.nessie;

import io.rdasuite.store.fabric.Completion;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.WorkRequest;
import io.rdasuite.store.kv.StoreFullException;
import io.rdasuite.store.pm.LocalMemory;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import net.openhft.hashing.LongHashFunction;

/**
 * A client thread of NessieSD or NessieHY (§5). A key belongs to one owner node (a hash of the key), whose
 * server threads alone change its ITEs and DTEs. NessieSD sends every operation to the owner as a request
 * ({@link NessieServer}) and busy-polls its reply slot; NessieHY does so for PUTs and DELETEs, while its GETs
 * follow Nessie's read path (§4.2.1) against the owner's tables: RDMA READs of the key's ITEs and of each
 * named DTE, or local loads when the owner is this node (§5). As in the paper's NessieHY, those GETs use no
 * filter bits, cache, previous versions or multiple reads.
 */
final class NessieServedClient extends NessieKvBase {
    private static final LongHashFunction OWNER_HASH = LongHashFunction.xx(0x6f776e6572L);

    private final int client;
    private final int clientsPerNode;
    private final int nodes;
    private final CuckooHashes hashes;
    private final IndexEntry ite;
    private final DataEntry dte;
    private final List<MemoryRegion> indexTables;
    private final List<MemoryRegion> dataTables;
    private final List<MemoryRegion> requestRegions;
    private final QueuePair[] qps;
    private final LocalMemory ownRequests;
    private final LocalMemory ownIndex;
    private final LocalMemory ownData;
    private final LocalMemory replies;
    private final long replyAt;
    private final long[] scratch8 = new long[1];
    private final MemorySegment word = MemorySegment.ofArray(scratch8);
    private final SplittableRandom jitter;
    private long seq;

    NessieServedClient(Node node, NessieConfig config, int client, int clientsPerNode, List<MemoryRegion> indexTables, List<MemoryRegion> dataTables,
                       List<MemoryRegion> requestRegions, MemoryRegion replyRegion, QueuePair[] qps) {
        super(node, config);
        this.client = client;
        this.clientsPerNode = clientsPerNode;
        this.nodes = indexTables.size();
        this.hashes = NessieServer.localHashes(config);
        this.ite = new IndexEntry(config.filterBits());
        this.dte = new DataEntry(config.shape());
        this.indexTables = indexTables;
        this.dataTables = dataTables;
        this.requestRegions = requestRegions;
        this.qps = qps;
        this.ownRequests = node.local(requestRegions.get(node.id()));
        this.ownIndex = node.local(indexTables.get(node.id()));
        this.ownData = node.local(dataTables.get(node.id()));
        this.replies = node.local(replyRegion);
        this.replyAt = (long) client * NessieServer.replyBytes(config);
        this.jitter = new SplittableRandom(0x53444859L * 31 + node.id() + 4096L * client);
    }

    /** The node that owns {@code key} in NessieSD and NessieHY: its ITEs and DTE live there only. */
    static int owner(byte[] key, int nodes) {
        return (int) Long.remainderUnsigned(OWNER_HASH.hashBytes(key), nodes);
    }

    @Override
    boolean putNow(byte[] key, byte[] value) {
        request(NessieServer.PUT, key, value);
        return true;
    }

    @Override
    boolean deleteNow(byte[] key) {
        request(NessieServer.DELETE, key, null);
        return true;
    }

    @Override
    byte[] getNow(byte[] key) {
        return config.mode().serverDrivenReads() ? request(NessieServer.GET, key, null) : oneSidedGet(key);
    }

    // ---- requests to the owner's server threads --------------------------------------------------------------

    private byte[] request(int op, byte[] key, byte[] value) {
        int owner = owner(key, nodes);
        int slot = node.id() * clientsPerNode + client;
        int slots = nodes * clientsPerNode;
        long bell = ++seq << 4 | op;
        int keyPadded = NessieServer.padded(key.length);
        byte[] bodyBytes = new byte[value == null ? keyPadded : NessieServer.bodyBytes(config)];
        System.arraycopy(key, 0, bodyBytes, 0, key.length);
        if (value != null) {
            System.arraycopy(value, 0, bodyBytes, keyPadded, value.length);
        }
        MemorySegment body = MemorySegment.ofArray(bodyBytes);
        long bodyAt = NessieServer.bodyOffset(config, slots, slot);
        if (owner == node.id()) {
            ownRequests.store(bodyAt, body); // same node: written directly, without RDMA (§5)
            ownRequests.storeRelease8(8L * slot, bell);
        } else {
            MemoryRegion region = requestRegions.get(owner);
            qps[owner].post(WorkRequest.write(body, region.address(bodyAt), region.rkey()).unsignaled());
            qps[owner].post(WorkRequest.write(MemorySegment.ofArray(new long[] {bell}), region.address(8L * slot), region.rkey()).unsignaled());
            stats.verb(inGet, bodyBytes.length);
            stats.verb(inGet, 8);
        }
        long reply;
        while (((reply = replies.loadAcquire8(replyAt)) >>> 4) != seq) {
            node.clock().chargeCpu(config.serverSpinNs()); // busy-polls the reply slot
        }
        int status = (int) (reply & 15);
        byte[] result = null;
        if (status == NessieServer.VALUE) {
            byte[] padded = new byte[NessieServer.padded(config.shape().valueBytes())];
            replies.load(replyAt + 8, MemorySegment.ofArray(padded));
            result = Arrays.copyOf(padded, config.shape().valueBytes());
        }
        if (owner != node.id()) { // the owner's reply: the value (if any), then the reply word
            if (result != null) {
                stats.verb(inGet, NessieServer.padded(result.length));
            }
            stats.verb(inGet, 8);
        }
        if (status == NessieServer.FULL) {
            throw new StoreFullException("node " + owner + " has no free ITE or DTE for the key (NessieSD/NessieHY owner store)");
        }
        return result;
    }

    // ---- NessieHY's client-driven GET (§4.2.1's read path over a partially coupled store) ----------------------

    private byte[] oneSidedGet(byte[] key) {
        int owner = owner(key, nodes);
        CuckooHashes.Slot[] slots = hashes.slots(key);
        int conflicts = 0;
        for (int attempt = 0; attempt < config.maxAttempts(); attempt++) {
            long start = node.clock().nowNanos();
            long[] seen = new long[slots.length];
            byte[] found = null;
            boolean hit = false;
            for (int i = 0; i < slots.length && !hit; i++) {
                seen[i] = readIte(owner, slots[i].index());
                if (IndexEntry.isEmpty(seen[i])) {
                    continue;
                }
                DataEntry.View v = readDte(owner, seen[i]); // no filter bits: every named DTE is read whole
                if (v.valid() && v.holds(key)) {
                    found = v.value();
                    hit = true;
                }
            }
            boolean consistent = hit;
            if (!hit) { // not found: a displacement may have moved the key between examined ITEs; re-read in reverse
                consistent = true;
                for (int i = slots.length - 1; i >= 0; i--) {
                    consistent &= readIte(owner, slots[i].index()) == seen[i];
                }
            }
            if (consistent && node.clock().nowNanos() - start <= config.operationTimeoutNs()) {
                return found;
            }
            stats.retries++;
            long ceiling = Math.min(config.backoffMaxNs(), config.backoffBaseNs() << Math.min(conflicts++, 30));
            node.clock().sleepNanos(ceiling / 2 + jitter.nextLong(ceiling / 2 + 1));
        }
        throw new KvReadException("no consistent read of the key after " + config.maxAttempts() + " attempts");
    }

    private long readIte(int owner, int index) {
        if (owner == node.id()) {
            return ownIndex.loadAcquire8(8L * index);
        }
        MemoryRegion table = indexTables.get(owner);
        stats.verb(inGet, 8);
        check(qps[owner].execute(WorkRequest.read(word, table.address(8L * index), table.rkey())));
        return scratch8[0];
    }

    private DataEntry.View readDte(int owner, long w) {
        byte[] bytes = new byte[dte.bytes()];
        long at = ite.dte(w) * dte.bytes();
        if (owner == node.id()) {
            ownData.load(at, MemorySegment.ofArray(bytes));
        } else {
            MemoryRegion table = dataTables.get(owner);
            stats.verb(inGet, bytes.length);
            check(qps[owner].execute(WorkRequest.read(MemorySegment.ofArray(bytes), table.address(at), table.rkey())));
        }
        return dte.view(bytes);
    }

    private static void check(Completion c) {
        if (!c.ok()) {
            throw new KvReadException("an RDMA READ failed: " + c.status());
        }
    }
}
