package io.rdasuite.store.mutation;

import java.io.PrintStream;

/**
 * Prints the planted-bug catalogue (DESIGN §5a) for {@code ci/mutation.sh} and the README: one tab-separated line
 * per bug (name, stores, description), or with {@code --markdown} the README's table: every registered plant
 * ({@code Plants}: the shipped packages' in catalogue order, then the families' own). {@link Plant#NONE} is left out.
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
        for (Plant b : io.rdasuite.store.protocol.Plants.all()) {
            if (b == Plant.NONE) {
                continue;
            }
            String stores = String.join(",", b.stores());
            out.println(markdown ? "| `" + b.cliName() + "` | " + stores + " | " + b.whatItBreaks() + " | " + b.paperSection() + " |"
                    : b.cliName() + "\t" + stores + "\t" + b.description());
        }
    }
}
