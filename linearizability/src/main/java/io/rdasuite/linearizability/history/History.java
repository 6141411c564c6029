package io.rdasuite.linearizability.history;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A history: the events a workload recorded, in order, and the {@link Operation}s they pair into. An invoke is
 * completed by the next ok/fail/info of the same process; a crash completes every operation of the crashed node
 * still pending ({@link Status#CRASHED}); an invoke never completed is {@link Status#PENDING}. Built through
 * {@link Builder}, which rejects ill-formed histories event by event so that readers can name the bad line.
 */
public final class History {
    private final List<Event> events;
    private final List<Operation> operations;
    private final List<CrashPoint> crashes;
    private final int[] lines;

    private History(List<Event> events, List<Operation> operations, List<CrashPoint> crashes, int[] lines) {
        this.events = events;
        this.operations = operations;
        this.crashes = crashes;
        this.lines = lines;
    }

    /** The 1-based line of its file that event {@code eventIndex} was read from, 0 when unknown. */
    public int line(int eventIndex) {
        return eventIndex >= 0 && eventIndex < lines.length ? lines[eventIndex] : 0;
    }

    /** The history of these events; an ill-formed one is an {@link IllegalArgumentException} naming the event. */
    public static History of(List<Event> events) {
        Builder b = new Builder();
        for (int i = 0; i < events.size(); i++) {
            try {
                b.add(events.get(i));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("event " + i + ": " + e.getMessage(), e);
            }
        }
        return b.build();
    }

    public List<Event> events() {
        return events;
    }

    /** Every invoked operation, in order of invocation (its id is its index here). */
    public List<Operation> operations() {
        return operations;
    }

    public List<CrashPoint> crashes() {
        return crashes;
    }

    /** Pairs events into operations as they arrive. */
    public static final class Builder {
        private final List<Event> events = new ArrayList<>();
        private final List<Operation> ops = new ArrayList<>();
        private final List<CrashPoint> crashes = new ArrayList<>();
        /** process -> id of its pending operation. */
        private final Map<Integer, Integer> pending = new HashMap<>();
        private int[] lines = new int[16];
        private boolean built;

        /** Appends {@code e}, read from line {@code line} of its file (for messages; 0: unknown). */
        public Builder add(Event e, int line) {
            add(e);
            int index = events.size() - 1;
            if (index >= lines.length) {
                lines = java.util.Arrays.copyOf(lines, Math.max(index + 1, lines.length * 2));
            }
            lines[index] = line;
            return this;
        }

        /** Appends {@code e}; an event that does not fit the history so far is an {@link IllegalArgumentException}. */
        public Builder add(Event e) {
            Objects.requireNonNull(e, "event");
            if (built) {
                throw new IllegalStateException("already built");
            }
            int index = events.size();
            switch (e.type()) {
                case INVOKE -> invoke(e, index);
                case OK, FAIL, INFO -> complete(e, index);
                case CRASH -> crash(e, index);
                case RECOVERY -> { }
            }
            events.add(e);
            return this;
        }

        private void invoke(Event e, int index) {
            Integer previous = pending.get(e.process());
            if (previous != null) {
                throw new IllegalArgumentException("process " + e.process() + " invokes " + e.f().wireName()
                        + " while its " + ops.get(previous).f().wireName() + " (event " + ops.get(previous).callIndex()
                        + ") is still pending");
            }
            pending.put(e.process(), ops.size());
            ops.add(new Operation(ops.size(), e.process(), e.f(), e.key(), e.value(), null, Status.PENDING, index, -1,
                    e.timeNanos(), Long.MAX_VALUE, e.node()));
        }

        private void complete(Event e, int index) {
            Integer id = pending.remove(e.process());
            if (id == null) {
                throw new IllegalArgumentException("process " + e.process() + " completes " + e.f().wireName()
                        + " (" + e.type().wireName() + ") but has no pending invoke");
            }
            Operation op = ops.get(id);
            if (op.f() != e.f()) {
                throw new IllegalArgumentException("process " + e.process() + " invoked " + op.f().wireName()
                        + " but completes " + e.f().wireName());
            }
            if (e.key() != null && op.key() != null && !e.key().equals(op.key())) {
                throw new IllegalArgumentException("process " + e.process() + " invoked key " + Values.render(op.key())
                        + " but completes key " + Values.render(e.key()));
            }
            Status status = switch (e.type()) {
                case OK -> Status.OK;
                case FAIL -> Status.FAIL;
                default -> Status.INFO;
            };
            boolean open = status == Status.INFO;
            ops.set(id, new Operation(id, op.process(), op.f(), op.key() != null ? op.key() : e.key(), op.value(),
                    status == Status.OK ? e.value() : null, status, op.callIndex(), open ? -1 : index,
                    op.callTimeNanos(), open ? Long.MAX_VALUE : e.timeNanos(), op.node()));
        }

        private void crash(Event e, int index) {
            CrashPoint c = new CrashPoint(index, e.timeNanos(), e.node());
            crashes.add(c);
            List<Integer> cut = new ArrayList<>();
            for (Map.Entry<Integer, Integer> p : pending.entrySet()) {
                if (c.affects(ops.get(p.getValue()).node())) {
                    cut.add(p.getKey());
                }
            }
            Collections.sort(cut); // HashMap order must not leak into anything
            for (int process : cut) {
                int id = pending.remove(process);
                Operation op = ops.get(id);
                ops.set(id, new Operation(id, op.process(), op.f(), op.key(), op.value(), null, Status.CRASHED,
                        op.callIndex(), index, op.callTimeNanos(), e.timeNanos(), op.node()));
            }
        }

        public History build() {
            built = true;
            return new History(List.copyOf(events), List.copyOf(ops), List.copyOf(crashes), java.util.Arrays.copyOf(lines, events.size()));
        }
    }
}
