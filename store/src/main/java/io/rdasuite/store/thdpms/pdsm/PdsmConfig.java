package io.rdasuite.store.thdpms.pdsm;

import io.rdasuite.store.mutation.Plant;


/**
 * Sizes of a pDSM deployment, scaled down from the paper's (2 GB segments, 4 MB chunks, 4 KB pages, §4.1.2–§4.1.5) so
 * that a simulated cluster stays small.
 *
 * @param segmentsPerServer local segments each PM server registers (each its own region and rkey)
 * @param segmentBytes      bytes per segment
 * @param tableBuckets      object-table buckets per segment (16 bytes each: object id, root offset)
 * @param chunkBytes        PAllocator chunk size (one size class per chunk)
 * @param pageBytes         object page size
 * @param backups           backups per mapped segment (§4.1.7; Fig. 6 shows one)
 * @param rpcSlots          iRDMA ring slots per connection
 * @param probeNanos        the failure detector's probe period (§5.4: 1 ms; scaled with the run)
 * @param missedProbes      probes missed before a server is declared dead
 * @param commitNanos       the monitor's modelled Raft commit
 * @param plantedBug        a planted bug, or NONE
 */
public record PdsmConfig(int segmentsPerServer, int segmentBytes, int tableBuckets, int chunkBytes, int pageBytes, int backups, int rpcSlots,
                         long probeNanos, int missedProbes, long commitNanos, Plant plantedBug) {
    public PdsmConfig {
        if (segmentBytes % chunkBytes != 0 || chunkBytes % 64 != 0 || pageBytes % 64 != 0 || tableBuckets < 8) {
            throw new IllegalArgumentException("segment a multiple of chunks, chunks and pages of 64-byte lines, 8+ buckets");
        }
    }

    /** Three segments of 64 KiB per server (one primary, room for two backups), 4 KiB chunks, 512-byte pages, one backup. */
    public static PdsmConfig small() {
        return new PdsmConfig(3, 64 * 1024, 64, 4096, 512, 1, 8, 5_000, 2, 10_000, Plant.NONE);
    }

    public PdsmConfig withPlantedBug(Plant bug) {
        return new PdsmConfig(segmentsPerServer, segmentBytes, tableBuckets, chunkBytes, pageBytes, backups, rpcSlots, probeNanos, missedProbes,
                commitNanos, bug);
    }

    public PdsmConfig withBackups(int n) {
        return new PdsmConfig(segmentsPerServer, segmentBytes, tableBuckets, chunkBytes, pageBytes, n, rpcSlots, probeNanos, missedProbes,
                commitNanos, plantedBug);
    }

    /** Where the object table starts in a segment (after the 64-byte segment header). */
    public long tableOffset() {
        return 64;
    }

    /** Where the heap's first chunk starts: after the table, chunk-aligned. */
    public long heapOffset() {
        long end = tableOffset() + 16L * tableBuckets;
        return (end + chunkBytes - 1) / chunkBytes * chunkBytes;
    }
}
