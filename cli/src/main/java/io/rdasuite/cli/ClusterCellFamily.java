package io.rdasuite.cli;

import io.rdasuite.store.mutation.Plant;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * One family of {@code rda check}'s cluster cells, the value {@code --clusters NAME} chooses (issue 31: no central list
 * of protocols in the CLI). The families are found through {@link ServiceLoader}, in the order of
 * {@code META-INF/services/io.rdasuite.cli.ClusterCellFamily}: {@code pdsm}, {@code pdkvs}, {@code txn}, {@code pdfs},
 * {@code nessie} (paper 002 §4.1–§4.2, paper 004). A family names the report section its rows go to; the sections and
 * their layout are the report's ({@link CheckReport}).
 */
public interface ClusterCellFamily {
    /** The report section a family's rows go to, in the order {@code rda check} runs them. */
    enum Section {
        CLUSTERS("clusters"), TRANSACTIONS("transactions"), FILE_SYSTEM("file system"), NESSIE("nessie");

        private final String phase;

        Section(String phase) {
            this.phase = phase;
        }

        /** The progress display's name for this section. */
        String phase() {
            return phase;
        }
    }

    /**
     * One cell: explored with the campaign's seed, budget factor and {@code --plant} (a family switches on only its own);
     * its row is of the kind its section shows ({@code CheckReport.add}).
     */
    interface Cell {
        ClusterRow explore(long seed, double budget, Plant plant);
    }

    /** The name {@code --clusters} takes and the JSON's {@code filters.clusters} records. */
    String name();

    /** What the family's cells explore, for the error an unknown {@code --clusters} name gets. */
    String description();

    Section section();

    /** Every cell of this family that the shard and the {@code --config}/{@code --transport} filters take, in a fixed order. */
    List<Cell> select(CellOptions options);

    /**
     * The family's negative control, run once on shard 0 when any of its cells is selected, reported apart from the
     * cells ({@code transactionControl} for transactions); none by default.
     */
    default Optional<Cell> control() {
        return Optional.empty();
    }

    /** Every registered family, in registration order. */
    static List<ClusterCellFamily> all() {
        return Registered.ALL;
    }

    /** The registered families, loaded once. */
    final class Registered {
        static final List<ClusterCellFamily> ALL = ServiceLoader.load(ClusterCellFamily.class, ClusterCellFamily.class.getClassLoader())
                .stream().map(ServiceLoader.Provider::get).toList();

        private Registered() {
        }
    }
}
