package io.rdasuite.cli;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** What {@code rda check --clusters} explores of TH-DPMS and Nessie: every kind of cluster cell, none, or one kind. */
enum ClusterChoice {
    ALL, NONE, PDSM, PDKVS, PDFS, TXN, NESSIE;

    /** The name on the command line and in the JSON's {@code filters}. */
    String cliName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether the cells of {@code kind} are explored. */
    boolean takes(ClusterChoice kind) {
        return this == ALL || this == kind;
    }

    /** Parses a name; an unknown one is an error naming the valid ones. */
    static final class Converter implements ITypeConverter<ClusterChoice> {
        @Override
        public ClusterChoice convert(String value) {
            for (ClusterChoice c : values()) {
                if (c.cliName().equalsIgnoreCase(value.trim())) {
                    return c;
                }
            }
            throw new TypeConversionException("unknown value '" + value + "'; valid: "
                    + Arrays.stream(values()).map(ClusterChoice::cliName).collect(Collectors.joining(", ")));
        }
    }
}
