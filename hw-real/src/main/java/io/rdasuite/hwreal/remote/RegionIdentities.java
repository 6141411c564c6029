package io.rdasuite.hwreal.remote;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.TreeMap;

/**
 * The remote identity (remote address and rkey) each region of a node was registered with, kept in a file beside its
 * PM so that the node, restarted on that PM, registers every region under the same identity: peers that cached a
 * region's address and rkey (the monitor's mapping, a peer's updater, an iRDMA ring) reach the restarted node's region
 * without being told anything new. The TCP emulation places a request by its offset from the region's base, so the base
 * need not be the new mapping's virtual address. Regions chosen by {@link #renewKeysOf} keep only their base and get a
 * fresh key. The file holds live rkeys: mode 0600, one line per region
 * ({@code name base rkey}), appended and forced before the region is used.
 */
public final class RegionIdentities {
    /** A region's remote base address and key. */
    public record Identity(long base, int rkey) {
    }

    private final Path file;
    private final Map<String, Identity> known = new TreeMap<>();
    private java.util.function.Predicate<String> renew = name -> false;

    /** Reads {@code file} when it exists (a restart), else creates it empty with mode 0600. */
    public RegionIdentities(Path file) throws IOException {
        this.file = file;
        if (Files.exists(file)) {
            String text = Files.readString(file, StandardCharsets.UTF_8);
            // a last line without its newline was cut by a crash while it was written: its region was never used
            java.util.List<String> lines = new java.util.ArrayList<>(java.util.Arrays.asList(text.split("\n", -1)));
            lines.removeLast(); // after the last newline: empty, or the cut line
            int line = 0;
            for (String l : lines) {
                line++;
                String[] f = l.trim().split(" ");
                if (l.isBlank()) {
                    continue;
                }
                if (f.length != 3) {
                    throw new IOException(file + " line " + line + " is not 'name base rkey': " + l);
                }
                try {
                    known.put(f[0], new Identity(Long.parseLong(f[1]), Integer.parseInt(f[2])));
                } catch (NumberFormatException e) {
                    throw new IOException(file + " line " + line + " is not 'name base rkey': " + l, e);
                }
            }
        } else {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        }
    }

    /**
     * From now on the regions {@code names} selects keep their base address but get a new rkey when registered again
     * (the new one is kept): peers holding the old key are refused, as RDMA refuses a deregistered region's key.
     */
    public synchronized void renewKeysOf(java.util.function.Predicate<String> names) {
        this.renew = names;
    }

    /** Whether {@code name}'s key is renewed at its next registration. */
    public synchronized boolean renews(String name) {
        return renew.test(name);
    }

    /** The identity {@code name} had, or null for a region this node never registered. */
    public synchronized Identity find(String name) {
        return known.get(name);
    }

    /** Every identity kept, by name. */
    public synchronized Map<String, Identity> all() {
        return Map.copyOf(known);
    }

    /** Keeps {@code name}'s identity (forced to the file before returning). */
    public synchronized void record(String name, Identity identity) {
        if (name.contains(" ") || name.contains("\n")) {
            throw new IllegalArgumentException("a region name with a space or a newline cannot be kept: '" + name + "'");
        }
        known.put(name, identity);
        try (var channel = java.nio.channels.FileChannel.open(file, StandardOpenOption.APPEND, StandardOpenOption.WRITE)) {
            channel.write(java.nio.ByteBuffer.wrap((name + " " + identity.base() + " " + identity.rkey() + "\n").getBytes(StandardCharsets.UTF_8)));
            channel.force(true);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot keep the identity of region " + name + " in " + file, e);
        }
    }
}
