package io.rdasuite.store.thdpms.fs;

/** Planted bugs of pDFS (paper 002 §4.2), for tests and the mutation score only. {@link #NONE} is the file system. */
public enum PdfsPlantedBug {
    NONE,
    /** A rename is two independent operations (create the new name, then remove the old) with no intent to finish it. */
    RENAME_TWO_OPERATIONS,
    /**
     * The PM servers do not know that an inode keeps its data block alive: the allocator's rebuild and re-replication
     * (§4.1.7) see the inode's item, not the block it names, so a re-replicated segment lacks the file's data.
     */
    DATA_NOT_ROOTED;

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    public static PdfsPlantedBug parse(String label) {
        for (PdfsPlantedBug b : values()) {
            if (b.label().equals(label)) {
                return b;
            }
        }
        throw new IllegalArgumentException("unknown pDFS planted bug '" + label + "'; valid: "
                + String.join(", ", java.util.Arrays.stream(values()).map(PdfsPlantedBug::label).toList()));
    }

    /** The pDFS bug the mutation catalogue's {@code plant} names ({@code rda check --plant pdfs-...}), else {@link #NONE}. */
    public static PdfsPlantedBug of(io.rdasuite.store.mutation.PlantedBug plant) {
        return switch (plant) {
            case PDFS_RENAME_TWO_OPERATIONS -> RENAME_TWO_OPERATIONS;
            case PDFS_DATA_NOT_ROOTED -> DATA_NOT_ROOTED;
            case null, default -> NONE;
        };
    }
}
