package io.rdasuite.store.thdpms.kvs;

import io.rdasuite.store.mutation.PackagePlants;
import io.rdasuite.store.mutation.Plant;
import java.util.List;
import java.util.Locale;

/** Planted bugs of pDKVS (paper 002 §4.3; DESIGN §5a). {@link Plant#NONE} is the store as written. */
public enum PdkvsPlantedBug implements Plant {
    /** A CCEH split points the directory at the new segment before the segment's contents persist (and reach the backups). */
    SPLIT_PUBLISHED_BEFORE_PERSIST("pdkvs-split-published-before-persist", "pdkvs",
            "a CCEH split points the directory at the new segment before the segment's contents persist (and reach the"
                    + " backups) (paper 002 §4.3, CCEH index)");

    private final String cliName;
    private final String stores;
    private final String description;

    PdkvsPlantedBug(String cliName, String stores, String description) {
        this.cliName = cliName;
        this.stores = stores;
        this.description = description;
    }

    @Override
    public String cliName() {
        return cliName;
    }

    @Override
    public List<String> stores() {
        return List.of(stores.split(","));
    }

    @Override
    public String description() {
        return description;
    }

    /** The name within its package, as subjects and replay tokens write it: lower case, hyphens. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    @Override
    public String toString() {
        return cliName;
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
