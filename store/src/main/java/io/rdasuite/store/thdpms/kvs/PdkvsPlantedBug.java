package io.rdasuite.store.thdpms.kvs;

import io.rdasuite.store.mutation.DescribedPlant;
import io.rdasuite.store.mutation.PackagePlants;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.mutation.PlantText;
import java.util.List;
import java.util.Locale;

/** Planted bugs of pDKVS (paper 002 §4.3; DESIGN §5a). {@link Plant#NONE} is the store as written. */
public enum PdkvsPlantedBug implements DescribedPlant {
    /** A CCEH split points the directory at the new segment before the segment's contents persist (and reach the backups). */
    SPLIT_PUBLISHED_BEFORE_PERSIST("pdkvs-split-published-before-persist", "pdkvs",
            "a CCEH split points the directory at the new segment before the segment's contents persist (and reach the"
                    + " backups) (paper 002 §4.3, CCEH index)");

    private final PlantText text;

    PdkvsPlantedBug(String cliName, String stores, String description) {
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

    /** What {@link java.util.ServiceLoader} finds: pDKVS's plant, after pDSM's. */
    public static final class Provider implements PackagePlants {
        @Override
        public List<Plant> plants() {
            return List.of(values());
        }

        @Override
        public int order() {
            return 50;
        }
    }
}
