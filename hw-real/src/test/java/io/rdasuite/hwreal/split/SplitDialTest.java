package io.rdasuite.hwreal.split;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rdasuite.store.fabric.QueuePair;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A requester's dial in a split deployment. A 1,000-cycle campaign lost a rejoining PM server at cycle 296 (load 71):
 * its peer sent no hello within the hello timeout, the IOException ended `rda serve`, and the cluster never became
 * whole again. A slow or not yet listening peer is dialed again; a refusal that will not change is not.
 */
class SplitDialTest {
    private static final QueuePair CONNECTED = Absent.of(QueuePair.class, "the test's connection");

    private static IOException noHelloInTime() {
        return new IOException("the server at /127.0.0.1:1 sent no hello in time; is it an RDA Suite server?", new SocketTimeoutException("Read timed out"));
    }

    @Test
    void aPeerTooSlowToAnswerItsHelloOrNotYetListeningIsDialedAgain() {
        AtomicInteger dials = new AtomicInteger();
        List<String> log = new ArrayList<>();
        QueuePair qp = SplitFabric.dial(() -> switch (dials.incrementAndGet()) {
            case 1 -> throw noHelloInTime();
            case 2 -> throw new ConnectException("Connection refused");
            default -> CONNECTED;
        }, "connection 7 (node 2 to node 0)", 10_000, log::add);
        assertThat(qp).isSameAs(CONNECTED);
        assertThat(dials).hasValue(3);
        assertThat(log).hasSize(2).allSatisfy(line -> assertThat(line).contains("connection 7").endsWith("dialing again"));
    }

    @Test
    void aRefusalThatWillNotChangeFailsAtOnce() {
        AtomicInteger dials = new AtomicInteger();
        assertThatThrownBy(() -> SplitFabric.dial(() -> {
            dials.incrementAndGet();
            throw new IOException("the server refused the hello: wrong secret");
        }, "connection 3 (node 1 to node 0)", 10_000, line -> { }))
                .isInstanceOf(UncheckedIOException.class).hasMessageContaining("cannot open connection 3");
        assertThat(dials).hasValue(1);
    }

    @Test
    void aPeerStillSlowAtTheDeadlineFails() {
        AtomicInteger dials = new AtomicInteger();
        assertThatThrownBy(() -> SplitFabric.dial(() -> {
            dials.incrementAndGet();
            throw noHelloInTime();
        }, "connection 4 (node 1 to node 2)", 0, line -> { }))
                .isInstanceOf(UncheckedIOException.class).hasRootCauseInstanceOf(SocketTimeoutException.class);
        assertThat(dials).hasValue(1);
    }
}
