package io.rdasuite.store.thdpms;

/**
 * Planted bugs of pDSM, for tests and the mutation score only (like {@code NessiePlantedBug}): each drops one step
 * paper 002 §4.1 needs, so that a check can be shown to catch it. {@link #NONE} is pDSM as written. A server or client
 * reads it once, when built, from its {@link io.rdasuite.store.thdpms.pdsm.PdsmConfig}.
 */
public enum ThdpmsPlantedBug {
    NONE,
    /**
     * PAllocator hands a new chunk's first block out before its size-class header is written and persisted (§4.1.4):
     * the header is written, unflushed, only at the chunk's next allocation, so recovery may find live blocks in a chunk
     * of no class.
     */
    CHUNK_BEFORE_HEADER_PERSISTS,
    /** The client commits an overwrite (the pointer swing) before the new pages persist (§4.1.5). */
    SWING_BEFORE_PAGES_PERSIST,
    /** The primary acknowledges a commit before its pointer swing is flushed (§4.1.5, §4.1.1). */
    ACK_BEFORE_FLUSH,
    /** The client writes an object's pages to the primary only, not to the backups (§4.1.7). */
    NOT_MIRRORED_TO_BACKUP,
    /** A server accepts a request built on an epoch older than the one it knows (§4.1.3). */
    STALE_EPOCH_ACCEPTED,
    /**
     * Re-replication maps a dead server's lost replica at its new place before the primary has copied the segment there
     * (§4.1.7: "only after the data have been replicated, the corresponding metadata are updated"): a second failure,
     * of the primary, promotes a replica that holds nothing.
     */
    REPLICA_MAPPED_BEFORE_COPY,
    /**
     * The commit swings the root with a plain store and persists and mirrors it afterwards, as paper 002 §4.1.5 reads:
     * a one-sided get_obj (§4.1.8) in between returns a value that a power failure (or a failover) can still lose.
     */
    SWING_VISIBLE_BEFORE_DURABLE;

    /**
     * The pDSM bug the mutation catalogue's {@code plant} names ({@code rda check --plant pdsm-...}), else {@link #NONE}:
     * the catalogue is where plants are chosen; this enum is where pDSM's code tests them.
     */
    public static ThdpmsPlantedBug of(io.rdasuite.store.mutation.PlantedBug plant) {
        return switch (plant) {
            case PDSM_CHUNK_BEFORE_HEADER_PERSISTS -> CHUNK_BEFORE_HEADER_PERSISTS;
            case PDSM_SWING_BEFORE_PAGES_PERSIST -> SWING_BEFORE_PAGES_PERSIST;
            case PDSM_ACK_BEFORE_FLUSH -> ACK_BEFORE_FLUSH;
            case PDSM_NOT_MIRRORED_TO_BACKUP -> NOT_MIRRORED_TO_BACKUP;
            case PDSM_STALE_EPOCH_ACCEPTED -> STALE_EPOCH_ACCEPTED;
            case PDSM_REPLICA_MAPPED_BEFORE_COPY -> REPLICA_MAPPED_BEFORE_COPY;
            case PDSM_SWING_VISIBLE_BEFORE_DURABLE -> SWING_VISIBLE_BEFORE_DURABLE;
            default -> NONE;
        };
    }
}
