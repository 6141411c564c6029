package io.rdasuite.cli;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * What {@code rda check --clusters} explores of the registered cluster cell families ({@link ClusterCellFamily}): every
 * family ({@code all}), none, or the one whose name it is.
 *
 * @param cliName the name on the command line and in the JSON's {@code filters}
 */
record ClusterChoice(String cliName) {
    static final ClusterChoice ALL = new ClusterChoice("all");
    static final ClusterChoice NONE = new ClusterChoice("none");

    /** Whether the cells of {@code family} are explored. */
    boolean takes(ClusterCellFamily family) {
        return equals(ALL) || cliName.equals(family.name());
    }

    /** {@code all}, {@code none}, then the families' names, in registration order. */
    static List<String> names() {
        List<String> names = new ArrayList<>(List.of(ALL.cliName, NONE.cliName));
        ClusterCellFamily.all().forEach(f -> names.add(f.name()));
        return names;
    }

    /** Parses a name; an unknown one is an error naming the valid ones and what each family explores. */
    static final class Converter implements ITypeConverter<ClusterChoice> {
        @Override
        public ClusterChoice convert(String value) {
            String name = value.trim().toLowerCase(Locale.ROOT);
            if (names().contains(name)) {
                return new ClusterChoice(name);
            }
            throw new TypeConversionException("unknown value '" + value + "'; valid: " + String.join(", ", names())
                    + ClusterCellFamily.all().stream().map(f -> "\n  " + f.name() + ": " + f.description()).collect(Collectors.joining()));
        }
    }

    /** The valid names, for the help text. */
    static final class Names implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return names().iterator();
        }
    }
}
