package io.rdasuite.store.mutation;

import java.util.List;

/** A {@link Plant} whose texts are one {@link PlantText}: what each shipped package's enum of plants implements. */
public interface DescribedPlant extends Plant {
    PlantText text();

    @Override
    default String cliName() {
        return text().cliName();
    }

    @Override
    default List<String> stores() {
        return text().stores();
    }

    @Override
    default String description() {
        return text().description();
    }
}
