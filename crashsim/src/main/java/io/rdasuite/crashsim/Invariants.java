package io.rdasuite.crashsim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;

/**
 * The checks after recovery (DESIGN §5): RDA, durability at ack, monotonic reads, and the protocol's own
 * structural checks. A value counts as "not older than" a put P when it comes from a put that did not
 * complete before P was invoked. A delete writes "absent": a key found absent is accepted where some delete
 * could be its newest write, and counts as older than a write otherwise (as the initial state does).
 */
public final class Invariants {
    /** The history checks on the class path, in name order. */
    static final List<HistoryCheck> HISTORY_CHECKS = java.util.ServiceLoader.load(HistoryCheck.class).stream()
            .map(java.util.ServiceLoader.Provider::get).sorted(java.util.Comparator.comparing(HistoryCheck::invariant)).toList();

    /**
     * One invariant that failed in one crash state, and how; a {@link Violation} adds where (scenario, crash, image) and
     * becomes a finding of the check.
     */
    public record Failure(Invariant invariant, String detail) {
    }

    private Invariants() {
    }

    /** Every check of one crash state: the run's operations before the crash and what recovery left. */
    public static List<Failure> check(Subject subject, io.rdasuite.store.fabric.ServerConfig config, List<OpRecord> history, Observation observed) {
        List<Failure> findings = new ArrayList<>();
        for (String e : observed.structuralErrors()) {
            findings.add(new Failure(Invariant.STRUCTURE, e));
        }
        for (int key : observed.unreadable()) {
            findings.add(new Failure(Invariant.CONSISTENT_VERSION, "no intact version of key " + key + " is left to read"));
            OpRecord lost = lostWhileQuiet(history, key);
            if (lost != null) {
                findings.add(new Failure(Invariant.DURABILITY, describe(lost) + " was acknowledged at event " + lost.completeEvent()
                        + " and no write of key " + key + " was in flight at the crash, but recovery finds no intact version"));
            }
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
                findings.add(new Failure(h.invariant(), failure));
            }
        }
        return findings;
    }

    private static void checkKey(Subject subject, List<OpRecord> history, int key, byte[] value, List<Failure> findings) {
        List<OpRecord> puts = new ArrayList<>();
        List<OpRecord> deletes = new ArrayList<>();
        for (OpRecord r : history) {
            if (r.op().key() == key && r.op().kind() == Op.Kind.PUT) {
                puts.add(r);
            } else if (r.op().key() == key && r.op().kind() == Op.Kind.DELETE) {
                deletes.add(r);
            }
        }
        boolean absent = value == null || isZero(value);
        OpRecord source = absent ? null : sourceOf(subject, puts, key, value);
        if (!absent && source == null) {
            findings.add(new Failure(Invariant.RDA, "key " + key + " holds bytes no put wrote (torn or mixed): " + preview(value)));
            return;
        }
        OpRecord lastAcked = null;
        for (OpRecord w : history) {
            if (w.op().key() == key && w.op().writes() && w.completed() && (lastAcked == null || w.completeEvent() > lastAcked.completeEvent())) {
                lastAcked = w;
            }
        }
        if (lastAcked != null && (absent ? everyOlder(deletes, lastAcked) : olderThan(source, lastAcked))) {
            findings.add(new Failure(Invariant.DURABILITY, describe(lastAcked) + " was acknowledged at event " + lastAcked.completeEvent()
                    + " but recovery finds " + (absent ? "nothing" : "the older value " + source.op().value())));
        }
        for (OpRecord g : history) {
            if (g.op().key() != key || g.op().kind() != Op.Kind.GET || !g.completed() || g.result() == null) {
                continue;
            }
            if (!isZero(g.result())) {
                OpRecord read = sourceOf(subject, puts, key, g.result());
                if (read != null && (absent ? everyOlder(deletes, read) : olderThan(source, read))) {
                    findings.add(new Failure(Invariant.MONOTONIC_READS, "a get of key " + key + " returned value " + read.op().value() + " at event "
                            + g.completeEvent() + " before the crash, but recovery finds " + (absent ? "nothing" : "the older value " + source.op().value())));
                }
            } else if (!absent && readDeletedBefore(puts, deletes, g, source)) {
                findings.add(new Failure(Invariant.MONOTONIC_READS, "a get of key " + key + " found it deleted at event " + g.completeEvent()
                        + " before the crash, but recovery finds the older value " + source.op().value()));
            }
        }
    }

    /**
     * The newest acknowledged write of a key whose writes all completed before the crash (null if one was in flight, or
     * none completed). Several writers caught by the crash may leave no intact version (CONSISTENT_VERSION); a key no
     * writer was touching that comes back unreadable lost acknowledged data, so it fails durability too: otherwise a
     * store that loses a quiet key (a cleaner that names a copy it never wrote) hides behind the writers' finding.
     */
    private static OpRecord lostWhileQuiet(List<OpRecord> history, int key) {
        OpRecord newest = null;
        for (OpRecord w : history) {
            if (w.op().key() != key || !w.op().writes()) {
                continue;
            }
            if (!w.completed()) {
                return null;
            }
            if (newest == null || w.completeEvent() > newest.completeEvent()) {
                newest = w;
            }
        }
        return newest;
    }

    /** "put of key k value v" or "delete of key k". */
    private static String describe(OpRecord w) {
        return w.op().kind() == Op.Kind.PUT ? "put of key " + w.op().key() + " value " + w.op().value() : "delete of key " + w.op().key();
    }

    /** Whether every delete completed before {@code write} was invoked: none of them can be the newest write (absent is older). */
    private static boolean everyOlder(List<OpRecord> deletes, OpRecord write) {
        return deletes.stream().allMatch(d -> olderThan(d, write));
    }

    /**
     * A get that read "absent" where only a delete can explain it (the key was written before the get began), and
     * every such delete was invoked after {@code source} completed: the crash brought back a value the get saw deleted.
     */
    private static boolean readDeletedBefore(List<OpRecord> puts, List<OpRecord> deletes, OpRecord g, OpRecord source) {
        boolean initialPossible = puts.stream().noneMatch(p -> p.completed() && p.completeEvent() < g.invokeEvent());
        List<OpRecord> candidates = deletes.stream().filter(d -> d.invokeEvent() < g.completeEvent()).toList();
        return !initialPossible && !candidates.isEmpty() && candidates.stream().allMatch(d -> olderThan(source, d));
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
