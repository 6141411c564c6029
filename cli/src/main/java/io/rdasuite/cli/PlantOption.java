package io.rdasuite.cli;

import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.mutation.PlantedBugs;
import io.rdasuite.store.protocol.Plants;
import java.util.stream.Collectors;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code --plant NAME}: runs a command with one planted bug of the mutation catalogue switched on (DESIGN §5a), so
 * that {@code ci/mutation.sh} can score the checks against realistic bugs. The default, {@code none}, is every store
 * as written; a store of one's own adds its family's plants (under {@code rda --classpath}).
 */
final class PlantOption {
    @Option(names = "--plant", defaultValue = "none", converter = Name.class, paramLabel = "NAME",
            description = "Switch on one planted bug of the mutation catalogue (default: none). Names: ${COMPLETION-CANDIDATES}.",
            completionCandidates = Names.class)
    Plant plant;

    /** Plants the chosen bug for the rest of this JVM's life; call first in a command's {@code call()}. */
    void apply() {
        PlantedBugs.plant(plant == null ? Plant.NONE : plant);
    }

    /** {@code plant} if it is one of {@code store}'s plants (an enum of a store's package), else none: that store runs as written. */
    static Plant within(Class<? extends Plant> store, Plant plant) {
        return store.isInstance(plant) ? plant : Plant.NONE;
    }

    /** Parses a catalogue name; an unknown one lists the valid names. */
    static final class Name implements ITypeConverter<Plant> {
        @Override
        public Plant convert(String value) {
            try {
                return Plants.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** The catalogue's names, for the help text. */
    static final class Names implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return Plants.all().stream().map(Plant::cliName).collect(Collectors.toList()).iterator();
        }
    }
}
