package io.rdasuite.hwreal.pm;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;

/**
 * The names of a node's PM regions inside a heap that has only handles (LLPL): a table in the heap's root
 * block of fixed-size entries {name length, name (up to {@link #NAME_BYTES} bytes), handle, length}. An
 * entry is written whole and made durable before its slot count is raised, so a crash leaves either the old
 * directory or the new one.
 */
public final class RegionDirectory {
    static final int NAME_BYTES = 56;
    static final int ENTRY_BYTES = 8 + NAME_BYTES + 16;
    /** Bytes of the directory: a count and 50 entries. */
    public static final int BYTES = 8 + 50 * ENTRY_BYTES;

    /** A region's handle in the heap and its length. */
    public record Entry(long handle, long length) {
    }

    private final MemorySegment table;

    /** A directory over {@code table} (at least {@link #BYTES} bytes; all zero when new). */
    public RegionDirectory(MemorySegment table) {
        if (table.byteSize() < BYTES) {
            throw new IllegalArgumentException("a region directory needs " + BYTES + " bytes, got " + table.byteSize());
        }
        this.table = table;
    }

    public int count() {
        return (int) table.get(ValueLayout.JAVA_LONG_UNALIGNED, 0);
    }

    /** The entry named {@code name}, or null. */
    public Entry find(String name) {
        byte[] wanted = encode(name);
        for (int i = 0; i < count(); i++) {
            long at = 8 + (long) i * ENTRY_BYTES;
            int length = (int) table.get(ValueLayout.JAVA_LONG_UNALIGNED, at);
            if (length == wanted.length && MemorySegment.mismatch(table, at + 8, at + 8 + length, MemorySegment.ofArray(wanted), 0, length) == -1) {
                return new Entry(table.get(ValueLayout.JAVA_LONG_UNALIGNED, at + 8 + NAME_BYTES),
                        table.get(ValueLayout.JAVA_LONG_UNALIGNED, at + 16 + NAME_BYTES));
            }
        }
        return null;
    }

    /**
     * Writes a new entry into the next free slot and returns the byte range to make durable before
     * {@link #publish} raises the count.
     */
    public long[] append(String name, long handle, long length) {
        int n = count();
        if (n == (BYTES - 8) / ENTRY_BYTES) {
            throw new IllegalStateException("the region directory is full (" + n + " regions)");
        }
        byte[] encoded = encode(name);
        long at = 8 + (long) n * ENTRY_BYTES;
        table.set(ValueLayout.JAVA_LONG_UNALIGNED, at, encoded.length);
        MemorySegment.copy(MemorySegment.ofArray(encoded), 0, table, at + 8, encoded.length);
        table.set(ValueLayout.JAVA_LONG_UNALIGNED, at + 8 + NAME_BYTES, handle);
        table.set(ValueLayout.JAVA_LONG_UNALIGNED, at + 16 + NAME_BYTES, length);
        return new long[] {at, ENTRY_BYTES};
    }

    /** Raises the count over the appended entry; make bytes [0, 8) durable afterwards. */
    public void publish() {
        table.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, count() + 1);
    }

    private static byte[] encode(String name) {
        byte[] b = name.getBytes(StandardCharsets.UTF_8);
        if (b.length == 0 || b.length > NAME_BYTES) {
            throw new IllegalArgumentException("a region name must be 1.." + NAME_BYTES + " bytes of UTF-8: '" + name + "'");
        }
        return b;
    }
}
