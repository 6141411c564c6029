package io.rdasuite.linearizability.lincheck;

import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.pm.LocalMemory;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A {@link LocalMemory} whose 8-byte words live in an {@link AtomicLongArray}, so that Lincheck's model checker
 * sees every word access as a shared-memory event and may switch threads between any two of them. (It does not
 * see accesses to off-heap {@code MemorySegment}s: a racy increment on the loopback fabric's memory passes model
 * checking, so the model-checked tests use this memory instead.)
 *
 * <p>The hardware semantics it keeps: an aligned 8-byte load, store or CAS is atomic; a narrower store (a 4-byte
 * half of Erda's atomic region, a tag byte) changes only its own bytes, atomically, and never loses a concurrent
 * store to the other bytes of the word; a longer copy is a sequence of word accesses that other threads may
 * interleave with (a reader can see it half done). Bytes are laid out in native order, as {@code MemorySegment}
 * views of the same bytes expect. Persistence (clwb, sfence) is out of scope here and does nothing.
 */
final class WordMemory implements LocalMemory {
    private static final boolean LITTLE = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;
    private final MemoryRegion region;
    private final AtomicLongArray words;

    WordMemory(MemoryRegion region) {
        this.region = region;
        this.words = new AtomicLongArray(Math.toIntExact(region.lengthBytes() / 8));
    }

    @Override
    public MemoryRegion region() {
        return region;
    }

    private static int word(long offsetBytes) {
        if ((offsetBytes & 7) != 0) {
            throw new IllegalArgumentException("8-byte access at unaligned offset " + offsetBytes);
        }
        return Math.toIntExact(offsetBytes >>> 3);
    }

    @Override
    public long load8(long offsetBytes) {
        return words.get(word(offsetBytes));
    }

    @Override
    public long loadAcquire8(long offsetBytes) {
        return words.getAcquire(word(offsetBytes));
    }

    @Override
    public void store8(long offsetBytes, long value) {
        words.set(word(offsetBytes), value);
    }

    @Override
    public void storeRelease8(long offsetBytes, long value) {
        words.setRelease(word(offsetBytes), value);
    }

    @Override
    public boolean cas8(long offsetBytes, long expected, long update) {
        return words.compareAndSet(word(offsetBytes), expected, update);
    }

    /** The byte at {@code index} (0..7, in memory order) of a word. */
    private static int byteOf(long word, int index) {
        int shift = 8 * (LITTLE ? index : 7 - index);
        return (int) (word >>> shift) & 0xFF;
    }

    private static long withByte(long word, int index, int value) {
        int shift = 8 * (LITTLE ? index : 7 - index);
        return (word & ~(0xFFL << shift)) | ((long) (value & 0xFF) << shift);
    }

    @Override
    public void load(long offsetBytes, MemorySegment destination) {
        long length = destination.byteSize();
        checkRange(offsetBytes, length);
        long done = 0;
        while (done < length) {
            long at = offsetBytes + done;
            long w = words.get((int) (at >>> 3));
            int first = (int) (at & 7);
            int n = (int) Math.min(8 - first, length - done);
            if (n == 8) {
                destination.set(ValueLayout.JAVA_LONG_UNALIGNED, done, w); // native order: the word's bytes in memory order
            } else {
                for (int i = 0; i < n; i++) {
                    destination.set(ValueLayout.JAVA_BYTE, done + i, (byte) byteOf(w, first + i));
                }
            }
            done += n;
        }
    }

    @Override
    public void store(long offsetBytes, MemorySegment source) {
        long length = source.byteSize();
        checkRange(offsetBytes, length);
        long done = 0;
        while (done < length) {
            long at = offsetBytes + done;
            int index = (int) (at >>> 3);
            int first = (int) (at & 7);
            int n = (int) Math.min(8 - first, length - done);
            if (n == 8) {
                words.set(index, source.get(ValueLayout.JAVA_LONG_UNALIGNED, done));
            } else {
                long before;
                long after;
                do { // a narrow store: only its bytes change, atomically, whatever else is stored to the word meanwhile
                    before = words.get(index);
                    after = before;
                    for (int i = 0; i < n; i++) {
                        after = withByte(after, first + i, source.get(ValueLayout.JAVA_BYTE, done + i));
                    }
                } while (!words.compareAndSet(index, before, after));
            }
            done += n;
        }
    }

    @Override
    public void storeNonTemporal(long offsetBytes, MemorySegment source) {
        store(offsetBytes, source);
    }

    @Override
    public void clwb(long offsetBytes, long lengthBytes) {
        checkRange(offsetBytes, lengthBytes);
    }

    @Override
    public void sfence() {
    }

    private void checkRange(long offsetBytes, long lengthBytes) {
        if (offsetBytes < 0 || lengthBytes < 0 || offsetBytes + lengthBytes > region.lengthBytes()) {
            throw new IndexOutOfBoundsException("[" + offsetBytes + ", +" + lengthBytes + ") outside region " + region.name()
                    + " of " + region.lengthBytes() + " bytes");
        }
    }
}
