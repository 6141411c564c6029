package io.rdasuite.store.mutation;

import java.util.List;

/** {@link Plant#NONE}: no planted bug. */
final class Unplanted implements Plant {
    @Override
    public String cliName() {
        return "none";
    }

    @Override
    public List<String> stores() {
        return List.of();
    }

    @Override
    public String description() {
        return "every store as written";
    }

    @Override
    public String toString() {
        return cliName();
    }
}
