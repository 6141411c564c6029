/**
 * pDKVS (paper 002 §4.3, Fig. 8): a key-value store over pDSM. A key's virtual node is found by consistent hashing
 * (pDSM's placement: each mapped segment is a virtual node and holds one hash table); the client sends its request by
 * iRDMA to the segment's primary, whose table is a CCEH index ({@link io.rdasuite.store.thdpms.kvs.Cceh}) pointing to
 * separately allocated items. Decisions where the paper is silent or contradicts itself:
 * <ul>
 *   <li><b>Logless, copy-on-write</b> (§5.3.3) rather than transactions (§4.3): a PUT's item is allocated in the
 *       key's segment ({@code pallocate}), written one-sided by the client to the primary and every backup and persisted
 *       there (the configuration's recipe), then the primary points the index at it — a new slot's item word, then its
 *       key word, or one 8-byte swing of an existing key's item pointer — persisting and mirroring each store before the
 *       next (§4.1.7: data before metadata). Old items are not freed during a run; a restart's rebuild reclaims them.</li>
 *   <li><b>CCEH</b> (Nam et al., FAST '19): a directory indexed by the hash's top bits, segments of buckets probed
 *       linearly, a local depth and prefix per segment, lazy deletion of the half a split moved. Sizes are scaled down
 *       (2 buckets of 1 slot per segment, probing 2) so that a handful of keys splits and doubles. The directory lives
 *       in the segment's area between the object table and the heap (the area transactions keep their items in: one
 *       cluster deploys one of the two), as two arrays: doubling writes the inactive one,
 *       then swings the header word. A split persists and mirrors the new segment before the directory names it, then
 *       updates the old segment's depth; {@code repair} finishes a split a crash cut (run before the first request on
 *       a segment after a restart or a failover).</li>
 *   <li><b>Crash recovery</b> of the allocator: CCEH's segments and the items its live slots name are roots of
 *       PAllocator's rebuild, beside the object table.</li>
 *   <li>GET returns the item's offset; the client READs the item one-sided and checks that its header names the key.</li>
 * </ul>
 * {@link io.rdasuite.store.thdpms.kvs.PdkvsPlantedBug} has the split published before it persists.
 */
package io.rdasuite.store.thdpms.kvs;
