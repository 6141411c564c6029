package io.rdasuite.store.thdpms.txn;

/**
 * Planted bugs of pDSM's transactions (paper 002 §4.1.6), for tests and the mutation score only: each drops one step of
 * the commit protocol so that the serializability checker can be shown to catch it. {@link #NONE} is the protocol.
 */
public enum TxnPlantedBug {
    NONE,
    /** The coordinator commits without re-reading the read set's versions (step 3): write skew. */
    VALIDATION_SKIPPED,
    /** A backup acknowledges COMMIT-BACKUP before its log record persists (step 4). */
    COMMIT_BACKUP_NOT_PERSISTED,
    /** The coordinator sends COMMIT-PRIMARY before every backup acknowledged COMMIT-BACKUP (steps 4–5 reordered). */
    COMMIT_PRIMARY_BEFORE_BACKUP_ACK,
    /**
     * A primary installs a commit without regard to a re-replication copy of the segment that waits to be mapped
     * (§4.1.7): neither under the segment's lock nor mirrored to the copy, which then misses the commit for good.
     */
    COMMIT_MISSES_PENDING_COPY;

    /** The name in tokens and on the command line: lower case, hyphens. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    /** Parses a {@link #label()}; an unknown one names the valid choices. */
    public static TxnPlantedBug parse(String label) {
        for (TxnPlantedBug b : values()) {
            if (b.label().equals(label)) {
                return b;
            }
        }
        throw new IllegalArgumentException("unknown transaction planted bug '" + label + "'; valid: "
                + String.join(", ", java.util.Arrays.stream(values()).map(TxnPlantedBug::label).toList()));
    }

    /** The transaction bug the mutation catalogue's {@code plant} names ({@code rda check --plant txn-...}), else {@link #NONE}. */
    public static TxnPlantedBug of(io.rdasuite.store.mutation.PlantedBug plant) {
        return switch (plant) {
            case TXN_VALIDATION_SKIPPED -> VALIDATION_SKIPPED;
            case TXN_COMMIT_BACKUP_NOT_PERSISTED -> COMMIT_BACKUP_NOT_PERSISTED;
            case TXN_COMMIT_PRIMARY_BEFORE_BACKUP_ACK -> COMMIT_PRIMARY_BEFORE_BACKUP_ACK;
            case TXN_COMMIT_MISSES_PENDING_COPY -> COMMIT_MISSES_PENDING_COPY;
            default -> NONE;
        };
    }
}
