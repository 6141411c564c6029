package io.rdasuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.crashsim.cluster.CrashTarget;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.protocol.Plants;
import io.rdasuite.store.thdpms.ThdpmsPlantedBug;
import io.rdasuite.store.thdpms.fs.PdfsPlantedBug;
import io.rdasuite.store.thdpms.kvs.PdkvsPlantedBug;
import io.rdasuite.store.thdpms.txn.TxnPlantedBug;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * TH-DPMS's plants in the mutation catalogue (paper 002): each is a {@link Plant} of its store's package that
 * {@code rda check --plant} hands to that store's cluster cells, and one default cell of {@code rda check} (seed 1, budget 1, the entry point
 * {@link CheckCommand} calls) catches it, while the code as written passes that cell. {@code ci/mutation.sh} scores every
 * cell.
 */
class ThdpmsPlantsTest {
    private static final String DMP = "DMP+DDIO+DRAM-RQWRB";

    /** A default cell run with the catalogue's plant (NONE: as written); its row's verdict and what failed. */
    record Cell(String label, Function<Plant, ClusterRow> run) {
        @Override
        public String toString() {
            return label;
        }
    }

    static Cell cluster(ClusterCells.Store store, String config, CrashTarget target) {
        return cluster(store, config, target, 1);
    }

    static Cell cluster(ClusterCells.Store store, String config, CrashTarget target, long seed) {
        ClusterCells.Cell c = new ClusterCells.Cell(ServerConfig.parse(config), Transport.IB, target, store);
        return new Cell(store.name().toLowerCase() + " " + config + " IB " + target.spec() + (seed == 1 ? "" : " seed " + seed),
                plant -> ClusterCells.explore(c, seed, 1, plant));
    }

    static Cell txn(String config) {
        TxnCells.Cell c = new TxnCells.Cell(ServerConfig.parse(config), Transport.IB);
        return new Cell("txn " + config + " IB", plant -> TxnCells.explore(c, 1, 1, PlantOption.within(TxnPlantedBug.class, plant)));
    }

    static Cell pdfs(String config) {
        TxnCells.Cell c = new TxnCells.Cell(ServerConfig.parse(config), Transport.IB);
        return new Cell("pdfs " + config + " IB", plant -> FsCells.explore(c, 1, 1, PlantOption.within(PdfsPlantedBug.class, plant)));
    }

    static Stream<Arguments> revealingCells() {
        return Stream.of(
                // lazy write-back keeps the unpersisted header in every later frontier: seed 1 finds it (it took seed 4 before)
                Arguments.of(ThdpmsPlantedBug.CHUNK_BEFORE_HEADER_PERSISTS, cluster(ClusterCells.Store.PDSM, "DMP+DDIO+PM-RQWRB", CrashTarget.ALL_SERVERS), "STRUCTURE"),
                // the stalled commit holds the swing visible and not durable; a crash is aimed right after a read inside it
                Arguments.of(ThdpmsPlantedBug.SWING_VISIBLE_BEFORE_DURABLE, cluster(ClusterCells.Store.PDSM, "DMP+NODDIO+DRAM-RQWRB", CrashTarget.ALL_SERVERS), "LINEARIZABILITY"),
                Arguments.of(ThdpmsPlantedBug.SWING_BEFORE_PAGES_PERSIST, cluster(ClusterCells.Store.PDSM, DMP, CrashTarget.ALL_SERVERS), ""),
                Arguments.of(ThdpmsPlantedBug.ACK_BEFORE_FLUSH, cluster(ClusterCells.Store.PDSM, "DMP+DDIO+PM-RQWRB", CrashTarget.ALL_SERVERS), "DURABILITY"),
                Arguments.of(ThdpmsPlantedBug.NOT_MIRRORED_TO_BACKUP, cluster(ClusterCells.Store.PDSM, DMP, CrashTarget.server(0)), "STRUCTURE"),
                Arguments.of(ThdpmsPlantedBug.STALE_EPOCH_ACCEPTED, cluster(ClusterCells.Store.PDSM, DMP, CrashTarget.server(0)), "STRUCTURE"),
                Arguments.of(ThdpmsPlantedBug.REPLICA_MAPPED_BEFORE_COPY, cluster(ClusterCells.Store.PDSM_SECOND_FAILURE, DMP, CrashTarget.server(0)), "DURABILITY"),
                Arguments.of(PdkvsPlantedBug.SPLIT_PUBLISHED_BEFORE_PERSIST, cluster(ClusterCells.Store.PDKVS, "DMP+DDIO+PM-RQWRB", CrashTarget.ALL_SERVERS), "DURABILITY"),
                Arguments.of(TxnPlantedBug.VALIDATION_SKIPPED, txn(DMP), ""),
                Arguments.of(TxnPlantedBug.COMMIT_BACKUP_NOT_PERSISTED, txn(DMP), ""),
                Arguments.of(TxnPlantedBug.COMMIT_PRIMARY_BEFORE_BACKUP_ACK, txn(DMP), ""),
                Arguments.of(PdfsPlantedBug.RENAME_TWO_OPERATIONS, pdfs(DMP), ""),
                // the run without a crash probes the directory caches across clients (DirectoryLeaseProbe)
                Arguments.of(PdfsPlantedBug.DIRECTORY_LEASE_NOT_AWAITED, pdfs(DMP), ""));
    }

