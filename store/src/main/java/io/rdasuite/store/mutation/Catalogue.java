package io.rdasuite.store.mutation;

import java.io.PrintStream;

/**
 * Prints the planted-bug catalogue (DESIGN §5a) for {@code ci/mutation.sh} and the README: one tab-separated line
 * per bug (name, stores, description), or with {@code --markdown} the README's table. {@link PlantedBug#NONE} is
 * left out.
 */
public final class Catalogue {
    private Catalogue() {
    }

    public static void main(String[] args) {
        print(System.out, args.length > 0 && args[0].equals("--markdown"));
    }

    static void print(PrintStream out, boolean markdown) {
        if (markdown) {
            out.println("| plant | store | what it breaks | paper section |");
            out.println("|---|---|---|---|");
        }
        for (PlantedBug b : PlantedBug.values()) {
            if (b == PlantedBug.NONE) {
                continue;
            }
            out.println(markdown ? "| `" + b.cliName() + "` | " + b.store() + " | " + b.whatItBreaks() + " | " + b.paperSection() + " |"
                    : b.cliName() + "\t" + b.store() + "\t" + b.description());
        }
    }
}
