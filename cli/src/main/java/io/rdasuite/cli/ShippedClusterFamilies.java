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

    /** What a shipped family says of itself, given when it is made. */
    abstract static class Shipped implements ClusterCellFamily {
        private final String name;
        private final Section section;
        private final String description;

        Shipped(String name, Section section, String description) {
            this.name = name;
            this.section = section;
            this.description = description;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public String description() {
            return description;
        }

        @Override
        public Section section() {
            return section;
        }
    }

    /** pDSM's object store (§4.1): every server, server 0 or server 1 crashed; then the second failure after re-replication (§4.1.7). */
    public static final class Pdsm extends Shipped {
        public Pdsm() {
            super("pdsm", Section.CLUSTERS,
                    "the object store; 3 PM servers, a monitor, 2 clients; every server, server 0 or server 1 crashed, and a second"
                            + " failure after re-replication");
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
    public static final class Pdkvs extends Shipped {
        public Pdkvs() {
            super("pdkvs", Section.CLUSTERS, "the CCEH key-value store, targets as pdsm");
        }

        @Override
        public List<Cell> select(CellOptions options) {
            return ClusterCells.select(options, ClusterCells.Store.PDKVS).stream().map(Pdsm::cell).toList();
        }
    }

    /** pDFS (§4.2): the namespace under a power failure of every server, of the directory server, of a file server. */
    public static final class Pdfs extends Shipped {
        public Pdfs() {
            super("pdfs", Section.FILE_SYSTEM, "the file system; every server, the directory server, a file server crashed");
        }

        @Override
        public List<Cell> select(CellOptions options) {
            return TxnCells.select(options).stream()
                    .<Cell>map(c -> (seed, budget, plant) -> FsCells.explore(c, seed, budget, PlantOption.within(PdfsPlantedBug.class, plant)))
                    .toList();
        }
    }

    /** Transactions (§4.1.6), checked strictly serializable, with validation skipped as the negative control. */
    public static final class Txn extends Shipped {
        public Txn() {
            super("txn", Section.TRANSACTIONS,
                    "transactions, checked strictly serializable; every server, every server with server 0 lost, server 0, a"
                            + " coordinator crashed");
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
    public static final class Nessie extends Shipped {
        public Nessie() {
            super("nessie", Section.NESSIE, "Nessie's client kill/stall search, one cell per transport");
        }

        @Override
        public List<Cell> select(CellOptions options) {
            return NessieCells.select(options).stream().<Cell>map(t -> (seed, budget, plant) -> NessieCells.explore(t, seed, budget)).toList();
        }
    }
}
