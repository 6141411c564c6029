package io.rdasuite.linearizability.lincheck;

/** How the tests print what Lincheck found: the results and the interleaving, without the detailed trace. */
final class Findings {
    private Findings() {
    }

    /** The results table and the first lines of the interleaving that produced them. */
    static String summary(Throwable found) {
        String m = String.valueOf(found.getMessage());
        int detail = m.indexOf("Detailed trace:");
        String shown = detail < 0 ? m : m.substring(0, detail).strip();
        String[] lines = shown.split("\n");
        int keep = 60;
        return lines.length <= keep ? shown
                : String.join("\n", java.util.Arrays.copyOf(lines, keep)) + "\n... (" + (lines.length - keep) + " more lines of the interleaving)";
    }

    /** The results table alone (the operations and what they returned), without the interleaving. */
    static String results(Throwable found) {
        String m = String.valueOf(found.getMessage());
        int start = m.indexOf("= Invalid execution results =");
        if (start < 0) {
            return m;
        }
        int end = m.indexOf("\n\n", start); // the table ends at the first blank line
        return end < 0 ? m.substring(start) : m.substring(start, end).strip();
    }
}
