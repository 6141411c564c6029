package io.rdasuite.crashsim.nessie;

import static io.rdasuite.crashsim.nessie.NessieClusterTest.SHAPE;
import static io.rdasuite.crashsim.nessie.NessieClusterTest.fabric;
import static io.rdasuite.crashsim.nessie.NessieClusterTest.key;
import static io.rdasuite.crashsim.nessie.NessieClusterTest.value;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rdasuite.hwsim.engine.Engine;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.store.nessie.NessieClient;
import io.rdasuite.store.nessie.NessieCluster;
import io.rdasuite.store.nessie.NessieConfig;
import io.rdasuite.store.nessie.NessieOptimization;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The switches of Fig. 13 (paper 004 §4.3.2, §6.2): each one changes what a GET moves, and only that. */
class NessieOptimizationsTest {

    @Test
    void theLadderAddsOneOptimizationPerRungInFigure13sOrderAndNamesParse() {
        List<Set<NessieOptimization>> ladder = NessieOptimization.ladder();
        assertThat(ladder).hasSize(5);
        assertThat(ladder.getFirst()).isEmpty();
        assertThat(ladder.get(1)).containsExactly(NessieOptimization.FILTER_BITS);
        assertThat(ladder.get(2)).containsExactly(NessieOptimization.FILTER_BITS, NessieOptimization.CACHE);
        assertThat(ladder.getLast()).isEqualTo(NessieOptimization.all());
        assertThat(NessieOptimization.parse("cache, filter")).containsExactly(NessieOptimization.FILTER_BITS, NessieOptimization.CACHE);
        assertThat(NessieOptimization.parse("basic")).isEmpty();
        assertThat(NessieOptimization.label(NessieOptimization.parse("multiple-reads,previous-versions"))).isEqualTo("previous-versions,multiple-reads");
        assertThatThrownBy(() -> NessieOptimization.parse("filter,prefetch")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'prefetch'").hasMessageContaining("valid: all, none, filter, cache, previous-versions, multiple-reads");
    }

    /**
     * Node 0 fills a small index with keys (their DTEs on node 0); node 1 looks up absent keys, so that every full
     * ITE it meets names another key's DTE. Returns node 1's GET bytes.
     */
    private static long getBytesForAbsentKeys(Set<NessieOptimization> on) {
        NessieConfig config = NessieConfig.small(SHAPE, 6, 64).withOptimizations(on);
        try (SimFabric fabric = fabric(3, 2)) {
            List<NessieClient> clients = NessieCluster.deploy(fabric, 2, config).clients();
            fabric.node(0).spawn("filler", () -> {
                for (int k = 0; k < 6; k++) {
                    assertThat(clients.get(0).put(key(k), value(0, k + 1))).isTrue();
                }
            });
            assertThat(fabric.run()).isEqualTo(Engine.RunStatus.FINISHED);
            fabric.node(1).spawn("reader", () -> {
                for (int k = 0; k < 6; k++) {
                    assertThat(clients.get(1).get(key(k))).as("stored key %d", k).isEqualTo(value(0, k + 1));
                }
                long before = clients.get(1).stats().getBytes;
                for (int k = 100; k < 140; k++) {
                    assertThat(clients.get(1).get(key(k))).as("absent key %d", k).isNull();
                }
                clients.get(1).stats().getBytes -= before;
            });
            assertThat(fabric.run()).isEqualTo(Engine.RunStatus.FINISHED);
            return clients.get(1).stats().getBytes;
        }
    }

    @Test
    void filterBitsSkipOtherKeysEntriesAndMultipleReadsLeaveTheirValuesBehind() {
        long filtered = getBytesForAbsentKeys(EnumSet.of(NessieOptimization.FILTER_BITS, NessieOptimization.MULTIPLE_READS));
        long metadataOnly = getBytesForAbsentKeys(EnumSet.of(NessieOptimization.MULTIPLE_READS));
        long whole = getBytesForAbsentKeys(NessieOptimization.none());
        assertThat(filtered).as("filter bits: only ITEs and the rare matching filter").isLessThan(metadataOnly);
        assertThat(metadataOnly).as("multiple reads: metadata and key of each named DTE, no value").isLessThan(whole);
        assertThat(whole - metadataOnly).as("the values left unread").isGreaterThanOrEqualTo(8L * SHAPE.valueBytes());
    }

    @Test
    void withoutPreviousVersionsAGetThatMeetsAnInProgressPutRetriesInstead() {
        NessieConfig config = NessieConfig.small(SHAPE, 64, 256);
        Set<NessieOptimization> noPrevious = EnumSet.complementOf(EnumSet.of(NessieOptimization.PREVIOUS_VERSIONS));
        List<String> with = NessieClusterTest.contendedKey(5, config);
        List<String> without = NessieClusterTest.contendedKey(5, config.withOptimizations(noPrevious));
        assertThat(count(with, "previous ")).as("previous-version reads with the optimization").isPositive();
        assertThat(count(without, "previous ")).as("previous-version reads without it").isZero();
        assertThat(count(without, "retries ")).as("retries without previous versions").isGreaterThan(count(with, "retries "));
    }

    private static long count(List<String> log, String prefix) {
        return log.stream().filter(l -> l.startsWith(prefix)).mapToLong(l -> Long.parseLong(l.substring(prefix.length()))).findFirst().orElseThrow();
    }
}
