package io.rdasuite.store.nessie;

import java.util.Arrays;
import net.openhft.hashing.LongHashFunction;

/**
 * N-way cuckoo hashing over every node's index table (Nessie §4.1.1): hash function {@code i} is xxHash64 seeded
 * with {@code i + 1} and picks one slot among all nodes' ITEs, which names a node and an index. The filter bits
 * come from the store-wide key hash ({@link io.rdasuite.store.kv.KeyHash}, seed 0), independent of the slots.
 */
public final class CuckooHashes {
    /** One ITE in the deployment: node {@code node}, index {@code index} of its index table. */
    public record Slot(int node, int index) {
    }

    private final LongHashFunction[] functions;
    private final int nodes;
    private final int slotsPerNode;

    public CuckooHashes(int functionCount, int nodes, int slotsPerNode) {
        if (nodes < 1 || nodes > IndexEntry.dtiLimit()) {
            throw new IllegalArgumentException("1.." + IndexEntry.dtiLimit() + " nodes: " + nodes);
        }
        this.functions = new LongHashFunction[functionCount];
        for (int i = 0; i < functionCount; i++) {
            functions[i] = LongHashFunction.xx(i + 1L);
        }
        this.nodes = nodes;
        this.slotsPerNode = slotsPerNode;
    }

    /**
     * The key's candidate ITEs in hash-function order, without repeats (two functions may pick one slot; it is
     * examined once). GETs and PUTs walk this list forwards and backwards.
     */
    public Slot[] slots(byte[] key) {
        Slot[] out = new Slot[functions.length];
        int n = 0;
        long total = (long) nodes * slotsPerNode;
        for (LongHashFunction f : functions) {
            long global = Long.remainderUnsigned(f.hashBytes(key), total);
            Slot s = new Slot((int) (global / slotsPerNode), (int) (global % slotsPerNode));
            boolean repeat = false;
            for (int j = 0; j < n; j++) {
                repeat |= out[j].equals(s);
            }
            if (!repeat) {
                out[n++] = s;
            }
        }
        return n == out.length ? out : Arrays.copyOf(out, n);
    }
}
