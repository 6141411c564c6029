package io.rdasuite.store.nessie;

import io.rdasuite.store.fabric.Completion;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.WorkRequest;
import io.rdasuite.store.kv.KeyHash;
import io.rdasuite.store.kv.KvClient;
import io.rdasuite.store.kv.StoreFullException;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.nessie.CuckooHashes.Slot;
import io.rdasuite.store.pm.LocalMemory;
import java.lang.foreign.MemorySegment;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * One node's Nessie instance, fully client-driven (§4.2): GET, PUT, DELETE and MIGRATE made of RDMA READs, CASes
 * and WRITEs, with no server thread anywhere.
 *
 * <p>Invariants that make it correct:
 * <ul>
 *   <li>ITEs change only by RDMA CAS, also this node's own (through a loopback connection, §4.1.1).</li>
 *   <li>An ITE that names an invalid DTE is changed only by the operation that installed it: every other CAS
 *       expects an empty ITE or one whose DTE it saw valid, and PUTs and MIGRATEs abort on invalid DTEs (§4.3.2).</li>
 *   <li>A DTE whose ITE was replaced is re-used only after its expiration period plus the clock skew bound, and
 *       every operation attempt ends within its timeout, below that period: a DTE read through an ITE is the one
 *       the ITE named, and an ITE word never comes back while an operation that saw it runs (no ABA, §4.3.1).</li>
 *   <li>That last argument needs every CAS that expects a word read earlier to be issued within the timeout, not
 *       just the operation to report an error after it: MIGRATE checks the timeout right before its destination CAS
 *       and right before its source CAS (PUT's candidate CAS is followed by a check that rolls it back).</li>
 * </ul>
 *
 * <p>Counterexample to §4.3.1's ABA argument when MIGRATE checks its timeout only once, before it allocates its copy
 * (found by {@code NessieAbaTest} in crashsim): (1) a PUT of key J finds J's candidates full and MIGRATEs from its first,
 * reading source ITE word w, which names DTE d of node N holding K = v; (2) it passes its timeout check, writes its
 * invalid copy of K = v and is descheduled; (3) N's client PUTs K twice more (new DTEs; d is marked for recycling), d
 * expires, and N's next PUT of K re-uses d in the same ITE, so the ITE holds w again (the word is only node, DTE index
 * and filter bits, all equal); (4) the MIGRATE resumes, its destination CAS (expecting empty) and its source CAS
 * (expecting w) both succeed and it validates its copy: K reads v, older than N's acknowledged PUT. §4.3.1 says an
 * operation "returns an error once a single expiration period of time has elapsed", but a check made before the stall
 * cannot stop a CAS issued after it; checking right before each CAS closes the window, provided a posted CAS executes
 * within the slack between the timeout and the expiration period.</p>
 * Not thread-safe: one thread of this client's node uses it.
 */
public final class NessieClient extends NessieKvBase {
    /** One attempt's result; RETRY is §4.2's "concurrent operation error". */
    enum Outcome { DONE, RETRY, MIGRATED, FULL }

    private static final int SETTLE_ROUNDS = 64;

    private final IndexEntry ite;
    private final DataEntry dte;
    private final CuckooHashes hashes;
    private final List<MemoryRegion> indexTables;
    private final List<MemoryRegion> dataTables;
    private final QueuePair[] qps;
    private final LocalMemory data;
    private final ArrayDeque<Long> free = new ArrayDeque<>();
    private final LinkedHashMap<Long, Cached> cache;
    private final SplittableRandom jitter;
    private final long[] scratch8 = new long[1];
    private final MemorySegment word = MemorySegment.ofArray(scratch8);
    private byte[] result;
    private final long firstEntry;
    private final long entryCount;
    private final boolean caching;
    /** The planted bugs this client runs with (tests, or the mutation test's switch), read once when it is built. */
    private final Plant plantedBug;
    private final boolean recycleWithoutExpiry;

