package io.rdasuite.store.mutation;

import java.util.List;

/**
 * A bug planted behind a switch in a store's code (DESIGN §5a), so that a check can be shown to catch it. Each shipped
 * store's package has an enum of its plants, registered as {@link PackagePlants}; a store of one's own lists its plants
 * in its {@link io.rdasuite.store.protocol.KvProtocolFamily#plants()}, and {@code --plant NAME} then switches them on
 * like the shipped ones. Store code reads the switch once when it builds a server or client ({@link PlantedBugs#activePlant()})
 * and tests it at the step the bug breaks.
 */
public interface Plant {
    /** No planted bug: every store as written ({@code --plant none}), first in the list of all plants. */
    Plant NONE = new Unplanted();

    /** The name {@code --plant}, replay tokens and reports use: lower case, unique among the registered plants. */
    String cliName();

    /** The stores it is planted in, as {@code --protocols} names (or a cell's name); the first is the bug's home. */
    List<String> stores();

    /** What the bug does, ending with the section of the paper whose step it breaks in parentheses, if there is one. */
    String description();

    /** The description's closing "(paper NNN §...)": the section whose step the bug breaks ("" when it names none). */
    default String paperSection() {
        String d = description();
        int at = d.lastIndexOf(" (paper ");
        return at < 0 ? "" : d.substring(at + 2, d.length() - 1);
    }

    /** The description without its paper section: what the bug does. */
    default String whatItBreaks() {
        String d = description();
        int at = d.lastIndexOf(" (paper ");
        return at < 0 ? d : d.substring(0, at);
    }
}
