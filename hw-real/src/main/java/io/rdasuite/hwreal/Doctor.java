package io.rdasuite.hwreal;

import io.rdasuite.hwreal.pm.MappedFilePm;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * What this machine can run (issue 6, {@code rda doctor}): each backend, whether it is usable here, and exactly
 * why not. It probes rather than assumes: it maps a file, looks for RDMA devices and native libraries.
 */
public final class Doctor {
    /** One backend's verdict. */
    public record Backend(String name, boolean usable, String detail) {
    }

    private Doctor() {
    }

    public static List<Backend> examine() {
        List<Backend> all = new ArrayList<>();
        all.add(new Backend("simulator", true, "deterministic NIC/PCIe/cache/ADR/PM model (hw-sim); needs nothing but the JDK"));
        all.add(new Backend("loopback", true, "the SPI over off-heap memory and platform threads in one JVM (hw-real)"));
        all.add(mappedFile());
        all.add(llpl());
        all.add(new Backend("tcp", true, "the verbs emulated over TCP between processes: rda serve / --servers where no RDMA NIC exists"));
        all.add(disni());
        return all;
    }

    private static Backend mappedFile() {
        Path dir = null;
        try {
            dir = Files.createTempDirectory("rda-doctor");
            try (MappedFilePm pm = new MappedFilePm(dir)) {
                MemorySegment s = pm.map("probe", 4096);
                s.set(java.lang.foreign.ValueLayout.JAVA_LONG, 0, 42);
                pm.persist(s, 0, 8);
                String dax = daxMounts().isEmpty() ? "no DAX file system mounted (/proc/mounts lists none with 'dax')"
                        : "DAX mounts: " + String.join(", ", daxMounts());
                return new Backend("mapped-file PM", true, pm.describe().replace(dir.toString(), "a temporary directory") + "; " + dax);
            }
        } catch (IOException | RuntimeException e) {
            return new Backend("mapped-file PM", false, "mapping a file failed: " + e.getMessage());
        } finally {
            deleteQuietly(dir);
        }
    }

    private static Backend llpl() {
        List<String> missing = new ArrayList<>();
        String native_ = io.rdasuite.hwreal.pm.LlplPm.unavailableBecause();
        if (native_ != null) {
            missing.add(native_);
        }
        if (findLibrary("pmemobj").isEmpty()) {
            missing.add("PMDK's libpmemobj.so not found (Debian: libpmemobj1)");
        }
        if (daxMounts().isEmpty() && !Files.exists(Path.of("/dev/dax0.0"))) {
            missing.add("no DAX device or DAX-mounted file system: an LLPL heap on an ordinary file works but is not PM");
        }
        boolean usable = native_ == null;
        return new Backend("LLPL PM", usable, missing.isEmpty() ? "LLPL, libpmemobj and DAX found" : String.join("; ", missing));
    }

    private static Backend disni() {
        java.util.Optional<String> missing = io.rdasuite.hwreal.disni.DisniSupport.missing();
        if (missing.isPresent()) {
            return new Backend("DiSNI (RDMA)", false, missing.get());
        }
        return new Backend("DiSNI (RDMA)", true, "RDMA devices: " + String.join(", ", io.rdasuite.hwreal.disni.DisniSupport.devices())
                + "; rdma-core and libdisni found (rda serve --fabric disni)");
    }

    static boolean classPresent(String name) {
        try {
            Class.forName(name, false, Doctor.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    /** Paths of {@code lib<name>.so*} in java.library.path and the usual library directories. */
    static List<Path> findLibrary(String name) {
        List<Path> found = new ArrayList<>();
        List<String> dirs = new ArrayList<>(List.of(System.getProperty("java.library.path", "").split(java.io.File.pathSeparator)));
        dirs.addAll(List.of("/usr/lib", "/usr/lib64", "/usr/local/lib", "/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu"));
        for (String d : dirs) {
            if (d.isBlank() || !Files.isDirectory(Path.of(d))) {
                continue;
            }
            try (Stream<Path> s = Files.list(Path.of(d))) {
                s.filter(p -> p.getFileName().toString().startsWith("lib" + name + ".so")).sorted().forEach(found::add);
            } catch (IOException e) {
                // unreadable directory: not there
            }
        }
        return found;
    }

    static List<String> daxMounts() {
        List<String> dax = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(Path.of("/proc/mounts"))) {
                String[] f = line.split(" ");
                if (f.length > 3 && List.of(f[3].split(",")).stream().anyMatch(o -> o.equals("dax") || o.startsWith("dax="))) {
                    dax.add(f[1]);
                }
            }
        } catch (IOException e) {
            // not Linux, or no /proc: no DAX we can see
        }
        return dax;
    }

    private static List<String> list(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary directory left behind is harmless
        }
    }
}
