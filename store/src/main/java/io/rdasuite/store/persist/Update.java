package io.rdasuite.store.persist;

import java.lang.foreign.MemorySegment;
import java.util.Objects;

/** One contiguous remote update: {@code data} to {@code remoteAddress} in the region of {@code rkey}. */
public record Update(long remoteAddress, int rkey, MemorySegment data) {
    public Update {
        Objects.requireNonNull(data, "data");
        if (data.byteSize() == 0 || data.byteSize() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("an update carries 1 to 2^31-1 bytes, not " + data.byteSize());
        }
    }
}
