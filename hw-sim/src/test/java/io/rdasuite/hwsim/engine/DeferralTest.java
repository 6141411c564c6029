package io.rdasuite.hwsim.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A deferrable event that is not due when its time comes is put back, neither dispatched nor traced. */
class DeferralTest {
    @Test
    void aDeferredEventIsDispatchedOnceWhenDue() {
        Trace trace = new Trace(true, 1_000);
        Engine engine = new Engine(5, trace, 1_000);
        List<Long> fired = new ArrayList<>();
        List<Long> asked = new ArrayList<>();
        engine.schedule(new Event(TraceKind.ARRIVE, 0, 42, true) {
            @Override
            protected long dueAt(long now) {
                asked.add(now);
                return Math.max(now, 250);
            }

            @Override
            protected void fire() {
                fired.add(engine.now());
            }
        }, 100);
        engine.runUntil(1_000);

        assertThat(asked).containsExactly(100L, 250L);
        assertThat(fired).containsExactly(250L);
        assertThat(trace.records()).filteredOn(r -> r.kind() == TraceKind.ARRIVE)
                .singleElement().satisfies(r -> assertThat(r.timeNanos()).isEqualTo(250));
    }

    @Test
    void anEventDueBeforeItsTimeFailsTheRun() {
        Engine engine = new Engine(5, new Trace(false, 0), 1_000);
        engine.schedule(new Event(TraceKind.ARRIVE, 0, 1, true) {
            @Override
            protected long dueAt(long now) {
                return now - 1;
            }

            @Override
            protected void fire() {
            }
        }, 100);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> engine.runUntil(1_000)).isInstanceOf(SimulationException.class)
                .hasMessageContaining("before its time");
    }
}
