package io.rdasuite.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * What a PM directory served by {@code rda serve} holds: the protocol and the sizes its regions were laid out
 * for, in {@code rda-store.json}. A restart with other options would read the regions with a wrong layout, so it
 * is refused before anything is mapped, and the stored data stays as it was.
 */
record StoreManifest(String protocol, int keySize, int valueSize, int maxClients, int keys, int versions) {
    static final String FILE = "rda-store.json";
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The manifest of {@code dir}, or null for an empty or missing directory; an unknown non-empty one is an error. */
    static StoreManifest read(Path dir) throws IOException {
        Path file = dir.resolve(FILE);
        if (Files.exists(file)) {
            return JSON.readValue(file.toFile(), StoreManifest.class);
        }
        if (Files.isDirectory(dir)) {
            try (Stream<Path> s = Files.list(dir)) {
                if (s.findAny().isPresent()) {
                    throw new IOException(dir + " is not empty and has no " + FILE + ": not a directory rda serve created; give an empty or new one");
                }
            }
        }
        return null;
    }

    void write(Path dir) throws IOException {
        Files.createDirectories(dir);
        JSON.writerWithDefaultPrettyPrinter().writeValue(dir.resolve(FILE).toFile(), this);
    }

    /** Null when {@code other} describes the same layout, else what differs. */
    String mismatch(StoreManifest other) {
        return equals(other) ? null : "it holds " + this + ", the options ask for " + other;
    }
}
