package io.rdasuite.linearizability;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The 102 public etcd histories (Jepsen, via Porcupine's test data) kept outside the repository, and their
 * expected verdicts. Found through {@code RDA_ETCD_HISTORIES}, else {@code <repo root>/../shared/histories/etcd};
 * without either the tests that need them skip.
 */
public final class EtcdHistories {
    /** The 23 linearizable ones; the other 79 are not. */
    public static final Set<String> LINEARIZABLE = Set.of("002", "005", "007", "018", "025", "031", "038", "045", "048",
            "049", "051", "053", "056", "067", "075", "076", "080", "087", "092", "098", "100", "101", "102");

    private EtcdHistories() {
    }

    public static Optional<Path> folder() {
        String env = System.getenv("RDA_ETCD_HISTORIES");
        if (env != null && !env.isBlank()) {
            return Optional.of(Path.of(env)).filter(Files::isDirectory);
        }
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.exists(dir.resolve("mvnw"))) {
            dir = dir.getParent();
        }
        if (dir != null && dir.getParent() != null) {
            Path sibling = dir.getParent().resolve("shared/histories/etcd");
            if (Files.isDirectory(sibling)) {
                return Optional.of(sibling);
            }
        }
        return Optional.empty(); // elsewhere RDA_ETCD_HISTORIES names the folder
    }

    /** The history files, sorted by name. */
    public static List<Path> files(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".log")).sorted().toList();
        }
    }

    /** Whether etcd_NNN.log is expected to be linearizable. */
    public static boolean expectedLinearizable(Path file) {
        String name = file.getFileName().toString();
        return LINEARIZABLE.contains(name.substring("etcd_".length(), "etcd_".length() + 3));
    }
}
