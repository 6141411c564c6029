package io.rdasuite.hwsim.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The record of every event a simulation dispatched. It always keeps a running 64-bit digest (Murmur3's
 * fmix64 folded over each record's fields), so two runs can be compared cheaply; with capture on it also
 * keeps the records themselves, to print a counterexample's trace.
 */
public final class Trace {
    private static final int FIELDS = 5;
    private final boolean capture;
    private final int captureLimit;
    private long digest = 0x243F6A8885A308D3L;
    private long count;
    private long[] records;
    private int captured;
    private final long[] kindCounts = new long[TraceKind.values().length];

    /**
     * @param capture      keep the records, not only the digest
     * @param captureLimit most records kept (the digest covers all)
     */
    public Trace(boolean capture, int captureLimit) {
        this.capture = capture;
        this.captureLimit = captureLimit;
        this.records = capture ? new long[FIELDS * 1024] : null;
    }

    /** One captured record; {@code eventIndex} is the dispatched-event index (fault plans use it). */
    public record Record(long eventIndex, long timeNanos, TraceKind kind, int nodeId, long argument) {
        @Override
        public String toString() {
            return "e" + eventIndex + " t=" + timeNanos + "ns " + kind + " node=" + nodeId + " arg=" + Long.toHexString(argument);
        }
    }

    void record(long eventIndex, long timeNanos, TraceKind kind, int nodeId, long argument) {
        long h = digest;
        h = fmix64(h ^ timeNanos);
        h = fmix64(h ^ ((long) kind.ordinal() << 32 | (nodeId & 0xffffffffL)));
        h = fmix64(h ^ argument);
        digest = h;
        count++;
        kindCounts[kind.ordinal()]++;
        if (capture && captured < captureLimit) {
            int at = captured * FIELDS;
            if (at + FIELDS > records.length) {
                records = Arrays.copyOf(records, records.length * 2);
            }
            records[at] = timeNanos;
            records[at + 1] = kind.ordinal();
            records[at + 2] = nodeId;
            records[at + 3] = argument;
            records[at + 4] = eventIndex;
            captured++;
        }
    }

    private static long fmix64(long k) {
        k ^= k >>> 33;
        k *= 0xff51afd7ed558ccdL;
        k ^= k >>> 33;
        k *= 0xc4ceb9fe1a85ec53L;
        k ^= k >>> 33;
        return k;
    }

    /** The digest of every record so far; equal digests mean (with overwhelming likelihood) equal traces. */
    public long digest() {
        return digest;
    }

    /** How many events were recorded. */
    public long count() {
        return count;
    }

    /** How many events of one kind were recorded (kept with or without capture). */
    public long count(TraceKind kind) {
        return kindCounts[kind.ordinal()];
    }

    /** The captured records, in order. */
    public List<Record> records() {
        List<Record> out = new ArrayList<>(captured);
        TraceKind[] kinds = TraceKind.values();
        for (int i = 0; i < captured; i++) {
            int at = i * FIELDS;
            out.add(new Record(records[at + 4], records[at], kinds[(int) records[at + 1]], (int) records[at + 2], records[at + 3]));
        }
        return out;
    }

    /** The captured records as text lines. */
    public List<String> lines() {
        return records().stream().map(Record::toString).toList();
    }
}
