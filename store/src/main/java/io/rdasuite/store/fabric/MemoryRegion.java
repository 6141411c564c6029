package io.rdasuite.store.fabric;

import java.util.Objects;

/**
 * A registered memory region: what a remote requester needs to address it ({@code baseAddress},
 * {@code rkey}) and what its owner named it. Remote addresses are {@code baseAddress + offsetBytes}.
 *
 * @param nodeId      the owning node
 * @param name        the owner's name for it; a restarted node finds its persistent regions by name
 * @param kind        DRAM or PM
 * @param baseAddress the first byte's remote address, 64-byte aligned
 * @param lengthBytes the size, a multiple of 8
 * @param rkey        the remote key a work request must carry to access it
 */
public record MemoryRegion(int nodeId, String name, MemoryKind kind, long baseAddress, long lengthBytes, int rkey) {
    public MemoryRegion {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        if (lengthBytes <= 0 || (lengthBytes & 7) != 0) {
            throw new IllegalArgumentException("region length must be a positive multiple of 8 bytes: " + lengthBytes);
        }
        if ((baseAddress & 63) != 0) {
            throw new IllegalArgumentException("region base must be 64-byte aligned: " + baseAddress);
        }
    }

    /** The remote address of the byte at {@code offsetBytes}, checked against the region's bounds. */
    public long address(long offsetBytes) {
        if (offsetBytes < 0 || offsetBytes > lengthBytes) {
            throw new IndexOutOfBoundsException("offset " + offsetBytes + " outside region " + name + " of " + lengthBytes + " bytes");
        }
        return baseAddress + offsetBytes;
    }

    /** True when {@code [address, address + length)} lies inside this region. */
    public boolean contains(long address, long length) {
        return address >= baseAddress && length >= 0 && length <= lengthBytes && address - baseAddress <= lengthBytes - length; // no overflow
    }
}
