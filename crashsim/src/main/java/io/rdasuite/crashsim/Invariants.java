package io.rdasuite.crashsim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;

/**
 * The checks after recovery (DESIGN §5): RDA, durability at ack, monotonic reads, and the protocol's own
 * structural checks. A value counts as "not older than" a put P when it comes from a put that did not
 * complete before P was invoked.
 */
final class Invariants {
    static final String RDA = "RDA";
    static final String DURABILITY = "DURABILITY";
    static final String MONOTONIC_READS = "MONOTONIC_READS";
    static final String STRUCTURE = "STRUCTURE";
    static final String CONSISTENT_VERSION = "CONSISTENT_VERSION";
    /** Durable (or, for a protocol not durable at ack, buffered durable) linearizability of the run's history. */
    static final String LINEARIZABILITY = "LINEARIZABILITY";
    /** The history checks on the class path, in name order. */
    static final List<HistoryCheck> HISTORY_CHECKS = java.util.ServiceLoader.load(HistoryCheck.class).stream()
            .map(java.util.ServiceLoader.Provider::get).sorted(java.util.Comparator.comparing(HistoryCheck::invariant)).toList();

    /** One failed check. */
    record Finding(String invariant, String detail) {
    }

    private Invariants() {
    }

    static List<Finding> check(Subject subject, io.rdasuite.store.fabric.ServerConfig config, List<OpRecord> history, Observation observed) {
        List<Finding> findings = new ArrayList<>();
        for (String e : observed.structuralErrors()) {
            findings.add(new Finding(STRUCTURE, e));
        }
        for (int key : observed.unreadable()) {
            findings.add(new Finding(CONSISTENT_VERSION, "no intact version of key " + key + " is left to read"));
        }
        TreeSet<Integer> keys = new TreeSet<>();
        for (OpRecord r : history) {
            keys.add(r.op().key());
        }
        for (int key : keys) {
            if (observed.unreadable().contains(key)) {
                continue;
            }
            checkKey(subject, history, key, observed.values().get(key), findings);
        }
        for (HistoryCheck h : HISTORY_CHECKS) {
            String failure = h.check(subject, config, history, observed);
            if (failure != null) {
                findings.add(new Finding(h.invariant(), failure));
            }
        }
        return findings;
    }

    private static void checkKey(Subject subject, List<OpRecord> history, int key, byte[] value, List<Finding> findings) {
        List<OpRecord> puts = new ArrayList<>();
        for (OpRecord r : history) {
            if (r.op().key() == key && r.op().kind() == Op.Kind.PUT) {
                puts.add(r);
            }
        }
        boolean initial = value == null || isZero(value);
        OpRecord source = initial ? null : sourceOf(subject, puts, key, value);
        if (!initial && source == null) {
            findings.add(new Finding(RDA, "key " + key + " holds bytes no put wrote (torn or mixed): " + preview(value)));
            return;
        }
        OpRecord lastAcked = null;
        for (OpRecord p : puts) {
            if (p.completed() && (lastAcked == null || p.completeEvent() > lastAcked.completeEvent())) {
                lastAcked = p;
            }
        }
        if (lastAcked != null && (initial || olderThan(source, lastAcked))) {
            findings.add(new Finding(DURABILITY, "put of key " + key + " value " + lastAcked.op().value() + " was acknowledged at event "
                    + lastAcked.completeEvent() + " but recovery finds " + (initial ? "nothing" : "the older value " + source.op().value())));
        }
        for (OpRecord g : history) {
            if (g.op().key() != key || g.op().kind() != Op.Kind.GET || !g.completed() || g.result() == null || isZero(g.result())) {
                continue;
            }
            OpRecord read = sourceOf(subject, puts, key, g.result());
            if (read != null && (initial || olderThan(source, read))) {
                findings.add(new Finding(MONOTONIC_READS, "a get of key " + key + " returned value " + read.op().value() + " at event "
                        + g.completeEvent() + " before the crash, but recovery finds " + (initial ? "nothing" : "the older value " + source.op().value())));
            }
        }
    }

    private static boolean olderThan(OpRecord a, OpRecord b) {
        return a != b && a.completed() && a.completeEvent() < b.invokeEvent();
    }

    private static OpRecord sourceOf(Subject subject, List<OpRecord> puts, int key, byte[] value) {
        OpRecord found = null;
        for (OpRecord p : puts) {
            if (Arrays.equals(subject.valueBytes(key, p.op().value()), value)) {
                found = p; // the latest put of equal bytes
            }
        }
        return found;
    }

    private static boolean isZero(byte[] b) {
        for (byte x : b) {
            if (x != 0) {
                return false;
            }
        }
        return true;
    }

    private static String preview(byte[] b) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < Math.min(16, b.length); i++) {
            s.append(String.format("%02x", b[i]));
        }
        return s + (b.length > 16 ? "…" : "");
    }
}
