package io.rdasuite.hwreal.disni;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Remote keys of regions registered in pieces. A verbs memory registration covers at most 2^31-1 bytes
 * (DiSNI's {@code IbvMr} length is an {@code int}), so a larger region is registered as several
 * {@link #CHUNK_BYTES} chunks, each with its own remote key. The SPI's region keeps one key, its first
 * chunk's; this table, sent to each peer when a connection is set up, maps it to every chunk's key, and a
 * transfer that crosses a chunk boundary is split into one work request per chunk.
 */
public final class RemoteKeys {
    /** Chunk size of a split registration: 1 GiB, below the 2 GiB limit and a multiple of any page size. */
    public static final long CHUNK_BYTES = 1L << 30;

    /** One registered chunk: where it starts, how long it is, and its remote key. */
    public record Chunk(long address, long length, int rkey) {
    }

    /** One work request's share of a transfer: remote address, length, key, and where it starts in the local buffer. */
    public record Piece(long address, int length, int rkey, long localOffset) {
    }

    private final Map<Integer, List<Chunk>> split = new TreeMap<>();

    /** The chunks a region of {@code length} bytes at {@code address} is registered in (keys filled in later). */
    public static List<long[]> chunks(long address, long length, long chunkBytes) {
        List<long[]> out = new ArrayList<>();
        for (long at = 0; at < length; at += chunkBytes) {
            out.add(new long[] {address + at, Math.min(chunkBytes, length - at)});
        }
        return out;
    }

    /** Records a region registered in several chunks, under its first chunk's key. */
    public synchronized void add(List<Chunk> chunks) {
        if (chunks.size() > 1) {
            split.put(chunks.getFirst().rkey(), List.copyOf(chunks));
        }
    }

    /** Adds every entry of a peer's table. */
    public synchronized void addAll(RemoteKeys other) {
        split.putAll(other.split);
    }

    /**
     * The work requests a transfer of {@code length} bytes at {@code address} under {@code rkey} takes: one
     * unless the region is split and the transfer crosses a chunk boundary.
     */
    public synchronized List<Piece> pieces(int rkey, long address, int length) {
        List<Chunk> chunks = split.get(rkey);
        if (chunks == null || length == 0) {
            return List.of(new Piece(address, length, rkey, 0));
        }
        List<Piece> out = new ArrayList<>();
        long end = address + length;
        for (Chunk c : chunks) {
            long from = Math.max(address, c.address());
            long to = Math.min(end, c.address() + c.length());
            if (from < to) {
                out.add(new Piece(from, (int) (to - from), c.rkey(), from - address));
            }
        }
        if (out.isEmpty()) { // outside the region: let the NIC report the access error
            return List.of(new Piece(address, length, rkey, 0));
        }
        return out;
    }

    public synchronized byte[] encode() {
        int chunks = split.values().stream().mapToInt(List::size).sum();
        ByteBuffer b = ByteBuffer.allocate(4 + 8 * split.size() + 20 * chunks);
        b.putInt(split.size());
        for (Map.Entry<Integer, List<Chunk>> e : split.entrySet()) {
            b.putInt(e.getKey()).putInt(e.getValue().size());
            for (Chunk c : e.getValue()) {
                b.putLong(c.address()).putLong(c.length()).putInt(c.rkey());
            }
        }
        return b.array();
    }

    public static RemoteKeys decode(byte[] bytes) {
        ByteBuffer b = ByteBuffer.wrap(bytes);
        RemoteKeys keys = new RemoteKeys();
        int regions = b.getInt();
        for (int r = 0; r < regions; r++) {
            int key = b.getInt();
            int n = b.getInt();
            List<Chunk> chunks = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                chunks.add(new Chunk(b.getLong(), b.getLong(), b.getInt()));
            }
            keys.split.put(key, List.copyOf(chunks));
        }
        return keys;
    }
}
