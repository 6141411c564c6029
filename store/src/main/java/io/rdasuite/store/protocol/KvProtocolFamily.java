package io.rdasuite.store.protocol;

import java.util.List;

/**
 * What {@link java.util.ServiceLoader} finds: a package's key-value protocols (Erda and Erda with its cleaner; eFactory
 * and the peers paper 001 compares it with; a user's own store). One line names it in
 * {@code META-INF/services/io.rdasuite.store.protocol.KvProtocolFamily}.
 */
public interface KvProtocolFamily {
    /** The family's protocols, in the order reports list them; the same instances on every call. */
    List<KvProtocol> protocols();

    /**
     * Where the family's protocols come among all families: lower first, ties by their first protocol's name. The
     * shipped families take 0-99 (their order is that of the reports and of {@code rda check}'s cells); a user's store
     * comes after them by default.
     */
    default int order() {
        return 1000;
    }

    /**
     * The bugs the family's code can plant (DESIGN §5a), each behind {@code PlantedBugs.on(plant)}: {@code --plant}
     * and the test kit switch them on by name, so that one can show a check catching each. The shipped families return
     * their package's plants, which that package also registers as {@link io.rdasuite.store.mutation.PackagePlants}; none
     * by default.
     */
    default List<io.rdasuite.store.mutation.Plant> plants() {
        return List.of();
    }
}
