package io.rdasuite.cli;

import io.rdasuite.store.thdpms.fs.PdfsPlantedBug;
import io.rdasuite.store.thdpms.txn.TxnPlantedBug;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The cluster cell families the suite ships (TH-DPMS, paper 002 §4.1–§4.2; Nessie, paper 004 §4.2–§4.3), each
 * registered in {@code META-INF/services/io.rdasuite.cli.ClusterCellFamily} like a family of one's own would be. Each
 * wraps its cells' class ({@link ClusterCells}, {@link TxnCells}, {@link FsCells}, {@link NessieCells}) and switches on
 * {@code --plant} only where the plant is its store's.
 */
public final class ShippedClusterFamilies {
    private ShippedClusterFamilies() {
    }

    /** pDSM's object store (§4.1): every server, server 0 or server 1 crashed; then the second failure after re-replication (§4.1.7). */
    public static final class Pdsm implements ClusterCellFamily {
        @Override
        public String name() {
            return "pdsm";
        }

        @Override
        public String description() {
            return "the object store; 3 PM servers, a monitor, 2 clients; every server, server 0 or server 1 crashed, and a second"
                    + " failure after re-replication";
        }

        @Override
        public Section section() {
            return Section.CLUSTERS;
        }

        @Override
        public List<Cell> select(CellOptions options) {
            return Stream.concat(ClusterCells.select(options, ClusterCells.Store.PDSM).stream(),
                    ClusterCells.select(options, ClusterCells.Store.PDSM_SECOND_FAILURE).stream()).map(Pdsm::cell).toList();
        }

        static Cell cell(ClusterCells.Cell c) {
            return (seed, budget, plant) -> ClusterCells.explore(c, seed, budget, plant);
        }
    }

    /** pDKVS (§4.1.9): the CCEH key-value store, under pDSM's three crash targets. */
    public static final class Pdkvs implements ClusterCellFamily {
        @Override
        public String name() {
            return "pdkvs";
        }

        @Override
        public String description() {
            return "the CCEH key-value store, targets as pdsm";
        }

        @Override
        public Section section() {
            return Section.CLUSTERS;
        }

        @Override
        public List<Cell> select(CellOptions options) {
            return ClusterCells.select(options, ClusterCells.Store.PDKVS).stream().map(Pdsm::cell).toList();
        }
    }

    /** pDFS (§4.2): the namespace under a power failure of every server, of the directory server, of a file server. */
    public static final class Pdfs implements ClusterCellFamily {
        @Override
        public String name() {
            return "pdfs";
        }

        @Override
        public String description() {
            return "the file system; every server, the directory server, a file server crashed";
        }

        @Override
        public Section section() {
            return Section.FILE_SYSTEM;
        }

        @Override
        public List<Cell> select(CellOptions options) {
            return TxnCells.select(options).stream()
                    .<Cell>map(c -> (seed, budget, plant) -> FsCells.explore(c, seed, budget, PlantOption.within(PdfsPlantedBug.class, plant)))
                    .toList();
        }
    }

    /** Transactions (§4.1.6), checked strictly serializable, with validation skipped as the negative control. */
    public static final class Txn implements ClusterCellFamily {
        @Override
        public String name() {
            return "txn";
        }

        @Override
        public String description() {
            return "transactions, checked strictly serializable; every server, every server with server 0 lost, server 0, a"
                    + " coordinator crashed";
        }

        @Override
        public Section section() {
            return Section.TRANSACTIONS;
        }

        @Override
        public List<Cell> select(CellOptions options) {
            return TxnCells.select(options).stream()
                    .<Cell>map(c -> (seed, budget, plant) -> TxnCells.explore(c, seed, budget, PlantOption.within(TxnPlantedBug.class, plant)))
                    .toList();
        }

        @Override
        public Optional<Cell> control() {
            return Optional.of((seed, budget, plant) -> TxnCells.control(seed));
        }
    }

    /** Nessie (paper 004 §4.2, §4.3.1): the client kill/stall search, one cell per transport. */
    public static final class Nessie implements ClusterCellFamily {
        @Override
        public String name() {
            return "nessie";
        }

        @Override
        public String description() {
            return "Nessie's client kill/stall search, one cell per transport";
        }

        @Override
        public Section section() {
            return Section.NESSIE;
        }

        @Override
        public List<Cell> select(CellOptions options) {
            return NessieCells.select(options).stream().<Cell>map(t -> (seed, budget, plant) -> NessieCells.explore(t, seed, budget)).toList();
        }
    }
}
