package io.rdasuite.linearizability.lincheck;

import static io.rdasuite.linearizability.lincheck.Scenarios.call;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.persist.PrimaryOp;
import io.rdasuite.store.persist.Recipes;
import io.rdasuite.store.persist.UpdateKind;
import java.util.List;
import org.jetbrains.kotlinx.lincheck.execution.ExecutionScenario;
import org.jetbrains.lincheck.LincheckAssertionError;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The negative control (DESIGN §4): the in-place-update store overwrites a key's slot in place, with no checksum
 * and no second version, so a read racing a put can return half of each. Lincheck's stress mode must find that.
 *
 * <p>Where the tearing comes from on the loopback fabric matters. Its NIC applies every verb addressed to a node
 * whole, under one lock, so a one-sided WRITE and a READ of the same slot never interleave there (real NICs give
 * no such guarantee beyond 8 bytes): the control put by WRITE + FLUSH is linearizable on this fabric, and that is
 * asserted below so that the limitation stays visible. Put by SEND, the server's CPU copies the value into the
 * slot, outside the NIC's lock, while a client's READ copies it out in 8-byte pieces: reads tear, and Lincheck
 * catches them.
 */
class LincheckInPlaceControlTest {
    /** Slots 0..2: the subjects' keys are 1 and 2. */
    static final int SLOTS = 3;
    static final int SEND_VALUE_BYTES = 208; // what one SEND's receive slot holds beside the message header

    /** Put by SEND: the recipe for MHP with DRAM receive buffers (the server's CPU copies; paper 003 Table 2). */
    public static class InPlaceSend extends StoreSubject {
        static final LoopbackDeployment.Cache CACHE = new LoopbackDeployment.Cache(n -> LoopbackDeployment.inPlace(
                Recipes.paper(LoopbackDeployment.CONFIG, Transport.IB, PrimaryOp.SEND, UpdateKind.SINGLETON), LincheckInPlaceControlTest.SLOTS, SEND_VALUE_BYTES, n, 8),
                LoopbackDeployment.USES);

        public InPlaceSend() {
            super(CACHE, 8, SEND_VALUE_BYTES, false);
        }
    }

    /** Put by one-sided WRITE + FLUSH (the recipe for MHP with DDIO), 4 KiB values. */
    public static class InPlaceWrite extends StoreSubject {
        static final LoopbackDeployment.Cache CACHE = new LoopbackDeployment.Cache(n -> LoopbackDeployment.inPlace(
                Recipes.paper(LoopbackDeployment.CONFIG, Transport.IB, PrimaryOp.WRITE, UpdateKind.SINGLETON), LincheckInPlaceControlTest.SLOTS, 4096, n, 8),
                LoopbackDeployment.USES);

        public InPlaceWrite() {
            super(CACHE, 8, 4096, false);
        }
    }

    /** A writer overwrites key 1 three times while a reader reads it three times. */
    static ExecutionScenario writerAndReaderOfOneKey() {
        return Scenarios.of(InPlaceSend.class, List.of(call("put", 1, 1)),
                List.of(List.of(call("put", 1, 2), call("put", 1, 3), call("put", 1, 2)), List.of(call("get", 1), call("get", 1), call("get", 1))),
                List.of());
    }

    /**
     * A writer overwrites key 1 three times while a reader reads it three times. Measured: about 1% of invocations
     * tear a read, but the invocations of one run are not independent draws: a run of 2000 once caught nothing (a CI
     * run of 2026-11-26), so up to four runs of 2000 are tried, each with fresh randomness, and one must catch it.
     */
    @Test
    void aReadRacingAnInPlacePutReturnsATornValue() {
        Throwable found = null;
        for (int run = 0; run < 4 && found == null; run++) {
            found = LincheckStoresTest.violation(InPlaceSend.class, InPlaceSend.CACHE, writerAndReaderOfOneKey(), 2000);
        }
        assertThat(found).as("Lincheck catches the in-place control").isInstanceOf(LincheckAssertionError.class);
        assertThat(Findings.results(found)).as("a read of bytes from two puts").contains(": -1");
        System.out.println("Lincheck, in-place control (SEND): caught:\n" + Findings.results(found));
    }

    /**
     * How often Lincheck catches the control: the scenario above in rounds of 100 invocations, and the random
     * scenarios every store gets in runs of 2000. Opt-in ({@code -Drda.lincheck.catchRate=true}, minutes): random
     * scenarios catch it in most runs, not all (measured: 6 of 10 runs of 2000; once none in a run of 4000), too
     * unreliable for an assertion, so the assertion above uses the sharp scenario (measured: 13 of 20 rounds of
     * 100 invocations, about 1% of invocations).
     */
    @Test
    @EnabledIfSystemProperty(named = "rda.lincheck.catchRate", matches = "true")
    void catchRates() {
        int rounds = 20;
        int sharp = 0;
        for (int r = 0; r < rounds; r++) {
            sharp += LincheckStoresTest.violation(InPlaceSend.class, InPlaceSend.CACHE, writerAndReaderOfOneKey(), 100, false) != null ? 1 : 0;
        }
        int random = 0;
        for (int r = 0; r < 10; r++) {
            try {
                Throwable found = catchThrowable(() -> LincheckStoresTest.options().iterations(20).minimizeFailedScenario(false).check(InPlaceSend.class));
                random += found != null && Findings.results(found).contains(": -1") ? 1 : 0;
            } finally {
                InPlaceSend.CACHE.close();
            }
        }
        System.out.printf("Lincheck, in-place control: sharp scenario caught in %d of %d rounds of 100 invocations; "
                + "random scenarios in %d of 10 runs of 2000%n", sharp, rounds, random);
        assertThat(sharp).isPositive();
    }

    /** A limitation of the loopback fabric, kept visible: its NIC never interleaves two verbs on one node. */
    @Test
    void oneSidedInPlaceWritesDoNotTearOnTheLoopbackFabric() {
        var scenario = Scenarios.of(InPlaceWrite.class, List.of(call("put", 1, 1)),
                List.of(List.of(call("put", 1, 2), call("put", 1, 3), call("put", 1, 2)), List.of(call("get", 1), call("get", 1), call("get", 1))),
                List.of());
        assertThat(LincheckStoresTest.violation(InPlaceWrite.class, InPlaceWrite.CACHE, scenario, 1000)).isNull();
    }
}
