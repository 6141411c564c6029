package io.rdasuite.store.mutation;

import java.util.List;

/**
 * What a plant says of itself ({@link Plant#cliName()}, {@link Plant#stores()}, {@link Plant#description()}), held in one
 * field by an enum of plants that implements {@link DescribedPlant}.
 *
 * @param cliName     the {@code --plant} name
 * @param stores      the stores it is planted in, its home first
 * @param description what the bug does, ending with the paper section whose step it breaks
 */
public record PlantText(String cliName, List<String> stores, String description) {
    public PlantText {
        stores = List.copyOf(stores);
    }

    /** {@code stores} as {@code --protocols} writes them: comma-separated. */
    public PlantText(String cliName, String stores, String description) {
        this(cliName, List.of(stores.split(",")), description);
    }
}
