package io.rdasuite.hwreal.split;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class StallWatchTest {
    private static final long BOUND = 20_000;

    @Test
    void reportsEveryThreadOnceWhenTheCounterStandsStillPastTheBound() {
        AtomicLong rounds = new AtomicLong(3);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        StallWatch watch = new StallWatch("the loop", rounds::get, BOUND, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        assertThat(watch.poll(0)).isFalse();
        assertThat(watch.poll(BOUND - 1)).as("not yet past the bound").isFalse();
        assertThat(watch.poll(BOUND)).isTrue();
        assertThat(watch.poll(3 * BOUND)).as("once per stall").isFalse();
        String report = bytes.toString(StandardCharsets.UTF_8);
        assertThat(report).contains("the loop completed no round in 0 s (still at round 3)")
                .contains("thread \"" + Thread.currentThread().getName() + "\"").contains(StallWatchTest.class.getName() + ".reportsEveryThreadOnce");

        rounds.incrementAndGet();
        assertThat(watch.poll(3 * BOUND + 1)).isFalse();
        assertThat(bytes.toString(StandardCharsets.UTF_8)).endsWith("the loop moved again, at round 4" + System.lineSeparator());
        assertThat(watch.poll(4 * BOUND + 1)).as("armed again after it moved").isTrue();
    }

    @Test
    void aCounterThatNeverStartedIsNotAStall() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        StallWatch watch = new StallWatch("the loop", () -> 0, BOUND, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        assertThat(watch.poll(0)).isFalse();
        assertThat(watch.poll(10 * BOUND)).isFalse();
        assertThat(bytes.size()).isZero();
    }
}
