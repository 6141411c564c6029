package io.rdasuite.store.nessie;

import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The optimizations of Nessie's GET and PUT that paper 004 switches on one by one in Fig. 13 (§4.3.2, §6.2), in
 * the order the figure adds them. Every one is a pure performance measure: the protocol stays linearizable with
 * any subset (a test runs the history checker over each rung of the ladder).
 */
public enum NessieOptimization {
    /** Filter bits in ITEs: DTEs whose filter bits differ from the key's are not read (§4.3.2 "Filter Bits"). */
    FILTER_BITS("filter"),
    /** The LRU cache of remote DTEs keyed by ITE word (§4.1.3, §4.3.1 "Cache Consistency"). */
    CACHE("cache"),
    /** GETs that meet an in-progress PUT read the DTE it replaces (§4.3.2 "Previous Versions"). */
    PREVIOUS_VERSIONS("previous-versions"),
    /** GETs read a DTE's metadata and key first and its value only when it is wanted (§4.3.2 "Multiple Reads"). */
    MULTIPLE_READS("multiple-reads");

    private final String cliName;

    NessieOptimization(String cliName) {
        this.cliName = cliName;
    }

    public String cliName() {
        return cliName;
    }

    /** Every optimization: Nessie as the paper runs it everywhere but Fig. 13. */
    public static Set<NessieOptimization> all() {
        return Collections.unmodifiableSet(EnumSet.allOf(NessieOptimization.class));
    }

    /** Fig. 13's "basic" Nessie: none of them. */
    public static Set<NessieOptimization> none() {
        return Collections.unmodifiableSet(EnumSet.noneOf(NessieOptimization.class));
    }

    /**
     * Fig. 13's cumulative ladder: basic, + filter, + caching, + previous versions, + multiple reads. Element
     * {@code i} holds the first {@code i} optimizations.
     */
    public static List<Set<NessieOptimization>> ladder() {
        NessieOptimization[] order = values();
        return java.util.stream.IntStream.rangeClosed(0, order.length)
                .mapToObj(i -> i == 0 ? none() : Collections.unmodifiableSet(EnumSet.copyOf(Arrays.asList(order).subList(0, i))))
                .toList();
    }

    /** The label Fig. 13 gives a rung: "basic" or "+" and the last optimization added, else a comma list. */
    public static String label(Set<NessieOptimization> on) {
        if (on.isEmpty()) {
            return "basic";
        }
        if (on.size() == values().length) {
            return "all";
        }
        return on.stream().map(NessieOptimization::cliName).collect(Collectors.joining(","));
    }

    /** Parses "all", "none"/"basic" or a comma list of names; an unknown name lists the valid ones. */
    public static Set<NessieOptimization> parse(String text) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        if (t.equals("all")) {
            return all();
        }
        if (t.equals("none") || t.equals("basic")) {
            return none();
        }
        EnumSet<NessieOptimization> on = EnumSet.noneOf(NessieOptimization.class);
        for (String part : t.split(",")) {
            String p = part.trim().replace('_', '-');
            NessieOptimization found = null;
            for (NessieOptimization o : values()) {
                if (o.cliName.equals(p)) {
                    found = o;
                }
            }
            if (found == null) {
                throw new IllegalArgumentException("unknown Nessie optimization '" + part.trim() + "'; valid: all, none, "
                        + Arrays.stream(values()).map(NessieOptimization::cliName).collect(Collectors.joining(", ")));
            }
            on.add(found);
        }
        return Collections.unmodifiableSet(on);
    }
}
