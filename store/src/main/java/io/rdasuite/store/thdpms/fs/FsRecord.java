package io.rdasuite.store.thdpms.fs;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * pDFS's metadata records, stored as pDKVS values (paper 002 §4.2; LocoFS's split): a directory entry at the directory
 * server ({@code guid}, its parent's guid, its name), a file's inode at a file metadata server ({@code id}, parent guid,
 * name, data length and the data block's address), and a rename intent
 * at the directory server. Names are at most {@link #MAX_NAME} bytes of UTF-8.
 *
 * @param kind     {@link #DIR}, {@link #FILE} or {@link #INTENT}
 * @param id       a directory's guid or a file's id (for an intent: the renamed file's id or directory's guid)
 * @param parent   the parent directory's guid (for an intent: the source parent)
 * @param name     the entry's name (for an intent: the source name)
 * @param length   a file's data length (for an intent: the destination parent's guid)
 * @param data     a file's data block: its segment number {@code << 40 |} its offset, 0 before the first write (for an
 *                 intent: 1 when a directory is renamed)
 * @param destName an intent's destination name (empty otherwise)
 */
public record FsRecord(int kind, long id, long parent, String name, long length, long data, String destName) {
    public static final int DIR = 1;
    public static final int FILE = 2;
    public static final int INTENT = 3;
    public static final int MAX_NAME = 24;
    static final int BYTES = 40 + 2 * (8 + MAX_NAME);

    public FsRecord {
        if (name.getBytes(StandardCharsets.UTF_8).length > MAX_NAME || destName.getBytes(StandardCharsets.UTF_8).length > MAX_NAME) {
            throw new IllegalArgumentException("pDFS names are at most " + MAX_NAME + " bytes: " + name + " / " + destName);
        }
    }

    public static FsRecord dir(long guid, long parent, String name) {
        return new FsRecord(DIR, guid, parent, name, 0, 0, "");
    }

    public static FsRecord file(long id, long parent, String name, long length, long data) {
        return new FsRecord(FILE, id, parent, name, length, data, "");
    }

    byte[] encode() {
        ByteBuffer b = ByteBuffer.allocate(BYTES);
        b.putLong(kind).putLong(id).putLong(parent).putLong(length).putLong(data);
        putName(b, name);
        putName(b, destName);
        return b.array();
    }

    private static void putName(ByteBuffer b, String s) {
        byte[] n = s.getBytes(StandardCharsets.UTF_8);
        b.putLong(n.length);
        b.put(java.util.Arrays.copyOf(n, MAX_NAME));
    }

    /** The offset part of a {@link #data} address (its low 40 bits). */
    public static final long OFFSET_MASK = (1L << 40) - 1;

    /**
     * The block a stored value keeps alive in its own segment: a file inode's data block (a write allocates it in the
     * inode's segment, a rename that moves the inode to another segment copies it there). What pDFS gives pDKVS's
     * servers as their values' roots ({@code PdkvsServer.ValueRoots}).
     */
    static void dataBlocks(byte[] value, java.util.function.LongConsumer live) {
        FsRecord r = decode(value);
        if (r != null && r.kind() == FILE && r.data() != 0) {
            live.accept(r.data() & OFFSET_MASK);
        }
    }

    /** Decodes a value; null when it is not a record (empty: absent). */
    static FsRecord decode(byte[] v) {
        if (v == null || v.length < BYTES) {
            return null;
        }
        ByteBuffer b = ByteBuffer.wrap(v);
        int kind = (int) b.getLong();
        long id = b.getLong();
        long parent = b.getLong();
        long length = b.getLong();
        long data = b.getLong();
        String name = name(b);
        String dest = name(b);
        if (kind < DIR || kind > INTENT || name == null || dest == null) {
            return null;
        }
        return new FsRecord(kind, id, parent, name, length, data, dest);
    }

    private static String name(ByteBuffer b) {
        long n = b.getLong();
        byte[] raw = new byte[MAX_NAME];
        b.get(raw);
        return n < 0 || n > MAX_NAME ? null : new String(raw, 0, (int) n, StandardCharsets.UTF_8);
    }
}
