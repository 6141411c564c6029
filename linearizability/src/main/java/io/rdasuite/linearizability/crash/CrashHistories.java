package io.rdasuite.linearizability.crash;

import io.rdasuite.crashsim.Observation;
import io.rdasuite.crashsim.Op;
import io.rdasuite.crashsim.OpRecord;
import io.rdasuite.crashsim.Subject;
import io.rdasuite.linearizability.history.Event;
import io.rdasuite.linearizability.history.Fn;
import io.rdasuite.linearizability.history.History;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * A crash run of the explorer as a history (issue 7, DESIGN §5): the clients' operations before the power
 * failure, in the order of the simulator's events (virtual time), then the crash, the recovery, and one read of
 * every key by a fresh process, which is what recovery left. A put's value is its program tag; a read's is the
 * tag of the put whose bytes it returned, nil for nothing, or a value no put wrote when the bytes are torn.
 * An operation that failed (the server went down under it) is {@code info}: it may have taken effect. A delete is
 * the map's delete (a write of nil). A run that crashed and recovered before its last crash ({@code rda fuzz}'s
 * repeated crashes) has a crash and a recovery event at each of {@link Observation#earlierCrashEvents()}.
 */
public final class CrashHistories {
    /** The value a torn read reports: no put writes it, so the history cannot be linearized. */
    static final String TORN = "torn";

    private CrashHistories() {
    }

    /** The history of one crash state. */
    public static History of(Subject subject, List<OpRecord> records, Observation observed) {
        record At(long event, int order, int seq, Event e) {
        }
        List<At> timeline = new ArrayList<>();
        int processes = 0;
        List<OpRecord> byClient = new ArrayList<>(records);
        byClient.sort(Comparator.comparingInt(OpRecord::client).thenComparingLong(OpRecord::invokeEvent));
        for (int i = 0; i < byClient.size(); i++) {
            OpRecord r = byClient.get(i);
            processes = Math.max(processes, r.client() + 1);
            Fn f = switch (r.op().kind()) {
                case PUT -> Fn.WRITE;
                case GET -> Fn.READ;
                case DELETE -> Fn.DELETE;
            };
            Object value = r.op().kind() == Op.Kind.PUT ? r.op().value() : null;
            timeline.add(new At(r.invokeEvent(), 1, timeline.size(), Event.invoke(r.client(), f, r.op().key(), value, r.invokeEvent())));
            // a client's next operation in a later epoch (after a crash and recovery) does not complete this one: the crash does
            boolean nextSameClient = i + 1 < byClient.size() && byClient.get(i + 1).client() == r.client()
                    && epoch(observed, byClient.get(i + 1).invokeEvent()) == epoch(observed, r.invokeEvent());
            if (r.completed()) {
                Object result = switch (r.op().kind()) {
                    case PUT -> r.op().value();
                    case GET -> valueOf(subject, records, r.op().key(), r.result());
                    case DELETE -> null;
                };
                // before the invokes of its event when its client's next op starts in that same event
                int order = nextSameClient && byClient.get(i + 1).invokeEvent() == r.completeEvent() ? 0 : 2;
                timeline.add(new At(r.completeEvent(), order, timeline.size(), Event.ok(r.client(), f, r.op().key(), result, r.completeEvent())));
            } else if (nextSameClient) {
                // it failed and the client went on: unknown whether it took effect
                long next = byClient.get(i + 1).invokeEvent();
                timeline.add(new At(next, 1, timeline.size(), Event.info(r.client(), f, r.op().key(), value, next)));
            } // else still pending at the crash
        }
        for (long crash : observed.earlierCrashEvents()) { // a crash and recovery the run went through before its last crash
            timeline.add(new At(crash, 3, timeline.size(), Event.crash(null, crash)));
            timeline.add(new At(crash, 4, timeline.size(), Event.recovery(null, crash)));
        }
        // at equal event indices invokes (and a failed op's completion, just before its client's next invoke) come
        // before completions: operations overlap rather than being ordered falsely
        timeline.sort(Comparator.comparingLong(At::event).thenComparingInt(At::order).thenComparingInt(At::seq));
        List<Event> events = new ArrayList<>();
        timeline.forEach(a -> events.add(a.e()));
        long end = timeline.isEmpty() ? 0 : timeline.getLast().event() + 1;
        events.add(Event.crash(null, end));
        events.add(Event.recovery(null, end + 1));
        int reader = processes;
        long t = end + 2;
        java.util.TreeSet<Integer> keys = new java.util.TreeSet<>(observed.values().keySet());
        records.forEach(r -> keys.add(r.op().key()));
        for (int key : keys) { // every key the program touched: one missing after recovery reads nil
            if (observed.unreadable().contains(key)) {
                continue; // no intact version: CONSISTENT_VERSION's business
            }
            events.add(Event.invoke(reader, Fn.READ, key, null, t++));
            events.add(Event.ok(reader, Fn.READ, key, valueOf(subject, records, key, observed.values().get(key)), t++));
        }
        return History.of(events);
    }

    /** How many earlier crashes happened before {@code event}. */
    private static int epoch(Observation observed, long event) {
        int n = 0;
        for (long c : observed.earlierCrashEvents()) { // empty but for rda fuzz's repeated crashes: no stream per operation
            n += c <= event ? 1 : 0;
        }
        return n;
    }

    /** The tag of the put whose bytes these are, null for none (absent or zero), {@link #TORN} for bytes no put wrote. */
    static Object valueOf(Subject subject, List<OpRecord> records, int key, byte[] bytes) {
        if (bytes == null || isZero(bytes)) {
            return null;
        }
        for (OpRecord r : records) {
            if (r.op().kind() == Op.Kind.PUT && r.op().key() == key && Arrays.equals(subject.valueBytes(key, r.op().value()), bytes)) {
                return r.op().value();
            }
        }
        return TORN;
    }

    private static boolean isZero(byte[] b) {
        for (byte x : b) {
            if (x != 0) {
                return false;
            }
        }
        return true;
    }
}
