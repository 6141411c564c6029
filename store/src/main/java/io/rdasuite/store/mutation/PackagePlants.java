package io.rdasuite.store.mutation;

import java.util.List;

/**
 * What {@link java.util.ServiceLoader} finds: the planted bugs of one package's code (DESIGN §5a), so that
 * {@code --plant}, the catalogue and the reports know them without a central list. One line names it in
 * {@code META-INF/services/io.rdasuite.store.mutation.PackagePlants}.
 */
public interface PackagePlants {
    /** The package's plants, in the catalogue's order; the same instances on every call. */
    List<Plant> plants();

    /**
     * Where the package's plants come in the list of all plants: lower first, ties by this class's name. The shipped
     * packages take 0-99 (the catalogue's order, that of the README and of {@code ci/mutation.sh}); others come after.
     */
    default int order() {
        return 1000;
    }
}