    /**
     * The seed-64 bug (a get returned the value of a put whose root swing was visible but not yet persisted, and a power
     * failure lost it), as the default search at seed 1 now finds it with the plant and shrinks it: the overwrite's
     * commit stalls between the swing's stores and their persist ({@code P1:3~20000}), the other client reads the object
     * inside that window, and every server loses power right after the read (lazy write-back keeps the swing's line
     * unpersisted). The same token replays clean with the pending mark, and fails with the swing as paper 002 reads.
     */
    @Test
    void seed1sShrunkTokenCatchesASwingVisibleBeforeItIsDurable() {
        String body = "pdsm/objects%s|DMP+NODDIO+DRAM-RQWRB|IB|1|P2:2,P1:3~20000/P2:4,G1,G1,G1,G1,G1,G1,G1,G1|1394|%s|0:0;1:0;2:0|%s|all-servers";
        // with the pending mark no server holds an unpersisted line at that point: the empty choice is its only image
        String asWritten = io.rdasuite.crashsim.TokenCodec.encode("rda2.", body.formatted("", "0:;1:;2:", "none"));
        String planted = io.rdasuite.crashsim.TokenCodec.encode("rda2.", body.formatted("/swing-visible-before-durable", "0:;1:0;2:",
                ThdpmsPlantedBug.SWING_VISIBLE_BEFORE_DURABLE.cliName()));
        RdaRun clean = RdaRun.of("replay", asWritten);
        assertThat(clean.exitCode()).as("with the pending mark: %s%s", clean.out(), clean.err()).isZero();
        RdaRun replay = RdaRun.of("replay", planted);
        assertThat(replay.exitCode()).as("the swing as the paper reads: %s", replay.out()).isEqualTo(1);
        assertThat(replay.out()).contains("LINEARIZABILITY");
    }

    /** Unplanted rows, once per cell (several plants share one). */
    private static final Map<String, ClusterRow> AS_WRITTEN = new ConcurrentHashMap<>();

    @ParameterizedTest(name = "{0} in {1}")
    @MethodSource("revealingCells")
    void theDefaultCellCatchesThePlantTheCodeAsWrittenPasses(Plant plant, Cell cell, String invariant) {
        ClusterRow asWritten = AS_WRITTEN.computeIfAbsent(cell.label(), k -> cell.run().apply(Plant.NONE));
        assertThat(asWritten.verdict()).as("as written: %s", asWritten).isEqualTo("PASS");

        ClusterRow planted = cell.run().apply(plant);
        assertThat(planted.verdict()).as("%s is caught", plant).isEqualTo("FAIL");
        assertThat(planted.subject()).as("the row names the plant (replays plant it too)").endsWith(
                plant.cliName().substring(plant.cliName().indexOf('-') + 1));
        if (!invariant.isEmpty()) { // pDSM's and pDKVS's cells, whose examples name their invariant
            assertThat(((PdsmRow) planted).examples()).extracting(PdsmRow.Example::invariant).as("%s breaks %s", plant, invariant).contains(invariant);
        }
    }

    @Test
    void everyThdpmsPlantIsSwitchedOnInTheCellsOfItsHomeStoreOnly() {
        List<Map.Entry<String, Class<? extends Plant>>> cells = List.of(Map.entry("pdsm", ThdpmsPlantedBug.class), Map.entry("pdkvs", PdkvsPlantedBug.class),
                Map.entry("txn", TxnPlantedBug.class), Map.entry("pdfs", PdfsPlantedBug.class));
        for (Plant p : Plants.all()) {
            String home = p.stores().isEmpty() ? "" : p.stores().getFirst();
            for (Map.Entry<String, Class<? extends Plant>> cell : cells) {
                assertThat(PlantOption.within(cell.getValue(), p)).as("%s in %s's cells", p, cell.getKey())
                        .isSameAs(home.equals(cell.getKey()) ? p : Plant.NONE);
            }
        }
    }
}
