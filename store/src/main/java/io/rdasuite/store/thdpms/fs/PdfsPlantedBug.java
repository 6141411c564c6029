package io.rdasuite.store.thdpms.fs;

import io.rdasuite.store.mutation.DescribedPlant;
import io.rdasuite.store.mutation.PackagePlants;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.mutation.PlantText;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** Planted bugs of pDFS (paper 002 §4.2; DESIGN §5a). {@link Plant#NONE} is the file system as written. */
public enum PdfsPlantedBug implements DescribedPlant {
    /** A rename is two independent operations (create the new name, then remove the old) with no intent to finish it. */
    RENAME_TWO_OPERATIONS("pdfs-rename-two-operations", "pdfs",
            "a rename is two independent operations, create the new name then remove the old, with no intent to finish it"
                    + " after a crash (paper 002 §4.2, pDFS metadata)"),

    /**
     * The PM servers do not know that an inode keeps its data block alive: the allocator's rebuild and re-replication
     * (§4.1.7) see the inode's item, not the block it names, so a re-replicated segment lacks the file's data.
     */
    DATA_NOT_ROOTED("pdfs-data-not-rooted", "pdfs",
            "the PM servers do not count a file's data block as live (only the inode's item), so re-replication copies a"
                    + " file metadata server's segment without the files' data (paper 002 §4.2 over §4.1.7)"),

    /**
     * A directory rename or rmdir returns as soon as the directory server changed, without waiting out the leases of
     * other clients' directory caches: one of them still resolves the old path to the directory's guid afterwards.
     */
    DIRECTORY_LEASE_NOT_AWAITED("pdfs-directory-lease-not-awaited", "pdfs",
            "a directory rename or rmdir returns without waiting out the leases of the clients' directory caches, so another"
                    + " client still resolves the old path after it returned (paper 002 §4.2, pDFSLib after LocoFS: the client's"
                    + " directory cache)");

    private final PlantText text;

    PdfsPlantedBug(String cliName, String stores, String description) {
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
        for (PdfsPlantedBug b : values()) {
            if (b.label().equals(label)) {
                return b;
            }
        }
        throw new IllegalArgumentException("unknown pDFS planted bug '" + label + "'; valid: none, "
                + String.join(", ", Arrays.stream(values()).map(PdfsPlantedBug::label).toList()));
    }

    /** {@code plant}'s {@link #label()} if it is one of these, else {@code none} (this package's code runs as written). */
    public static String labelOf(Plant plant) {
        return plant instanceof PdfsPlantedBug b ? b.label() : "none";
    }

    @Override
    public String toString() {
        return text.cliName();
    }

    /** What {@link java.util.ServiceLoader} finds: pDFS's plants, after the transactions'. */
    public static final class Provider implements PackagePlants {
        @Override
        public List<Plant> plants() {
            return List.of(values());
        }

        @Override
        public int order() {
            return 70;
        }
    }
}
