/**
 * Nessie (paper 004, Cassell et al., IEEE TPDS 2017): a fully client-driven, decoupled RDMA key-value store.
 * Every node is both client and storage node (§3.1) with an index table of 64-bit ITEs ({@link
 * io.rdasuite.store.nessie.IndexEntry}), a data table of DTEs ({@link io.rdasuite.store.nessie.DataEntry}) and
 * a small LRU cache (§4.1). Keys hash to N ITEs over all nodes' index tables ({@link
 * io.rdasuite.store.nessie.CuckooHashes}, §4.1.1). {@link io.rdasuite.store.nessie.NessieClient} implements GET
 * (§4.2.1), PUT (§4.2.2), MIGRATE (§4.2.3), DELETE (§4.2.4), data table management (§4.2.5) and §4.3's
 * expiration, cache consistency, filter bits, previous versions and back-off, with RDMA READ/CAS/WRITE only:
 * no node runs a server thread. ITEs change only by RDMA CAS, a node's own through a loopback connection.
 *
 * <p>Deployment: {@link io.rdasuite.store.nessie.NessieCluster#deploy} (one client per node). Nessie is not in
 * {@link io.rdasuite.store.protocol.KvProtocol}, whose stores have one server (node 0) and separate clients.
 *
 * <p>Decisions where the paper (without its Appendix A) is silent:
 * <ul>
 *   <li>ITE bits: watermark (bit 63, set in every written entry), empty bit, 12-bit DTI (= node id, one data
 *       table per node), DTE index (50 - filter bits), filter bits. The never-written zero word is empty.
 *       Emptying an ITE keeps its DTI and DTE index, so an emptied ITE does not repeat an earlier word until its
 *       DTE is recycled; reverse passes then notice empty-full-empty changes.</li>
 *   <li>DTE: header (valid, delete, watermark) stored last by the owner's CPU; the expiration timestamp before the
 *       recycle word so one WRITE sets both in address order; the previous-version ITE; key; value. DTEs live
 *       in DRAM (Nessie has no persistence); a DTE is always placed on the writer's node (§4.2.2's prototype).</li>
 *   <li>Hash functions are xxHash64 seeded 1..N over all nodes' slots; filter bits are the trailing bits of
 *       the store-wide key hash (seed 0). Repeated slots of one key are examined once.</li>
 *   <li>PUT reads all N ITEs (and the metadata of those whose filter bits match) before choosing the first
 *       empty-or-matching candidate; any invalid DTE among them aborts it (§4.3.2). The previous version it
 *       records is the first ITE holding the key, also when the candidate was empty and the key lives in a
 *       later duplicate. The reverse pass runs before duplicates are removed; when it fails, the PUT CASes its
 *       ITE back to the original word (safe: an ITE naming an invalid DTE is changed only by its installer)
 *       and lets its DTE expire. If removing a duplicate fails (a MIGRATE moved it), the PUT re-reads until no
 *       other ITE names the key, at most 64 rounds, then flips its valid bit.</li>
 *   <li>DELETE's candidate is the first ITE holding the key; an absent key is confirmed by a reverse pass.</li>
 *   <li>MIGRATE's destination is the first empty alternative ITE of the moved key, else its first one that
 *       differs from the source (then recursion, up to {@code migrateDepth}); a copy has no previous version,
 *       so a GET that meets an in-progress copy retries. A PUT that migrated restarts without back-off.</li>
 *   <li>Timestamps: the recycling node writes its own clock + expiration; the owner re-uses a DTE once its own
 *       clock is past that plus {@code maxClockSkewNs}; each attempt fails after {@code operationTimeoutNs}
 *       (below the expiration), measured as elapsed time on one clock. DTEs never published (CAS failed) go
 *       back to the free list at once. The owner scans its table in index order when its free list is empty,
 *       and waits (bounded) when entries are recycling but not yet expired.</li>
 *   <li>The cache holds only valid remote DTEs, keyed by ITE word, expiring one expiration period after the
 *       ITE read that last used them. Back-off: exponential from {@code backoffBaseNs} with seeded jitter.</li>
 *   <li>{@code recycleWithoutExpiry} is a planted bug for tests: freed local DTEs are re-used at once. So are
 *       the {@link io.rdasuite.store.nessie.NessiePlantedBug}s of {@code plantedBug}, each a step of GET, PUT or
 *       MIGRATE left out or reordered. A configuration left without them follows the mutation test's JVM-wide
 *       switch ({@code rda ... --plant nessie-...}), read once when a client is built.</li>
 * </ul>
 *
 * <p>NessieSD and NessieHY (§5) share the code base: {@link io.rdasuite.store.nessie.NessieMode} in
 * {@link io.rdasuite.store.nessie.NessieConfig} selects them. A key has one owner node (an xxHash64 of the key,
 * seed "owner") whose index table is a local N-way cuckoo table naming only local DTEs (partially coupled);
 * only the owner's polling server threads ({@code NessieServer}) change them, with local loads, stores and
 * CASes. Clients write a request body and then an 8-byte doorbell into the owner's request region (two RDMA
 * WRITEs on one queue pair, applied in order; local stores on the same node) and busy-poll their reply slot,
 * which the server fills the same way. NessieHY's GET is Nessie's read path without filter bits, cache,
 * previous versions or multiple reads, as §5 says; replaced DTEs expire before re-use as in Nessie. Decisions:
 * a full cuckoo bucket triggers one displacement level at the owner; an empty doorbell sweep burns
 * {@code serverSpinNs} of CPU and so does each empty look at a reply slot; several clients per node split
 * Nessie's data table into ranges of their own.
 *
 * <p>Optimizations (§4.3.2, Fig. 13) are switches ({@link io.rdasuite.store.nessie.NessieOptimization}), all on by
 * default: filter bits, the cache, previous versions and multiple reads. With multiple reads a GET reads a DTE's
 * metadata and key first and its value field in a second READ only when the entry is valid and holds the key (a
 * valid entry cannot change before it expires, so the two reads see one entry); without it every DTE a GET
 * examines is read whole. A PUT always reads metadata and key only (§4.2.2 excludes values), on every rung.
 *
 * <p>Not done: multiple NICs per node, background recycling threads (a client scans its part of the data table
 * when its free list runs dry).
 */
package io.rdasuite.store.nessie;