    /** Counters of what this client did, for tests and reports. */
    public static final class Stats {
        public long gets;
        public long puts;
        public long deletes;
        public long retries;
        public long cacheHits;
        public long previousVersionReads;
        public long migrations;
        public long migrationAborts;
        /** MIGRATEs aborted by the timeout check right before their destination or source CAS (§4.3.1, ABA). */
        public long migrationTimeouts;
        public long rollbacks;
        public long duplicatesRemoved;
        public long recycled;
        public long scans;
        /** RDMA verbs GETs issued (loopback ones included: §4.1.1 reads a node's own ITEs through its NIC). */
        public long getVerbs;
        /** Payload bytes GETs moved over the network (loopback verbs and local memory accesses excluded). */
        public long getBytes;
        /** RDMA verbs PUTs and DELETEs issued. */
        public long putVerbs;
        /** Payload bytes PUTs and DELETEs moved over the network. */
        public long putBytes;

        /** Adds one verb of {@code bytes} payload to the current operation's counters. */
        void verb(boolean get, long bytes) {
            if (get) {
                getVerbs++;
                getBytes += bytes;
            } else {
                putVerbs++;
                putBytes += bytes;
            }
        }
    }

    private record Cached(byte[] key, byte[] value, long[] expiresAtNs) {
    }

    NessieClient(Node node, NessieConfig config, List<MemoryRegion> indexTables, List<MemoryRegion> dataTables, QueuePair[] qps) {
        this(node, config, indexTables, dataTables, qps, 0, config.dataEntriesPerNode(), 0);
    }

