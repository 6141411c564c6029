package io.rdasuite.crashsim.pinned;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Expected findings, pinned per cell (DESIGN §5a, "expected findings are data"): for every cell of {@code rda check}
 * the set of properties that fail there — unclaimed properties a store is known to lose, and the invariants by which
 * a negative control is caught. A run whose cell gains or loses one fails, so a change that moves a weakness (a bug
 * that turns a lost durability into a lost monotonic read, say) cannot pass unseen; a deliberate change is approved by
 * rewriting the file ({@code rda check --write-findings FILE}) and committing its diff.
 *
 * <p>A timing window of a few microseconds is met under some seeds' timings and not others, so findings are compared on
 * the part of each cell's exploration that no seed changes ({@link AnchoredExploration}): its findings are pinned
 * <em>certain</em> and must come out exactly (gaining or losing one fails). A finding marked <em>possible</em>, with a
 * leading {@code ?}, may come and go: {@code --write-findings} marks so what only some seed's search reached, for
 * people to read, since the search never changes a verdict.
 *
 * <p>Format: one line per cell, tab-separated: the cell's key (e.g. {@code kv/erda DMP+DDIO+DRAM-RQWRB IB}, three
 * fields) and the comma-separated invariants ({@code ?INVARIANT} when possible only), or {@code -} for none. Lines
 * starting with {@code #} are comments.
 */
public final class PinnedFindings {
    /** The file shipped with the suite: the findings of {@code rda check} at its default program and budget. */
    public static final String BUILT_IN = "expected-findings.tsv";
    private static final String NONE = "-";

    private static final String POSSIBLE = "?";

    /** A cell's pin: findings reached by every seed tried, and those reached by some. */
    public record Pin(SortedSet<String> certain, SortedSet<String> possible) {
    }

    private final TreeMap<String, Pin> byCell;

    private PinnedFindings(TreeMap<String, Pin> byCell) {
        this.byCell = byCell;
    }

    /** The key of a cell: subject, configuration and transport. */
    public static String cell(String subject, String config, String transport) {
        return subject + "\t" + config + "\t" + transport;
    }

    /** The findings shipped in the suite's jar. */
    public static PinnedFindings builtIn() {
        try (InputStream in = PinnedFindings.class.getResourceAsStream(BUILT_IN)) {
            if (in == null) {
                throw new IllegalStateException("the suite's " + BUILT_IN + " is missing from its jar");
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), BUILT_IN);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads a findings file; a malformed line is an {@link IllegalArgumentException} naming the file and line. */
    public static PinnedFindings read(Path file) throws IOException {
        return parse(Files.readString(file), file.toString());
    }

    static PinnedFindings parse(String text, String source) {
        TreeMap<String, Pin> byCell = new TreeMap<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split("\t");
            if (f.length != 4) {
                throw new IllegalArgumentException(source + " line " + (i + 1) + ": expected 4 tab-separated fields"
                        + " (subject, config, transport, findings or -), found " + f.length);
            }
            TreeSet<String> certain = new TreeSet<>();
            TreeSet<String> possible = new TreeSet<>();
            if (!f[3].equals(NONE)) {
                for (String finding : f[3].split(",")) {
                    if (finding.startsWith(POSSIBLE)) {
                        possible.add(finding.substring(POSSIBLE.length()));
                    } else {
                        certain.add(finding);
                    }
                }
            }
            if (byCell.put(cell(f[0], f[1], f[2]), new Pin(certain, possible)) != null) {
                throw new IllegalArgumentException(source + " line " + (i + 1) + ": cell " + f[0] + " " + f[1] + " " + f[2] + " appears twice");
            }
        }
        return new PinnedFindings(byCell);
    }

    /** Every pinned cell, in key order. */
    public java.util.SortedMap<String, Pin> entries() {
        return java.util.Collections.unmodifiableSortedMap(byCell);
    }

    /** The pin of a cell, or null when the file has no line for it. */
    public Pin pin(String cell) {
        return byCell.get(cell);
    }

    /** How one cell's findings differ from the pinned ones. */
    public record Difference(String cell, SortedSet<String> gained, SortedSet<String> lost, boolean unpinned) {
        /** One line for the report. */
        public String describe() {
            String where = cell.replace('\t', ' ');
            if (unpinned) {
                return where + ": no pinned findings for this cell (found " + (gained.isEmpty() ? "none" : String.join(", ", gained)) + ")";
            }
            List<String> parts = new ArrayList<>();
            if (!gained.isEmpty()) {
                parts.add("gained " + String.join(", ", gained));
            }
            if (!lost.isEmpty()) {
                parts.add("lost " + String.join(", ", lost));
            }
            return where + ": " + String.join("; ", parts);
        }
    }

    /**
     * The difference of a cell's observed findings from the pinned ones, or null when they agree. A cell of a subject
     * the file names nowhere (a store of one's own, under {@code --classpath}) is not compared: its findings are
     * reported, not pinned. Nor is a cell the file does not name under PCIe Relaxed Ordering (a {@code +RO}
     * configuration, explored only when asked for by name). A new cell of a subject the file knows is a difference.
     */
    public Difference compare(String cell, SortedSet<String> observed) {
        Pin pin = byCell.get(cell);
        String[] fields = cell.split("\t", -1);
        if (pin == null && fields.length > 1 && fields[1].endsWith("+RO")) {
            return null;
        }
        if (pin == null) {
            String subject = cell.substring(0, cell.indexOf('\t') + 1);
            String next = byCell.ceilingKey(subject);
            boolean knownSubject = next != null && next.startsWith(subject);
            return knownSubject ? new Difference(cell, new TreeSet<>(observed), new TreeSet<>(), true) : null;
        }
        TreeSet<String> gained = new TreeSet<>(observed);
        gained.removeAll(pin.certain());
        gained.removeAll(pin.possible());
        TreeSet<String> lost = new TreeSet<>(pin.certain());
        lost.removeAll(observed);
        return gained.isEmpty() && lost.isEmpty() ? null : new Difference(cell, gained, lost, false);
    }

    /**
     * Pins from several runs' observations (cell → findings; one map per seed): a finding every run reached is certain,
     * one only some reached is possible. A cell missing from some runs keeps only what the others saw, as certain.
     */
    public static TreeMap<String, Pin> pinsOf(List<? extends Map<String, ? extends SortedSet<String>>> runs) {
        TreeMap<String, Pin> out = new TreeMap<>();
        TreeSet<String> cells = new TreeSet<>();
        runs.forEach(r -> cells.addAll(r.keySet()));
        for (String cell : cells) {
            TreeSet<String> union = new TreeSet<>();
            TreeSet<String> intersection = null;
            for (Map<String, ? extends SortedSet<String>> run : runs) {
                SortedSet<String> seen = run.get(cell);
                if (seen == null) {
                    continue;
                }
                union.addAll(seen);
                if (intersection == null) {
                    intersection = new TreeSet<>(seen);
                } else {
                    intersection.retainAll(seen);
                }
            }
            TreeSet<String> possible = new TreeSet<>(union);
            possible.removeAll(intersection);
            out.put(cell, new Pin(intersection, possible));
        }
        return out;
    }

    /** Writes pins (cell → pin) in this format, with a header saying how they were produced. */
    public static void write(Path file, Map<String, Pin> pins, String producedBy) throws IOException {
        StringBuilder s = new StringBuilder();
        s.append("# Pinned findings of rda check: per cell, the properties that fail there (unclaimed ones a store is known\n");
        s.append("# to lose; for a negative control, what catches it). rda check fails when a cell gains a finding or loses a\n");
        s.append("# certain one. Findings are those of each cell's seed-independent anchor (AnchoredExploration); ?NAME marks a\n");
        s.append("# finding only some seed's search reached (a timing window): it may come and go and never changes a verdict.\n");
        s.append("# Produced by: ").append(producedBy).append("\n");
        s.append("# subject\tconfig\ttransport\tfindings\n");
        new TreeMap<>(pins).forEach((cell, pin) -> {
            List<String> all = new ArrayList<>(pin.certain());
            pin.possible().forEach(p -> all.add(POSSIBLE + p));
            s.append(cell).append('\t').append(all.isEmpty() ? NONE : String.join(",", all)).append('\n');
        });
        Files.writeString(file, s.toString());
    }
}
