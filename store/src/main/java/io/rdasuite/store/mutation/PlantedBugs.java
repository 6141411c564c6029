package io.rdasuite.store.mutation;

import java.util.Objects;

/**
 * Which {@link Plant} is switched on in this JVM: one at a time, chosen by {@code rda check --plant} or
 * {@code rda fuzz --plant}, or by a test (which must switch it off again: {@link #with}). Store code reads
 * the switch once when it builds a server, client or responder (into a final field, so that Lincheck's model checker
 * meets no new shared access in the stores' code) and tests it at the step the bug breaks: plant before building a
 * store. The switch is read, never written, by simulated code, so a run stays a function of its seed.
 */
public final class PlantedBugs {
    private static volatile Plant active = Plant.NONE;

    private PlantedBugs() {
    }

    /** Whether {@code bug} is the planted one. */
    public static boolean on(Plant bug) {
        return active == bug;
    }

    /** The planted bug, a shipped or a user's one ({@link Plant#NONE} when every store runs as written). */
    public static Plant activePlant() {
        return active;
    }

    /** Plants {@code bug} for the rest of this JVM's life (the CLI's use). */
    public static void plant(Plant bug) {
        active = Objects.requireNonNull(bug);
    }

    /** Runs {@code body} with {@code bug} planted, then restores what was planted before (tests' use). */
    public static <T> T with(Plant bug, java.util.function.Supplier<T> body) {
        Plant before = active;
        active = Objects.requireNonNull(bug);
        try {
            return body.get();
        } finally {
            active = before;
        }
    }
}
