package io.rdasuite.store.protocol;

import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.mutation.PlantedBug;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Every plant {@code --plant} can name: the shipped catalogue ({@link PlantedBug}, {@code none} first, in its order,
 * which is the README's and {@code ci/mutation.sh}'s; the shipped families list their part of it as their plants), then
 * each other registered {@link KvProtocolFamily}'s {@link KvProtocolFamily#plants()} in registry order. Two plants of one name are
 * an error at the first lookup, as two protocols of one name are.
 */
public final class Plants {
    private Plants() {
    }

    private static final class Registry {
        static final List<Plant> ALL = collect(KvProtocols.families());
    }

    /** Every registered plant: the shipped catalogue, then the families' own. */
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

    /** The shipped catalogue and then {@code families}' plants; also what a test with its own families builds. */
    static List<Plant> collect(List<KvProtocolFamily> families) {
        List<Plant> out = new ArrayList<>(List.of(PlantedBug.values()));
        Set<String> names = new HashSet<>();
        out.forEach(p -> names.add(p.cliName().toLowerCase(Locale.ROOT)));
        for (KvProtocolFamily f : families) {
            for (Plant p : f.plants()) {
                if (p instanceof PlantedBug) {
                    continue; // a shipped family's own constants, listed in catalogue order above
                }
                RegisteredNames.take(names, p.cliName(), "planted bugs", f);
                out.add(p);
            }
        }
        return List.copyOf(out);
    }
}
