package io.rdasuite.store.thdpms.kvs;

/** Planted bugs of pDKVS (paper 002 §4.3), for tests and the mutation score only. {@link #NONE} is the store. */
public enum PdkvsPlantedBug {
    NONE,
    /** A CCEH split points the directory at the new segment before the segment's contents persist (and reach the backups). */
    SPLIT_PUBLISHED_BEFORE_PERSIST;

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    /** The pDKVS bug the mutation catalogue's {@code plant} names ({@code rda check --plant pdkvs-...}), else {@link #NONE}. */
    public static PdkvsPlantedBug of(io.rdasuite.store.mutation.PlantedBug plant) {
        return plant == io.rdasuite.store.mutation.PlantedBug.PDKVS_SPLIT_PUBLISHED_BEFORE_PERSIST ? SPLIT_PUBLISHED_BEFORE_PERSIST : NONE;
    }
}
