package io.rdasuite.hwsim.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;

/**
 * The event queue gives events back in (time, tie-break, insertion) order, whatever the interleaving of additions
 * and removals: the order the simulator's traces, and so their digests, depend on.
 */
class EventQueueProperties {
    /** A numbered event; the queue never fires it. */
    private static final class Numbered extends Event {
        final long time;
        final long tie;
        final int number;

        Numbered(long time, long tie, int number) {
            this.time = time;
            this.tie = tie;
            this.number = number;
        }

        @Override
        protected void fire() {
        }

        @Override
        protected TraceKind kind() {
            return TraceKind.values()[0];
        }

        @Override
        protected int nodeId() {
            return 0;
        }

        @Override
        protected long traceArgument() {
            return number;
        }
    }

    private static final Comparator<Numbered> ORDER = Comparator.<Numbered>comparingLong(e -> e.time)
            .thenComparingLong(e -> e.tie).thenComparingInt(e -> e.number);

    /**
     * Each step adds an event (time and tie from small ranges, so that equal keys are common) or, for a negative
     * step, removes the earliest; the removals must match a sorted list's.
     */
    @Property(tries = 300)
    void pollsInTimeThenTieThenInsertionOrder(@ForAll @Size(max = 400) List<@IntRange(min = -3, max = 40) Integer> steps,
                                              @ForAll @LongRange(min = 1, max = 1_000) long seed) {
        replay(steps, seed, (queue, random, step, number, now) -> {
            Numbered e = new Numbered(step, random.nextInt(3), number);
            queue.add(e.time, e.tie, e);
            return e;
        });
    }

    /**
     * The same with the ties the engine draws (any long, negative ones too), ties that differ only below their top 23
     * bits (equal heap keys), and times around 2^40 ns, where the heap's keys saturate and only the full comparison
     * orders: each must still come out in (time, tie, insertion) order.
     */
    @Property(tries = 300)
    void ordersFullWidthTiesAndTimesPastTheKeyRange(@ForAll @Size(max = 400) List<@IntRange(min = -3, max = 40) Integer> steps,
                                                    @ForAll @LongRange(min = 1, max = 1_000) long seed,
                                                    @ForAll @IntRange(min = 0, max = 2) int timeBase,
                                                    @ForAll @IntRange(min = 0, max = 2) int tieKind) {
        long base = switch (timeBase) {
            case 0 -> 0;
            case 1 -> (1L << 40) - 20; // straddles the last key below saturation
            default -> 1L << 50;
        };
        long sharedTop = 0x5A5A5A5A5A5A5A5AL;
        replay(steps, seed, (queue, random, step, number, now) -> {
            long tie = switch (tieKind) {
                case 0 -> random.nextLong();
                case 1 -> (sharedTop & ~0x3FL) | random.nextInt(3) | (random.nextBoolean() ? Long.MIN_VALUE : 0);
                default -> random.nextBoolean() ? Long.MIN_VALUE + random.nextInt(2) : Long.MAX_VALUE - random.nextInt(2);
            };
            Numbered e = new Numbered(base + step, tie, number);
            queue.add(e.time, e.tie, e);
            return e;
        });
    }

    /**
     * Events added through {@link EventStream}s — mostly at growing times, as a NIC schedules them, but also at equal
     * and earlier times, which the queue must take on their own — come out in the same order as events added one by
     * one: a stream only changes where the queue keeps an event, never when it fires.
     */
    @Property(tries = 300)
    void streamsKeepTheSameOrder(@ForAll @Size(max = 400) List<@IntRange(min = -3, max = 40) Integer> steps,
                                 @ForAll @LongRange(min = 1, max = 1_000) long seed,
                                 @ForAll @IntRange(min = 0, max = 1) int timeBase) {
        long base = timeBase == 0 ? 0 : 1L << 50;
        EventStream[] streams = {new EventStream(), new EventStream(), new EventStream()};
        long[] streamTime = new long[streams.length];
        replay(steps, seed, (queue, random, step, number, now) -> {
            int which = random.nextInt(streams.length + 1);
            long time;
            if (which < streams.length && random.nextInt(4) != 0) {
                time = Math.max(now - base, streamTime[which]) + random.nextInt(3); // mostly later, sometimes equal
                streamTime[which] = Math.max(streamTime[which], time);
            } else {
                time = Math.max(0, now - base) + step; // anywhere from now on
            }
            Numbered e = new Numbered(base + time, random.nextInt(3) - 1, number);
            if (which < streams.length) {
                queue.add(e.time, e.tie, e, streams[which]);
            } else {
                queue.add(e.time, e.tie, e);
            }
            return e;
        });
    }

    /** Adds one event to the queue for a non-negative step; {@code now} is the time of the last event polled (0 first). */
    @FunctionalInterface
    private interface Adder {
        Numbered add(EventQueue queue, java.util.SplittableRandom random, int step, int number, long now);
    }

    /**
     * Each step adds an event through {@code adder} or, for a negative step, removes the earliest; the removals must
     * match a sorted list's, and so must the order of what is left at the end.
     */
    private static void replay(List<Integer> steps, long seed, Adder adder) {
        EventQueue queue = new EventQueue();
        List<Numbered> reference = new ArrayList<>();
        java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
        int number = 0;
        long now = 0;
        for (int step : steps) {
            if (step < 0) {
                if (reference.isEmpty()) {
                    assertThat(queue.isEmpty()).isTrue();
                    continue;
                }
                reference.sort(ORDER);
                Numbered expected = reference.removeFirst();
                assertThat(queue.peekTime()).isEqualTo(expected.time);
                Event got = queue.poll();
                assertThat(((Numbered) got).number).isEqualTo(expected.number);
                assertThat(queue.lastTime).isEqualTo(expected.time);
                now = expected.time;
            } else {
                reference.add(adder.add(queue, random, step, number++, now));
            }
            assertThat(queue.size()).isEqualTo(reference.size());
        }
        reference.sort(ORDER);
        for (Numbered expected : reference) {
            assertThat(((Numbered) queue.poll()).number).isEqualTo(expected.number);
        }
        assertThat(queue.isEmpty()).isTrue();
    }
}
