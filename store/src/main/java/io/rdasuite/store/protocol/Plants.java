package io.rdasuite.store.protocol;

import io.rdasuite.store.mutation.PackagePlants;
import io.rdasuite.store.mutation.Plant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;

/**
 * Every plant {@code --plant} can name: {@link Plant#NONE} first, then every {@link PackagePlants} {@link ServiceLoader}
 * finds (the shipped packages' in the catalogue's order, which is the README's and {@code ci/mutation.sh}'s), then each
 * registered {@link KvProtocolFamily}'s {@link KvProtocolFamily#plants()} not listed yet, in registry order. Two plants
 * of one name are an error at the first lookup, as two protocols of one name are.
 */
public final class Plants {
    private Plants() {
    }

    private static final class Registry {
        static final List<Plant> ALL = collect(ServiceLoader.load(PackagePlants.class, RegisteredNames.loader()), KvProtocols.families());
    }

    /** Every registered plant: none, the packages' plants, then the families' own. */
    public static List<Plant> all() {
        return Registry.ALL;
    }

    /** The plant of this name (case and surrounding blanks ignored); an unknown one is an error listing the valid names. */
    public static Plant parse(String name) {
        return RegisteredNames.find(all(), Plant::cliName, name, "planted bug");
    }

    /** The registered names, comma-separated. */
    public static String validNames() {
        return RegisteredNames.joined(all(), Plant::cliName);
    }

    /** None, {@code packages}' plants and then {@code families}' others; also what a test with its own registry builds. */
    static List<Plant> collect(Iterable<PackagePlants> packages, List<KvProtocolFamily> families) {
        List<Plant> out = new ArrayList<>(List.of(Plant.NONE));
        Set<String> names = new HashSet<>(Set.of(Plant.NONE.cliName()));
        for (PackagePlants p : sorted(packages)) {
            for (Plant plant : p.plants()) {
                RegisteredNames.take(names, plant.cliName(), "planted bugs", p);
                out.add(plant);
            }
        }
        for (KvProtocolFamily f : families) {
            for (Plant plant : f.plants()) {
                if (out.contains(plant)) {
                    continue; // registered by its package too, as the shipped families' plants are
                }
                RegisteredNames.take(names, plant.cliName(), "planted bugs", f);
                out.add(plant);
            }
        }
        return List.copyOf(out);
    }

    /** {@code packages} by {@link PackagePlants#order()}, then by class name, never by the class path's order. */
    private static List<PackagePlants> sorted(Iterable<PackagePlants> packages) {
        List<PackagePlants> sorted = new ArrayList<>();
        packages.forEach(sorted::add);
        sorted.sort(Comparator.comparingInt(PackagePlants::order).thenComparing(p -> p.getClass().getName()));
        return sorted;
    }
}
