package io.rdasuite.store.thdpms.txn;

import io.rdasuite.store.mutation.DescribedPlant;
import io.rdasuite.store.mutation.PackagePlants;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.mutation.PlantText;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Planted bugs of pDSM's transactions (paper 002 §4.1.6; DESIGN §5a): each drops one step of the commit protocol so
 * that the serializability checker can be shown to catch it. {@link Plant#NONE} is the protocol as written.
 */
public enum TxnPlantedBug implements DescribedPlant {
    /** The coordinator commits without re-reading the read set's versions (step 3): write skew. */
    VALIDATION_SKIPPED("txn-validation-skipped", "txn",
            "the coordinator commits without re-reading the read set's versions, so two transactions make a write skew"
                    + " (paper 002 §4.1.6, step 3: validate)"),

    /** A backup acknowledges COMMIT-BACKUP before its log record persists (step 4). */
    COMMIT_BACKUP_NOT_PERSISTED("txn-commit-backup-not-persisted", "txn",
            "a backup acknowledges COMMIT-BACKUP before its log record persists (paper 002 §4.1.6, step 4: a synchronous"
                    + " persisting RPC)"),

    /** The coordinator sends COMMIT-PRIMARY before every backup acknowledged COMMIT-BACKUP (steps 4–5 reordered). */
    COMMIT_PRIMARY_BEFORE_BACKUP_ACK("txn-commit-primary-before-backup-ack", "txn",
            "the coordinator sends COMMIT-PRIMARY before every backup acknowledged COMMIT-BACKUP (paper 002 §4.1.6, steps 4"
                    + " and 5 reordered)"),

    /**
     * A primary installs a commit without regard to a re-replication copy of the segment that waits to be mapped
     * (§4.1.7): neither under the segment's lock nor mirrored to the copy, which then misses the commit for good.
     */
    COMMIT_MISSES_PENDING_COPY("txn-commit-misses-pending-copy", "txn",
            "a primary installs a commit without the segment's lock or a mirror to a re-replication copy waiting to be"
                    + " mapped, which then misses the commit for good (paper 002 §4.1.6 over §4.1.7)");

    private final PlantText text;

    TxnPlantedBug(String cliName, String stores, String description) {
        this.text = new PlantText(cliName, stores, description);
    }

    @Override
    public PlantText text() {
        return text;
    }

    /** The name within its package, as subjects and replay tokens write it: lower case, hyphens. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Parses a {@link #label()}, or {@code none} for {@link Plant#NONE}; an unknown one names the valid choices. */
    public static Plant parse(String label) {
        if (label.equals("none")) {
            return Plant.NONE;
        }
        for (TxnPlantedBug b : values()) {
            if (b.label().equals(label)) {
                return b;
            }
        }
        throw new IllegalArgumentException("unknown transaction planted bug '" + label + "'; valid: none, "
                + String.join(", ", Arrays.stream(values()).map(TxnPlantedBug::label).toList()));
    }

    /** {@code plant}'s {@link #label()} if it is one of these, else {@code none} (this package's code runs as written). */
    public static String labelOf(Plant plant) {
        return plant instanceof TxnPlantedBug b ? b.label() : "none";
    }

    @Override
    public String toString() {
        return text.cliName();
    }

    /** What {@link java.util.ServiceLoader} finds: the transactions' plants, after pDKVS's. */
    public static final class Provider implements PackagePlants {
        @Override
        public List<Plant> plants() {
            return List.of(values());
        }

        @Override
        public int order() {
            return 60;
        }
    }
}
