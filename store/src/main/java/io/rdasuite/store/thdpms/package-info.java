/**
 * TH-DPMS (paper 002): pDSM, the persistent distributed shared memory (§4.1), its transactions
 * ({@link io.rdasuite.store.thdpms.txn}, §4.1.6), and the two stores built on it, pDKVS
 * ({@link io.rdasuite.store.thdpms.kvs}, §4.3) and pDFS ({@link io.rdasuite.store.thdpms.fs}, §4.2). What is
 * here, and the decisions where the paper is silent or contradicts itself:
 * <ul>
 *   <li>{@link io.rdasuite.store.thdpms.addr} — 128-bit global addresses ⟨descriptor 16, segment 48, offset 64⟩
 *       (§4.1.2; widths ours, see {@link io.rdasuite.store.thdpms.addr.GlobalAddress}).</li>
 *   <li>Segments: each PM segment is its own registered region with its own rkey; the monitor hands a segment's key
 *       only to a granted client, so a client without it can neither read nor write the segment
 *       ({@link io.rdasuite.store.thdpms.pdsm.SegmentAccessCheck}, tested on the simulator and the loopback fabric).
 *       Sizes are scaled down (64 KiB segments, 4 KiB chunks, 512-byte pages; the paper: 2 GB, 4 MB, 4 KB).</li>
 *   <li>{@link io.rdasuite.store.thdpms.irdma} — iRDMA's RPC: request and reply are WRITE_WITH_IMM into a
 *       pre-registered ring, the immediate is the message's offset, messages are copied through a pre-registered
 *       pool. <b>Remote persistence</b>: §4.1.1 promises one round trip, §4.1.6 calls the primitive asynchronous and
 *       needing another RPC. We use paper 003's recipe for the responder's configuration and transport
 *       ({@code Recipes.paper}) for every persisting write (object pages, extent blocks, mirrored metadata): its
 *       round trips are those the configuration needs, one where a WRITE's completion or a FLUSH suffices, a message
 *       exchange with a responder flush where DDIO puts the data in a volatile cache. Correctness first: the explorer
 *       checks every configuration.</li>
 *   <li>{@link io.rdasuite.store.thdpms.monitor} — the monitor's logic as one deterministic state machine
 *       (membership, epochs, the mapping table, free segments, grants) behind a replicated-log interface; on the
 *       simulator a {@link io.rdasuite.store.thdpms.monitor.SimulatedLog} with a modelled Raft commit (10 µs),
 *       its committed state kept on the monitor node's PM. Failure detection follows §5.4: RDMA-READ probes of each
 *       server every probe period, dead after two failed probes; the configuration broadcast is an iRDMA call each
 *       server answers on its own core. Backups are taken from the top of other servers' free segments (servers map
 *       their low segments as primaries). Re-replication (§4.1.7) when the cluster asks for it
 *       ({@code PdsmCluster.remapOnFailure}): after a failover the monitor reserves a free segment of another live
 *       server for each lost replica (a log command, not yet in the mapping), the segment's primary copies the segment
 *       there persistently while its requests are refused, and only then the monitor maps the place in a new epoch
 *       ("only after the data have been replicated, the corresponding metadata are updated"). The explorer's
 *       {@code pdsm/second-failure} subject kills a second server once the replicas are back. On the real backends the same state machine is replicated by Apache Ratis
 *       ({@code hw-real}'s {@code RatisLog}, three replicas).</li>
 *   <li>{@link io.rdasuite.store.thdpms.palloc} — PAllocator: one size class per chunk, the class persisted in the
 *       chunk header (and mirrored to the backups) before any block of the chunk is handed out, DRAM bitmaps rebuilt
 *       after a restart or a failover from the segment's object table (every live extent block and page is reachable
 *       from it). Allocation is serialized per segment: the explorer found two concurrent allocations handing out the
 *       same block while a new chunk's header was being persisted.</li>
 *   <li>{@link io.rdasuite.store.thdpms.pdsm} — the object store (§4.1.5): 128-bit object ids placed by consistent
 *       hashing (16 virtual nodes per segment; a segment holds one table), a per-segment hash table of 16-byte buckets
 *       (id hash, root), objects as an extent block naming their pages; an overwrite is copy-on-write: new pages and
 *       extent block, persisted at the primary and mirrored to every backup by one-sided writes (§4.1.7), then one
 *       8-byte root swing at the primary, persisted and mirrored, then the acknowledgement. Old versions are not
 *       reclaimed during a run (a reader may hold them); the rebuild after a restart reclaims them. Every request
 *       carries the client's epoch; a server that knows a newer one refuses it. Table 4's raw heap: {@code pallocate}
 *       (placed by an affinity id) returns a {@link io.rdasuite.store.thdpms.addr.GlobalAddress}; {@code read},
 *       {@code write} (persisted at every replica by the recipe) and {@code pfree} take one. A raw heap block survives a
 *       restart only when a root the rebuild knows reaches it (the object tables, and pDKVS's CCEH index; transactions keep
 *       their items in a fixed area of each segment, outside the heap): raw read/write carry no crash guarantee (§4.1.8).</li>
 *   <li>{@link io.rdasuite.store.thdpms.ThdpmsPlantedBug} — pDSM's planted bugs for the checks to catch.</li>
 * </ul>
 */
package io.rdasuite.store.thdpms;
