package io.rdasuite.hwreal.disni;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Whether DiSNI can run on this machine, and exactly what is missing when not: an RDMA device (the kernel lists
 * them in {@code /sys/class/infiniband}), rdma-core's user-space libraries ({@code libibverbs},
 * {@code librdmacm}) and DiSNI's own JNI library {@code libdisni}, which the JVM loads from
 * {@code java.library.path}. Nothing is loaded while probing.
 */
public final class DisniSupport {
    static final Path DEVICES = Path.of("/sys/class/infiniband");
    private static final List<String> SYSTEM_LIBRARY_DIRS = List.of("/usr/lib/x86_64-linux-gnu", "/usr/lib64", "/usr/lib",
            "/usr/local/lib", "/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu");

    private DisniSupport() {
    }

    /** Why DiSNI cannot run here, or empty when it can. */
    public static Optional<String> missing() {
        return missing(DEVICES, libraryDirs());
    }

    static Optional<String> missing(Path devices, List<Path> libraryDirs) {
        List<String> why = new ArrayList<>();
        List<String> found = devices(devices);
        if (found.isEmpty()) {
            why.add("no RDMA device (" + devices + (Files.isDirectory(devices) ? " is empty" : " does not exist")
                    + ": no InfiniBand/RoCE/iWARP driver loaded)");
        }
        for (String lib : List.of("libibverbs.so.1", "librdmacm.so.1")) {
            if (find(lib, libraryDirs) == null) {
                why.add(lib + " not found (install rdma-core: apt install libibverbs1 librdmacm1)");
            }
        }
        if (find("libdisni.so", libraryDirs) == null) {
            why.add("libdisni.so not found on java.library.path or LD_LIBRARY_PATH (build DiSNI's libdisni against rdma-core"
                    + " and add its directory to -Djava.library.path)");
        }
        return why.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", why));
    }

    /** The RDMA devices the kernel lists, e.g. {@code mlx5_0}. */
    public static List<String> devices() {
        return devices(DEVICES);
    }

    static List<String> devices(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        } catch (java.io.IOException e) {
            return List.of();
        }
    }

    static List<Path> libraryDirs() {
        List<Path> dirs = new ArrayList<>();
        for (String var : new String[] {System.getProperty("java.library.path", ""), System.getenv().getOrDefault("LD_LIBRARY_PATH", "")}) {
            for (String d : var.split(File.pathSeparator)) {
                if (!d.isBlank()) {
                    dirs.add(Path.of(d));
                }
            }
        }
        SYSTEM_LIBRARY_DIRS.forEach(d -> dirs.add(Path.of(d)));
        return dirs;
    }

    static Path find(String library, List<Path> dirs) {
        for (Path d : dirs) {
            Path p = d.resolve(library);
            if (Files.exists(p)) {
                return p;
            }
        }
        return null;
    }
}
