package io.rdasuite.crashsim.fuzz;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.CRC32C;

/**
 * The folder where {@code rda fuzz} keeps its failures (DESIGN §5): one {@code fuzz-<crc>.token} file per shrunk
 * failure, its first line the replay token, then {@code #} comment lines saying what failed. A campaign replays
 * every entry of its own stores first, so a failure once found is checked again by every later campaign until it is
 * fixed; an entry that passes now is dropped ({@link #drop}), one that still fails is named with its store and the
 * commands that replay or clear it.
 */
public final class FuzzCorpus {
    /** Where a campaign keeps its corpus unless told otherwise (relative to the working directory). */
    public static final Path DEFAULT = Path.of(".rda", "fuzz-corpus");

    /** One saved failure. */
    public record Entry(Path file, String token) {
    }

    /** What replaying an entry found: the checks failing at its state now (claimed or not), or why it could not run. */
    public record Replayed(Entry entry, List<FuzzExplorer.Failure> failures, String error) {
        /** A claimed property still fails there. */
        public boolean stillFails() {
            return failures.stream().anyMatch(FuzzExplorer.Failure::claimed);
        }
    }

    private FuzzCorpus() {
    }

    /** The entries of {@code dir} in file-name order; none when it does not exist. */
    public static List<Entry> load(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<Entry> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(p -> p.getFileName().toString().endsWith(".token")).sorted().toList()) {
                String token = Files.readAllLines(f, StandardCharsets.UTF_8).stream().map(String::trim).filter(l -> !l.isEmpty() && !l.startsWith("#"))
                        .findFirst().orElse("");
                out.add(new Entry(f, token));
            }
        }
        return out;
    }

    /** Saves a token with comment lines; returns its file (the same token always goes to the same file). */
    public static Path save(Path dir, String token, List<String> comments) throws IOException {
        Files.createDirectories(dir);
        CRC32C crc = new CRC32C();
        crc.update(token.getBytes(StandardCharsets.UTF_8));
        Path file = dir.resolve("fuzz-" + HexFormat.of().toHexDigits((int) crc.getValue()) + ".token");
        List<String> lines = new ArrayList<>();
        lines.add(token);
        comments.forEach(c -> lines.add("# " + c.replace('\n', ' ')));
        Files.write(file, lines, StandardCharsets.UTF_8);
        return file;
    }

    /** The store an entry's token names ({@link FuzzTarget#name}), or null when this build cannot decode the token. */
    public static String store(Entry e) {
        try {
            return FuzzTarget.of(FuzzToken.decode(e.token()).fuzzCase().scenario().subject()).name();
        } catch (RuntimeException ex) {
            return null;
        }
    }

    /** Deletes an entry's file (a saved failure that passes now). */
    public static void drop(Entry e) throws IOException {
        Files.deleteIfExists(e.file());
    }

    /** Replays one entry (with the bug planted that its run had). */
    public static Replayed replay(Entry e) {
        try {
            return new Replayed(e, FuzzExplorer.replay(e.token()), null);
        } catch (RuntimeException ex) {
            return new Replayed(e, List.of(), ex.getMessage());
        }
    }
}
