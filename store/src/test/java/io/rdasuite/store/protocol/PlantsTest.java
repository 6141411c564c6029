package io.rdasuite.store.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rdasuite.store.mutation.PackagePlants;
import io.rdasuite.store.mutation.Plant;
import java.util.List;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

/**
 * The plant registry: {@link java.util.ServiceLoader} finds each shipped package's plants, and lists them in the
 * catalogue's order (that of the README, {@code ci/mutation.sh} and every report), so no central list is needed.
 */
class PlantsTest {
    /** Every shipped plant in the catalogue's order; a change here changes reports and {@code ci/mutation.sh}'s table. */
    private static final List<String> SHIPPED = List.of(
            "erda-get-skips-crc",
            "erda-flip-keeps-tag",
            "erda-recovery-wrong-segment",
            "erda-recovery-partial-scan",
            "erda-clean-moves-older",
            "erda-clean-no-quiesce",
            "erda-clean-copy-unpersisted",
            "erda-clean-publish-before-copy",
            "ef-background-flag-without-persist",
            "ef-hybrid-read-ignores-flag",
            "ef-get-handler-skips-crc",
            "ef-publish-before-metadata-persists",
            "ef-recovery-trusts-valid-bit",
            "ef-merge-skips-writer-wait",
            "ef-clean-copy-unpersisted",
            "ef-clean-publish-before-copy",
            "ef-recovery-tail-before-discarded",
            "saw-commit-without-persist",
            "imm-ack-before-persist",
            "forca-reply-before-persist",
            "redo-ack-before-persist",
            "redo-checkpoint-before-apply",
            "redo-record-unpersisted",
            "raw-apply-before-persist",
            "raw-skips-read-after-write",
            "raw-get-ignores-pending",
            "raw-recovery-skips-ring-crc",
            "baseline-replay-slot-order",
            "baseline-replay-skips-first-slot",
            "nessie-blind-candidate-cas",
            "nessie-skip-duplicate-removal",
            "nessie-skip-get-reverse-pass",
            "nessie-recycle-without-expiry",
            "nessie-migrate-source-first",
            "pdsm-chunk-before-header-persists",
            "pdsm-swing-before-pages-persist",
            "pdsm-ack-before-flush",
            "pdsm-not-mirrored-to-backup",
            "pdsm-stale-epoch-accepted",
            "pdsm-replica-mapped-before-copy",
            "pdsm-swing-visible-before-durable",
            "pdkvs-split-published-before-persist",
            "txn-validation-skipped",
            "txn-commit-backup-not-persisted",
            "txn-commit-primary-before-backup-ack",
            "txn-commit-misses-pending-copy",
            "pdfs-rename-two-operations",
            "pdfs-data-not-rooted",
            "pdfs-directory-lease-not-awaited",
            "remotelog-compound-unordered",
            "remotelog-responder-skips-flush",
            "remotelog-replay-without-checksum",
            "remotelog-tail-before-record",
            "remotelog-slot-consumed-early");

    @Test
    void theShippedPlantsComeOnceEachInCatalogueOrderAfterNone() {
        List<String> names = Plants.all().stream().map(Plant::cliName).toList();
        assertThat(names.getFirst()).isEqualTo("none");
        assertThat(Plants.all().getFirst()).isSameAs(Plant.NONE);
        assertThat(names.subList(1, 1 + SHIPPED.size())).containsExactlyElementsOf(SHIPPED);
        assertThat(names).doesNotHaveDuplicates();
        assertThat(names.subList(1 + SHIPPED.size(), names.size())).as("only the test's user family follows").containsExactly("acme-log-early-ack");
    }

    @Test
    void theOrderIsThePackagesOrderNeverTheClassPaths() {
        List<PackagePlants> found = new java.util.ArrayList<>();
        ServiceLoader.load(PackagePlants.class).forEach(found::add);
        List<Plant> reversed = Plants.collect(found.reversed(), List.of());
        assertThat(reversed).isEqualTo(Plants.collect(found, List.of()));
        assertThat(reversed.stream().map(Plant::cliName).toList().subList(1, reversed.size())).containsExactlyElementsOf(SHIPPED);
    }

    @Test
    void everyShippedPlantParsesBackByNameAndAUsersToo() {
        for (Plant p : Plants.all()) {
            assertThat(Plants.parse(" " + p.cliName().toUpperCase() + " ")).isSameAs(p);
        }
        assertThat(Plants.parse("acme-log-early-ack")).isSameAs(KvProtocolsTest.UserFamily.EARLY_ACK);
    }

    @Test
    void anUnknownNameListsEveryValidOneInOrder() {
        assertThatThrownBy(() -> Plants.parse("erda-forgets-everything")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown planted bug 'erda-forgets-everything'; valid: none, " + String.join(", ", SHIPPED) + ", acme-log-early-ack");
    }

    @Test
    void twoPackagesPlantingOneNameAreRefused() {
        PackagePlants clash = () -> List.of(new KvProtocolsTest.UserPlant("erda-get-skips-crc"));
        List<PackagePlants> found = new java.util.ArrayList<>();
        ServiceLoader.load(PackagePlants.class).forEach(found::add);
        found.add(clash);
        assertThatThrownBy(() -> Plants.collect(found, List.of())).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("two planted bugs are named 'erda-get-skips-crc'");
    }
}
