package io.rdasuite.store.thdpms;

import io.rdasuite.store.mutation.DescribedPlant;
import io.rdasuite.store.mutation.PackagePlants;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.mutation.PlantText;
import java.util.List;
import java.util.Locale;

/**
 * Planted bugs of pDSM (paper 002 §4.1; DESIGN §5a): each drops one step the paper needs, so that a check can be shown
 * to catch it. A server or client reads the one its {@link io.rdasuite.store.thdpms.pdsm.PdsmConfig} names, when built;
 * {@link Plant#NONE} is pDSM as written.
 */
public enum ThdpmsPlantedBug implements DescribedPlant {
    /**
     * PAllocator hands a new chunk's first block out before its size-class header is written and persisted (§4.1.4):
     * the header is written, unflushed, only at the chunk's next allocation, so recovery may find live blocks in a chunk
     * of no class.
     */
    CHUNK_BEFORE_HEADER_PERSISTS("pdsm-chunk-before-header-persists", "pdsm",
            "PAllocator hands out a new chunk's first block before the chunk's size-class header is written and persisted,"
                    + " so a restart finds a live block in a chunk of no class (paper 002 §4.1.4, PAllocator)"),

    /** The client commits an overwrite (the pointer swing) before the new pages persist (§4.1.5). */
    SWING_BEFORE_PAGES_PERSIST("pdsm-swing-before-pages-persist", "pdsm",
            "a put_obj commits the pointer swing while the new pages and extent block are only placed by plain WRITEs, not"
                    + " persisted (paper 002 §4.1.5, copy-on-write object store)"),

    /** The primary acknowledges a commit before its pointer swing is flushed (§4.1.5, §4.1.1). */
    ACK_BEFORE_FLUSH("pdsm-ack-before-flush", "pdsm",
            "the primary acknowledges a commit before its pointer swing is flushed (it is flushed with the next commit)"
                    + " (paper 002 §4.1.5 and §4.1.1, remote persistence)"),

    /** The client writes an object's pages to the primary only, not to the backups (§4.1.7). */
    NOT_MIRRORED_TO_BACKUP("pdsm-not-mirrored-to-backup", "pdsm",
            "the client writes an object's pages and extent block to the primary only, so a failover to the backup loses"
                    + " them (paper 002 §4.1.7, replication)"),

    /** A server accepts a request built on an epoch older than the one it knows (§4.1.3). */
    STALE_EPOCH_ACCEPTED("pdsm-stale-epoch-accepted", "pdsm",
            "a server serves a request built on an epoch older than its own, so a put mirrored to the replicas of the old"
                    + " mapping commits where a remapped backup lacks its pages (paper 002 §4.1.3, configuration changes)"),

    /**
     * Re-replication maps a dead server's lost replica at its new place before the primary has copied the segment there
     * (§4.1.7: "only after the data have been replicated, the corresponding metadata are updated"): a second failure,
     * of the primary, promotes a replica that holds nothing.
     */
    REPLICA_MAPPED_BEFORE_COPY("pdsm-replica-mapped-before-copy", "pdsm",
            "re-replication maps a dead server's lost replica at its new place before the primary copied the segment there,"
                    + " so a second failure, of the primary, promotes an empty replica (paper 002 §4.1.7, replication)"),

    /**
     * The commit swings the root with a plain store and persists and mirrors it afterwards, as paper 002 §4.1.5 reads:
     * a one-sided get_obj (§4.1.8) in between returns a value that a power failure (or a failover) can still lose.
     */
    SWING_VISIBLE_BEFORE_DURABLE("pdsm-swing-visible-before-durable", "pdsm",
            "the primary's root swing is visible to one-sided readers before it is persisted and mirrored, so a get can return"
                    + " a value a power failure then loses, found by rda check --seed 64 (paper 002 §4.1.5 and §4.1.8, commit and get_obj)");

    private final PlantText text;

    ThdpmsPlantedBug(String cliName, String stores, String description) {
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

    @Override
    public String toString() {
        return text.cliName();
    }

    /** What {@link java.util.ServiceLoader} finds: pDSM's plants, after Nessie's. */
    public static final class Provider implements PackagePlants {
        @Override
        public List<Plant> plants() {
            return List.of(values());
        }

        @Override
        public int order() {
            return 40;
        }
    }
}
