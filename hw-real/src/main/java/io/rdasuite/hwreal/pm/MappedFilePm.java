package io.rdasuite.hwreal.pm;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;

/**
 * PM as JDK-mapped files (DESIGN §6): one file per region in a directory, mapped with
 * {@code READ_WRITE_SYNC} where the file system supports it (a DAX mount on real PM: stores reach PM once
 * written back from the cache) and {@code READ_WRITE} otherwise. {@link #persist} forces the range: on a
 * synchronous mapping that writes back the cache lines, on an ordinary one it also writes the pages to the
 * file. Either way the contents outlive a killed process (the page cache keeps a process's stores), and
 * forced ranges outlive a machine crash.
 */
public final class MappedFilePm implements PersistentMemory {
    private final Path directory;
    private final Arena arena = Arena.ofShared();
    private final Map<String, MemorySegment> regions = new HashMap<>();
    private boolean anySync;
    private boolean anyPlain;

    public MappedFilePm(Path directory) {
        try {
            this.directory = Files.createDirectories(directory);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the PM directory " + directory, e);
        }
    }

    public Path directory() {
        return directory;
    }

    @Override
    public synchronized MemorySegment map(String name, long lengthBytes) {
        if (!name.matches("[A-Za-z0-9._-]+")) {
            throw new IllegalArgumentException("region name '" + name + "' must be letters, digits, '.', '_' or '-' (it names a file)");
        }
        MemorySegment existing = regions.get(name);
        if (existing != null) {
            return existing;
        }
        Path file = directory.resolve(name + ".pm");
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long size = channel.size();
            if (size != 0 && size != lengthBytes) {
                throw new IllegalArgumentException("PM file " + file + " has " + size + " bytes; the region needs " + lengthBytes
                        + " (a different store or configuration wrote it); its data is left untouched");
            }
            if (size == 0) {
                channel.write(ByteBuffer.wrap(new byte[1]), lengthBytes - 1); // sparse, zero-filled
            }
            MemorySegment segment;
            try {
                segment = channel.map(jdk.nio.mapmode.ExtendedMapMode.READ_WRITE_SYNC, 0, lengthBytes, arena);
                anySync = true;
            } catch (IOException | UnsupportedOperationException notDax) {
                segment = channel.map(FileChannel.MapMode.READ_WRITE, 0, lengthBytes, arena);
                anyPlain = true;
            }
            regions.put(name, segment);
            return segment;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot map PM file " + file, e);
        }
    }

    @Override
    public void persist(MemorySegment region, long offset, long length) {
        if (length > 0) {
            region.asSlice(offset, length).force();
        }
    }

    @Override
    public boolean durable() {
        return true;
    }

    @Override
    public synchronized String describe() {
        String mode = anySync && anyPlain ? "READ_WRITE_SYNC and READ_WRITE" : anySync ? "READ_WRITE_SYNC (DAX)" : "READ_WRITE (no DAX: force writes pages)";
        return "mapped files in " + directory + ", " + mode;
    }

    @Override
    public void close() {
        arena.close();
    }
}