    /**
     * A client that owns DTEs {@code [firstEntry, firstEntry + entryCount)} of its node's data table: several
     * clients (threads) of one node split the table, each allocating, scanning and recycling its own part.
     */
    NessieClient(Node node, NessieConfig config, List<MemoryRegion> indexTables, List<MemoryRegion> dataTables, QueuePair[] qps,
                 long firstEntry, long entryCount, int clientIndex) {
        super(node, config);
        this.ite = new IndexEntry(config.filterBits());
        this.dte = new DataEntry(config.shape());
        this.hashes = new CuckooHashes(config.hashFunctions(), indexTables.size(), config.indexSlotsPerNode());
        this.indexTables = indexTables;
        this.dataTables = dataTables;
        this.qps = qps;
        this.data = node.local(dataTables.get(node.id()));
        if (firstEntry < 0 || entryCount < 1 || firstEntry + entryCount > config.dataEntriesPerNode()) {
            throw new IllegalArgumentException("DTE range [" + firstEntry + ", +" + entryCount + ") outside a table of " + config.dataEntriesPerNode());
        }
        this.firstEntry = firstEntry;
        this.entryCount = entryCount;
        for (long i = firstEntry; i < firstEntry + entryCount; i++) {
            free.addLast(i);
        }
        int capacity = config.cacheEntries();
        this.caching = capacity > 0 && config.uses(NessieOptimization.CACHE);
        this.cache = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Long, Cached> eldest) {
                return size() > capacity;
            }
        };
        this.plantedBug = config.activePlantedBug();
        this.recycleWithoutExpiry = config.recyclesWithoutExpiry();
        this.jitter = new SplittableRandom(0x4e655373L * 31 + node.id() + 4096L * clientIndex);
    }

    /** Free DTEs this node can hand out without a scan. */
    public int freeEntries() {
        return free.size();
    }

    // ---- KvClient --------------------------------------------------------------------------------------------

    @Override
    boolean putNow(byte[] key, byte[] value) {
        return retrying(() -> writeOnce(key, value));
    }

    @Override
    boolean deleteNow(byte[] key) {
        return retrying(() -> writeOnce(key, null));
    }

    @Override
    byte[] getNow(byte[] key) {
        if (!retrying(() -> getOnce(key))) {
            throw new KvReadException("no consistent read of the key after " + config.maxAttempts() + " attempts");
        }
        return result;
    }

    private interface Attempt {
        Outcome run();
    }

    /** Runs attempts with exponential back-off after concurrent-operation errors (§4.3.2); false when they ran out. */
    private boolean retrying(Attempt attempt) {
        int conflicts = 0;
        for (int i = 0; i < config.maxAttempts(); i++) {
            switch (attempt.run()) {
                case DONE -> {
                    return true;
                }
                case FULL -> throw new StoreFullException("no free ITE for the key within MIGRATE depth " + config.migrateDepth()
                        + " (§4.2.3): enlarge the index tables or delete keys; stored keys stay readable");
                case MIGRATED -> { }
                case RETRY -> {
                    stats.retries++;
                    long ceiling = Math.min(config.backoffMaxNs(), config.backoffBaseNs() << Math.min(conflicts++, 30));
                    node.clock().sleepNanos(ceiling / 2 + jitter.nextLong(ceiling / 2 + 1));
                }
            }
        }
        return false;
    }

    // ---- GET (§4.2.1) ----------------------------------------------------------------------------------------

    Outcome getOnce(byte[] key) {
        long start = now();
        Slot[] slots = hashes.slots(key);
        long filter = ite.filterOf(KeyHash.of(key));
        long[] seen = new long[slots.length];
        boolean split = config.uses(NessieOptimization.MULTIPLE_READS);
        for (int i = 0; i < slots.length; i++) {
            long readAt = now();
            long w = readIte(slots[i]);
            seen[i] = w;
            if (!mayHold(w, filter)) {
                continue; // empty, or the filter bits say it cannot be this key (§4.3.2)
            }
            DataEntry.View v = cached(w, readAt);
            if (v == null) {
                v = readDte(w, !split);
                if (v.valid() && v.holds(key)) {
                    v = withValue(w, v);
                    remember(w, v, readAt);
                }
            }
            if (!v.complete()) {
                return Outcome.RETRY;
            }
            if (!Arrays.equals(v.key(), key)) {
                continue;
            }
            if (v.valid()) {
                return finish(start, v.value());
            }
            // an in-progress PUT, DELETE or MIGRATE of this key: its previous version is still current (§4.3.2)
            long previous = v.previous();
            if (config.uses(NessieOptimization.PREVIOUS_VERSIONS) && previous != 0 && !IndexEntry.isEmpty(previous)) {
                DataEntry.View p = readDte(previous, !split);
                if (p.valid() && p.holds(key)) {
                    stats.previousVersionReads++;
                    return finish(start, withValue(previous, p).value());
                }
            }
            return Outcome.RETRY;
        }
        // not found: a MIGRATE may have moved an unexamined ITE into an examined slot; re-read in reverse (§4.2.1)
        if (plantedBug != NessiePlantedBug.SKIP_GET_REVERSE_PASS) { // THE PLANTED BUG skips the reverse pass
            for (int i = slots.length - 1; i >= 0; i--) {
                if (readIte(slots[i]) != seen[i]) {
                    return Outcome.RETRY;
                }
            }
        }
        return finish(start, null);
    }

    private Outcome finish(long start, byte[] value) {
        if (expired(start)) {
            return Outcome.RETRY;
        }
        result = value;
        return Outcome.DONE;
    }

    // ---- PUT (§4.2.2) and DELETE (§4.2.4) --------------------------------------------------------------------

    /** One PUT attempt, or a DELETE attempt when {@code value} is null. */
    Outcome writeOnce(byte[] key, byte[] value) {
        boolean delete = value == null;
        long start = now();
        Slot[] slots = hashes.slots(key);
        long filter = ite.filterOf(KeyHash.of(key));
        int n = slots.length;
        long[] seen = new long[n];
        boolean[] holds = new boolean[n];
        for (int i = 0; i < n; i++) {
            long readAt = now();
            seen[i] = readIte(slots[i]);
            if (!mayHold(seen[i], filter)) {
                continue;
            }
            DataEntry.View v = cached(seen[i], readAt);
            if (v == null) {
                v = readDte(seen[i], false);
            }
            if (!v.valid()) {
                return Outcome.RETRY; // another PUT or MIGRATE is in progress here: abort rather than interrupt it (§4.3.2)
            }
            holds[i] = Arrays.equals(v.key(), key);
        }
        int candidate = -1;
        for (int i = 0; i < n && candidate < 0; i++) {
            if (holds[i] || (!delete && IndexEntry.isEmpty(seen[i]))) {
                candidate = i;
            }
        }
        if (candidate < 0) {
            if (delete) {
                return unchanged(slots, seen, -1) && !expired(start) ? Outcome.DONE : Outcome.RETRY; // absent already
            }
            Outcome m = migrate(slots[0], 1); // every candidate holds another key: free the first (§4.2.3)
            return m == Outcome.DONE ? Outcome.MIGRATED : m;
        }
        long previous = 0;
        for (int i = 0; i < n && previous == 0; i++) {
            if (holds[i]) {
                previous = seen[i]; // the version GETs should see while this PUT is in progress
            }
        }
        if (expired(start)) {
            return Outcome.RETRY;
        }
        long entry = allocate();
        if (entry < 0) {
            throw new StoreFullException("node " + node.id() + "'s data table has no free entry, even after waiting out expirations");
        }
        writeLocal(entry, previous, key, value);
        long mine = ite.full(node.id(), entry, filter);
        if (plantedBug == NessiePlantedBug.BLIND_CANDIDATE_CAS) {
            writeIteBlindly(slots[candidate], mine); // THE PLANTED BUG: overwrites whatever the ITE holds now
        } else if (!casIte(slots[candidate], seen[candidate], mine)) {
            free.addFirst(entry); // never published: nobody can have seen it
            return Outcome.RETRY;
        }
        // reverse pass: the other ITEs must not have changed since the forward pass (§4.2.2)
        if (!unchanged(slots, seen, candidate) || expired(start)) {
            rollback(slots[candidate], mine, seen[candidate]);
            return Outcome.RETRY;
        }
        List<Long> staged = new ArrayList<>();
        if (holds[candidate]) {
            staged.add(seen[candidate]);
        }
        if (plantedBug != NessiePlantedBug.SKIP_DUPLICATE_REMOVAL) { // THE PLANTED BUG leaves them
            removeDuplicates(key, filter, slots, candidate, seen, holds, staged);
        }
        if (delete) {
            if (!casIte(slots[candidate], mine, IndexEntry.emptied(mine))) {
                throw new IllegalStateException("an ITE naming an invalid DTE changed under its DELETE: " + ite.describe(mine));
            }
            staged.add(mine);
        } else {
            data.storeRelease8(entry * dte.bytes() + DataEntry.HEADER, DataEntry.WATERMARK | DataEntry.VALID); // the valid flip
        }
        for (long old : staged) {
            markForRecycling(old);
        }
        return Outcome.DONE;
    }

    /** Empties every other ITE that names a valid DTE of the key, until a full re-read finds none (§4.2.2). */
    private void removeDuplicates(byte[] key, long filter, Slot[] slots, int candidate, long[] seen, boolean[] holds, List<Long> staged) {
        boolean clean = true;
        for (int i = 0; i < slots.length; i++) {
            if (i != candidate && holds[i]) {
                if (casIte(slots[i], seen[i], IndexEntry.emptied(seen[i]))) {
                    stats.duplicatesRemoved++;
                    staged.add(seen[i]);
                } else {
                    clean = false;
                }
            }
        }
        // a CAS failed: a MIGRATE moved a copy of the key meanwhile; settle until no other ITE names the key
        for (int round = 0; !clean && round < SETTLE_ROUNDS; round++) {
            clean = true;
            for (int i = 0; i < slots.length; i++) {
                if (i == candidate) {
                    continue;
                }
                long w = readIte(slots[i]);
                if (!mayHold(w, filter)) {
                    continue;
                }
                DataEntry.View v = readDte(w, false);
                if (!v.holds(key)) {
                    continue;
                }
                clean = false;
                if (v.valid() && casIte(slots[i], w, IndexEntry.emptied(w))) {
                    stats.duplicatesRemoved++;
                    staged.add(w);
                }
            }
            if (!clean) {
                node.clock().sleepNanos(config.backoffBaseNs()); // an invalid copy: its MIGRATE will clear it
            }
        }
    }

    /** Undoes this attempt's CAS after its reverse pass failed; the DTE may have been read, so it expires normally. */
    private void rollback(Slot slot, long mine, long original) {
        stats.rollbacks++;
        if (!casIte(slot, mine, original)) {
            throw new IllegalStateException("an ITE naming an invalid DTE changed under its PUT: " + ite.describe(mine));
        }
        markForRecycling(mine);
    }

    /** True when every ITE but {@code skip} still reads as in {@code seen}, examined last to first. */
    private boolean unchanged(Slot[] slots, long[] seen, int skip) {
        for (int i = slots.length - 1; i >= 0; i--) {
            if (i != skip && readIte(slots[i]) != seen[i]) {
                return false;
            }
        }
        return true;
    }

    // ---- MIGRATE (§4.2.3, aborts §4.3.1) -----------------------------------------------------------------------

    Outcome migrate(Slot source, int depth) {
        long start = now();
        long w = readIte(source);
        if (IndexEntry.isEmpty(w)) {
            return Outcome.DONE;
        }
        DataEntry.View v = readDte(w, true);
        if (!v.valid()) {
            stats.migrationAborts++;
            return Outcome.RETRY; // an in-progress operation owns the source
        }
        Slot[] alternatives = hashes.slots(v.key());
        Slot destination = null;
        long dw = 0;
        for (Slot s : alternatives) { // decision: the first empty alternative, else the first one that differs
            if (!s.equals(source)) {
                long x = readIte(s);
                if (destination == null || (IndexEntry.isEmpty(x) && !IndexEntry.isEmpty(dw))) {
                    destination = s;
                    dw = x;
                }
            }
        }
        if (destination == null) {
            return Outcome.FULL;
        }
        if (!IndexEntry.isEmpty(dw)) {
            if (depth >= config.migrateDepth()) {
                return Outcome.FULL;
            }
            Outcome inner = migrate(destination, depth + 1);
            if (inner != Outcome.DONE) {
                return inner;
            }
            dw = readIte(destination);
            if (!IndexEntry.isEmpty(dw)) {
                return Outcome.RETRY;
            }
        }
        if (expired(start)) {
            return Outcome.RETRY;
        }
        long entry = allocate();
        if (entry < 0) {
            throw new StoreFullException("node " + node.id() + "'s data table has no free entry for a MIGRATE");
        }
        // decision: a copy has no previous version; a GET that meets it invalid retries instead of reading the source
        writeLocal(entry, 0, v.key(), v.value());
        long mine = ite.full(node.id(), entry, ite.filterOf(KeyHash.of(v.key())));
        if (plantedBug == NessiePlantedBug.MIGRATE_SOURCE_FIRST) {
            return migrateSourceFirst(source, w, destination, dw, entry, mine);
        }
        // §4.3.1's ABA argument holds only for CASes issued within the timeout: the source word w may come back (its DTE
        // expired, recycled and re-used for the same key in the same ITE) once an expiration period has passed since it
        // was read, so the timeout is checked again right before each CAS that expects a word read earlier, with no
        // verb in between (see the class comment's counterexample).
        boolean late = expired(start);
        if (late || !casIte(destination, dw, mine)) {
            free.addFirst(entry); // never published: nobody can have seen it
            stats.migrationAborts++;
            stats.migrationTimeouts += late ? 1 : 0;
            return Outcome.RETRY;
        }
        late = expired(start);
        if (late || !casIte(source, w, IndexEntry.emptied(w))) {
            stats.migrationAborts++;
            stats.migrationTimeouts += late ? 1 : 0;
            if (casIte(destination, mine, IndexEntry.emptied(mine))) {
                markForRecycling(mine);
            }
            return Outcome.RETRY;
        }
        data.storeRelease8(entry * dte.bytes() + DataEntry.HEADER, DataEntry.WATERMARK | DataEntry.VALID);
        markForRecycling(w);
        stats.migrations++;
        return Outcome.DONE;
    }

    /** THE PLANTED BUG {@link NessiePlantedBug#MIGRATE_SOURCE_FIRST}: the source is emptied before the copy is installed. */
    private Outcome migrateSourceFirst(Slot source, long w, Slot destination, long dw, long entry, long mine) {
        if (!casIte(source, w, IndexEntry.emptied(w))) {
            free.addFirst(entry);
            stats.migrationAborts++;
            return Outcome.RETRY;
        }
        if (!casIte(destination, dw, mine)) {
            free.addFirst(entry);
            stats.migrationAborts++;
            if (!casIte(source, IndexEntry.emptied(w), w)) {
                markForRecycling(w); // someone took the emptied source: the key is lost
            }
            return Outcome.RETRY;
        }
        data.storeRelease8(entry * dte.bytes() + DataEntry.HEADER, DataEntry.WATERMARK | DataEntry.VALID);
        markForRecycling(w);
        stats.migrations++;
        return Outcome.DONE;
    }

    // ---- data table management (§4.2.5, §4.3.1) --------------------------------------------------------------

    /** A free local DTE index, scanning for expired recycled entries when the list is empty; -1 when none come free. */
    private long allocate() {
        long waitedNs = 0;
        long stepNs = Math.max(1, config.expirationNs() / 8);
        long limitNs = 2 * (config.expirationNs() + config.maxClockSkewNs());
        while (free.isEmpty()) {
            if (!scan()) {
                return -1; // nothing is even being recycled
            }
            if (!free.isEmpty() || waitedNs > limitNs) {
                break;
            }
            node.clock().sleepNanos(stepNs);
            waitedNs += stepNs;
        }
        return free.isEmpty() ? -1 : free.pollFirst();
    }

    /** Adds every expired recycled DTE to the free list, in index order; false when none is being recycled. */
    private boolean scan() {
        stats.scans++;
        boolean any = false;
        long now = now();
        int bytes = dte.bytes();
        for (long i = firstEntry; i < firstEntry + entryCount; i++) {
            long at = i * bytes;
            if ((data.loadAcquire8(at + DataEntry.RECYCLE) & 1) == 0) {
                continue;
            }
            any = true;
            long expiry = data.load8(at + DataEntry.EXPIRY);
            if (recycleWithoutExpiry || (expiry != 0 && now - expiry >= config.maxClockSkewNs())) {
                data.store8(at + DataEntry.RECYCLE, 0);
                data.store8(at + DataEntry.EXPIRY, 0);
                free.addLast(i);
                stats.recycled++;
            }
        }
        node.clock().chargeCpu(2L * entryCount);
        return any;
    }

    /**
     * Sets the recycle bit and expiration time of the DTE that {@code entry} named (§4.2.5): CPU stores when it is
     * this node's, one RDMA WRITE otherwise. Only the operation that emptied or replaced the ITE gets here.
     */
    private void markForRecycling(long entry) {
        int dti = IndexEntry.dti(entry);
        long at = ite.dte(entry) * dte.bytes();
        long expiry = now() + config.expirationNs();
        if (dti == node.id()) {
            if (recycleWithoutExpiry) {
                free.addFirst(ite.dte(entry)); // THE PLANTED BUG: re-used at once, while readers may still hold its ITE
                return;
            }
            data.store8(at + DataEntry.EXPIRY, expiry);
            data.storeRelease8(at + DataEntry.RECYCLE, 1);
        } else {
            MemoryRegion table = dataTables.get(dti);
            MemorySegment fields = MemorySegment.ofArray(new long[] {expiry, 1});
            stats.verb(inGet, 16);
            check(qps[dti].execute(WorkRequest.write(fields, table.address(at + DataEntry.EXPIRY), table.rkey())), "recycle-mark a DTE");
        }
    }

    private void writeLocal(long entry, long previous, byte[] key, byte[] value) {
        long at = entry * dte.bytes();
        data.store(at, dte.body(previous, key, value)); // header 0: incomplete and invalid until the next store
        data.storeRelease8(at + DataEntry.HEADER, DataEntry.WATERMARK | (value == null ? DataEntry.DELETE : 0));
        node.clock().chargeCpu(dte.bytes() / 8);
    }

    // ---- local cache (§4.1.3, §4.3.1 "Cache Consistency") ---------------------------------------------------

    /** The cached valid DTE for ITE word {@code w} read at {@code readAt}, or null; a hit extends its expiration. */
    private DataEntry.View cached(long w, long readAt) {
        if (!caching) {
            return null;
        }
        Cached c = cache.get(w);
        if (c == null) {
            return null;
        }
        if (now() >= c.expiresAtNs[0]) {
            cache.remove(w);
            return null;
        }
        c.expiresAtNs[0] = readAt + config.expirationNs();
        stats.cacheHits++;
        return new DataEntry.View(DataEntry.WATERMARK | DataEntry.VALID, 0, c.key(), c.value());
    }

    private void remember(long w, DataEntry.View v, long readAt) {
        if (caching && IndexEntry.dti(w) != node.id()) { // local DTEs are read from memory anyway
            cache.put(w, new Cached(v.key(), v.value(), new long[] {readAt + config.expirationNs()}));
        }
    }

    /** True when the ITE may name a DTE of the key: full and, with filter bits on, matching the key's (§4.3.2). */
    private boolean mayHold(long w, long filter) {
        return config.uses(NessieOptimization.FILTER_BITS) ? ite.mayHold(w, filter) : !IndexEntry.isEmpty(w);
    }

    /**
     * {@code v} with its value: as it is when it was read whole, else the second READ of §4.3.2's "Multiple Reads",
     * of the value field only. A valid DTE does not change until it is recycled, which waits out the expiration
     * period, longer than this operation may run: the two reads see one entry.
     */
    private DataEntry.View withValue(long entry, DataEntry.View v) {
        if (v.value() != null) {
            return v;
        }
        byte[] bytes = readDteBytes(entry, dte.metaBytes(), dte.valueBytes(), "read a DTE's value");
        return new DataEntry.View(v.header(), v.previous(), v.key(), Arrays.copyOf(bytes, config.shape().valueBytes()));
    }

    // ---- verbs -----------------------------------------------------------------------------------------------

    /** Reads an ITE with RDMA, also this node's own (§4.1.1). */
    private long readIte(Slot s) {
        MemoryRegion table = indexTables.get(s.node());
        stats.verb(inGet, s.node() == node.id() ? 0 : 8);
        check(qps[s.node()].execute(WorkRequest.read(word, table.address(8L * s.index()), table.rkey())), "read an ITE");
        return scratch8[0];
    }

    /** THE PLANTED BUG {@link NessiePlantedBug#BLIND_CANDIDATE_CAS}: an RDMA WRITE of an ITE, which only CASes may change. */
    private void writeIteBlindly(Slot s, long update) {
        MemoryRegion table = indexTables.get(s.node());
        scratch8[0] = update;
        check(qps[s.node()].execute(WorkRequest.write(word, table.address(8L * s.index()), table.rkey())), "write an ITE");
    }

    /** CASes an ITE with RDMA, also this node's own (§4.1.1); true when it swapped. */
    private boolean casIte(Slot s, long expected, long update) {
        MemoryRegion table = indexTables.get(s.node());
        stats.verb(inGet, s.node() == node.id() ? 0 : 8);
        Completion c = check(qps[s.node()].execute(WorkRequest.cas(table.address(8L * s.index()), table.rkey(), expected, update)), "CAS an ITE");
        return c.result() == expected;
    }

    /** The DTE {@code entry} names: a local load for this node's table, an RDMA READ otherwise (§4.1.2). */
    private DataEntry.View readDte(long entry, boolean withValue) {
        return dte.view(readDteBytes(entry, 0, withValue ? dte.bytes() : dte.metaBytes(), "read a DTE"));
    }

    /** {@code length} bytes from {@code offset} into the DTE {@code entry} names: local loads on this node, else an RDMA READ. */
    private byte[] readDteBytes(long entry, int offset, int length, String what) {
        int dti = IndexEntry.dti(entry);
        long at = ite.dte(entry) * dte.bytes() + offset;
        byte[] bytes = new byte[length];
        if (dti == node.id()) {
            data.load(at, MemorySegment.ofArray(bytes));
        } else {
            MemoryRegion table = dataTables.get(dti);
            stats.verb(inGet, length);
            check(qps[dti].execute(WorkRequest.read(MemorySegment.ofArray(bytes), table.address(at), table.rkey())), what);
        }
        return bytes;
    }

    private static Completion check(Completion c, String what) {
        if (!c.ok()) {
            throw new KvReadException("could not " + what + ": " + c.status());
        }
        return c;
    }

    private long now() {
        return node.clock().nowNanos();
    }

    private boolean expired(long startNs) {
        return now() - startNs > config.operationTimeoutNs();
    }

    /** The node's local memory word at {@code offsetBytes} of its data table (tests inspect DTEs). */
    long loadData8(long offsetBytes) {
        return data.load8(offsetBytes);
    }

}
