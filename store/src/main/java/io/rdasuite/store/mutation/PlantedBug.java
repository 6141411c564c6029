package io.rdasuite.store.mutation;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The project's own mutation catalogue (DESIGN §5a, "the suite measures itself"): realistic bugs planted in the
 * stores behind switches, so that {@code ci/mutation.sh} can show which checks catch which bug. Each constant
 * names the store it lives in and the step of the paper it breaks. {@link #NONE} is every store as written.
 */
public enum PlantedBug {
    /** No planted bug. */
    NONE("none", "-", "every store as written");

    private final String cliName;
    private final String store;
    private final String description;

    PlantedBug(String cliName, String store, String description) {
        this.cliName = cliName;
        this.store = store;
        this.description = description;
    }

    /** The name {@code --plant} takes. */
    public String cliName() {
        return cliName;
    }

    /** The store (or REMOTELOG) whose code the bug is planted in. */
    public String store() {
        return store;
    }

    /** What the bug does, and which step of which paper section it breaks. */
    public String description() {
        return description;
    }

    /** Parses a {@code --plant} name; an unknown one is an error listing the valid names. */
    public static PlantedBug parse(String name) {
        for (PlantedBug b : values()) {
            if (b.cliName.equalsIgnoreCase(name == null ? "" : name.trim())) {
                return b;
            }
        }
        throw new IllegalArgumentException("unknown planted bug '" + name + "'; valid: "
                + Arrays.stream(values()).map(PlantedBug::cliName).collect(Collectors.joining(", ")));
    }

    @Override
    public String toString() {
        return cliName.toLowerCase(Locale.ROOT);
    }
}
