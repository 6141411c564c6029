package io.rdasuite.hwsim.fabric;

import java.util.Collections;
import java.util.SortedMap;
import java.util.TreeMap;

/** Run totals plus per-operation-kind counters (opened with {@code Clock.operation}). */
public final class Accounting {
    private final Counters total = new Counters();
    private final TreeMap<String, Counters> byOperation = new TreeMap<>();
    /** CPU nanoseconds per node id (ids are small and dense; grown on demand, no boxing on the hot path). */
    private long[] cpuByNode = new long[4];

    /** CPU nanoseconds charged on one node (0 when none). */
    public long cpuNanos(int nodeId) {
        return nodeId >= 0 && nodeId < cpuByNode.length ? cpuByNode[nodeId] : 0;
    }

    public Counters total() {
        return total;
    }

    public SortedMap<String, Counters> byOperation() {
        return Collections.unmodifiableSortedMap(byOperation);
    }

    Counters operation(String kind) {
        return byOperation.computeIfAbsent(kind, k -> new Counters());
    }

    void verb(io.rdasuite.store.fabric.Opcode op, Counters scope) {
        total.verbs[op.ordinal()]++;
        if (scope != null) {
            scope.verbs[op.ordinal()]++;
        }
    }

    void wire(long bytes, Counters scope) {
        total.wireBytes += bytes;
        if (scope != null) {
            scope.wireBytes += bytes;
        }
    }

    void roundTrip(Counters scope) {
        total.roundTrips++;
        if (scope != null) {
            scope.roundTrips++;
        }
    }

    void cpu(int nodeId, long nanos, Counters scope) {
        if (nodeId >= cpuByNode.length) {
            cpuByNode = java.util.Arrays.copyOf(cpuByNode, Math.max(nodeId + 1, cpuByNode.length * 2));
        }
        cpuByNode[nodeId] += nanos;
        total.cpuNanos += nanos;
        if (scope != null) {
            scope.cpuNanos += nanos;
        }
    }

    void pm(long bytes, Counters scope) {
        total.pmBytesWritten += bytes;
        if (scope != null) {
            scope.pmBytesWritten += bytes;
        }
    }

    void crc(long bytes, Counters scope) {
        total.crcBytes += bytes;
        if (scope != null) {
            scope.crcBytes += bytes;
        }
    }
}
