package io.rdasuite.store.efactory;

import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.WorkRequest;
import io.rdasuite.store.kv.HopscotchTable;
import io.rdasuite.store.kv.ServerLock;
import io.rdasuite.store.kv.StoreFullException;
import io.rdasuite.store.kv.TableLocks;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.mutation.PlantedBugs;
import io.rdasuite.store.pm.LocalMemory;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;

/**
 * The server of the eFactory family (paper 001 §4, §5.3). It owns the hash table, two data pools and a
 * superblock in PM, answers RPCs (one handler per client connection), and, for eFactory, runs the
 * background verify-and-persist thread ({@link Background}), log cleaning ({@link LogCleaner}) and
 * recovery ({@link Recovery}).
 *
 * <p>Invariant: every entry's head ({@link #head}) names the newest published version of its key, and every
 * version's PrePTR names the version published before it (or 0). Client-active modes publish before the
 * data arrives, so readers accept a version only when it is durable, or after checking its CRC.
 */
public final class EfServer {
    /** What a client needs: the table and both pools (the second pool is registered at start, not at the first cleaning). */
    public record Handle(EfConfig config, EfMode mode, MemoryRegion table, List<MemoryRegion> pools) {
    }

    /** Where log cleaning is (§4.4); persisted in the superblock with the working pool. */
    public enum Stage { IDLE, COMPRESS, MERGE }

    /** Longest version chain a walk follows before deciding the chain is corrupt. */
    static final int MAX_HOPS = 1 << 20;

    /** The mutation test's planted bug (DESIGN §5a), read once when this is built; NONE runs the code as written. */
    final Plant planted = PlantedBugs.activePlant();
    final Node node;
    final EfConfig config;
    final EfMode mode;
    final HopscotchTable hash;
    final MemoryRegion tableRegion;
    final MemoryRegion[] pools = new MemoryRegion[2];
    private final MemoryRegion superblock;
    final MemoryRegion requests;
    /** Forca's extra layer of object metadata (§6.1): one more PM word per entry, loaded on every GET. */
    final MemoryRegion forcaMetadata;
    /** Guards the pools' tails, the working pool and the in-flight counts. */
    final ServerLock allocationLock;
    /** Guards the hash entries and version lists: a stripe per key for updates, exclusive for inserts and cleaning. */
    final TableLocks locks;
    static final int STRIPES = 64;
    final long[] tails = {EfObject.FIRST, EfObject.FIRST};
    /** Per pool: client-active PUTs allocated there and not yet published (log cleaning waits for them). */
    final int[] inflight = new int[2];
    /** The pool new objects go to. */
    volatile int working;
    /** The mark every entry carries: the pool clients read from. */
    volatile int marked;
    volatile Stage stage = Stage.IDLE;
    /**
     * Counts cleaning starts and ends: odd while the log is cleaned (§4.4). Clients keep the largest value they
     * saw, from notifications or replies, so a late message never makes them read one-sided during cleaning.
     */
    volatile long cleaningEpoch;
    final QueuePair[] responders;
    final long[][] controls;
    final Background background;
    boolean backgroundStarted;
    private final Requests handlers;
    long rpcGets;
    long durableByHandler;
    long lostRaces;

    public EfServer(Node node, EfConfig config, EfMode mode) {
        this.node = node;
        this.config = config;
        this.mode = mode;
        this.hash = new HopscotchTable(config.shape(), config.buckets(), true);
        this.tableRegion = node.register(MemoryKind.PM, "ef-table", hash.regionBytes());
        this.superblock = node.register(MemoryKind.PM, "ef-super", 64);
        for (int p = 0; p < 2; p++) {
            pools[p] = node.register(MemoryKind.PM, "ef-pool-" + p, config.poolBytes());
        }
        int slotBytes = EfMessages.requestBytes(config.shape());
        this.requests = node.register(MemoryKind.DRAM, "ef-requests", (long) config.maxClients() * config.receiveBuffers() * slotBytes);
        this.forcaMetadata = mode == EfMode.FORCA ? node.register(MemoryKind.PM, "forca-metadata", 8L * hash.slots()) : null;
        this.allocationLock = new ServerLock(node.clock());
        this.locks = new TableLocks(node.clock(), STRIPES);
        this.responders = new QueuePair[config.maxClients()];
        this.controls = new long[config.maxClients()][];
        this.background = new Background(this);
        this.handlers = new Requests(this);
    }

    public Handle handle() {
        return new Handle(config, mode, tableRegion, List.of(pools[0], pools[1]));
    }

    public HopscotchTable table() {
        return hash;
    }

    /** GETs clients made through the server (the hybrid read's fallback, or every GET without it). */
    public long rpcGets() {
        return rpcGets;
    }

    /** Objects the GET handler made durable itself (selective durability, §4.3.2). */
    public long durableByHandler() {
        return durableByHandler;
    }

    /** Objects the background thread made durable, and objects it invalidated after their timeout. */
    public long durableByBackground() {
        return background.verified();
    }

    public long invalidated() {
        return background.invalidated();
    }

    /** Log cleanings the background thread started because the working pool passed its threshold. */
    public long cleaningsStarted() {
        return background.cleanings();
    }

    /** Times the handler or the background thread verified an object and found the other had just set its flag. */
    public long lostRaces() {
        return lostRaces;
    }

    /** Where log cleaning is. */
    public Stage stage() {
        return stage;
    }

    /** The data pool new objects go to, and its allocation tail. */
    public int workingPool() {
        return working;
    }

    public long tail(int pool) {
        return tails[pool];
    }

    LocalMemory tableMemory() {
        return node.local(tableRegion);
    }

    LocalMemory poolMemory(long global) {
        return node.local(pools[EfObject.pool(global)]);
    }

    /** Starts the handler of one client's connection (and, on the first call, the background thread). */
    public void serve(QueuePair responder, int clientId, String name) {
        handlers.serve(responder, clientId, name);
    }

    // ---- shared steps ----------------------------------------------------------------------------------

    /**
     * The newest published version of an entry: the offset in the pool writes go to, else the other one
     * (during cleaning's merge stage an entry not yet merged has only its old-pool offset).
     */
    long head(long word) {
        long inWorking = EntryWord.offset(word, working);
        return inWorking != 0 ? inWorking : EntryWord.offset(word, 1 - working);
    }

    /** Whether a hash slot holds a key (its tag byte is set). */
    boolean occupied(int slot) {
        MemorySegment tag = MemorySegment.ofArray(new byte[1]);
        tableMemory().load(hash.tagOffset(slot), tag);
        return tag.get(ValueLayout.JAVA_BYTE, 0) != 0;
    }

    /** Allocates in the working pool; {@code track} counts it as in flight until published (log cleaning waits for those). */
    long reserve(int bytes, boolean track) {
        allocationLock.lock();
        try {
            long global = allocate(working, bytes);
            if (track) {
                inflight[EfObject.pool(global)]++;
            }
            return global;
        } finally {
            allocationLock.unlock();
        }
    }

    /** Allocates in a given pool (log cleaning's and recovery's copies). */
    long allocateIn(int pool, int bytes) {
        allocationLock.lock();
        try {
            return allocate(pool, bytes);
        } finally {
            allocationLock.unlock();
        }
    }

    private long allocate(int pool, int bytes) {
        long within = tails[pool];
        if (within + bytes > config.poolBytes()) {
            throw new StoreFullException("data pool " + pool + " is full (" + config.poolBytes() + " bytes); clean the log; stored keys stay readable");
        }
        tails[pool] = within + bytes;
        long global = EfObject.global(pool, within);
        // a pool reused after cleaning holds old objects: until its header is written, the background thread (which
        // reads the tail under this lock) must see no object here, not a stale one with its own size and time
        poolMemory(global).store8(within, 0);
        return global;
    }

    /**
     * Writes and persists an object's metadata (the key and value are written separately). The state word is
     * published last, with release semantics: a thread that sees it (the background thread, with acquire) sees
     * the allocation time and CRC too, never an older object's or zero, which would time the object out at once.
     */
    void writeHeader(long global, long flags, int valueLength, long previous, int crc) {
        LocalMemory pool = poolMemory(global);
        long at = EfObject.within(global);
        MemorySegment rest = MemorySegment.ofArray(new long[] {previous, 0, Integer.toUnsignedLong(crc), node.clock().nowNanos()});
        pool.store(at + EfObject.PRE, rest);
        pool.storeRelease8(at, EfObject.state(flags, valueLength));
        if (!(planted == EfPlantedBug.EF_PUBLISH_BEFORE_METADATA_PERSISTS)) {
            pool.persist(at, EfObject.HEADER);
        }
    }

    /**
     * Publishes {@code global} as the key's newest version: the previous version's NextPTR, then the entry
     * (created when the key is new), persisted after the metadata it points to.
     */
    void link(int slot, byte[] key, long previous, long global) {
        LocalMemory table = tableMemory();
        if (previous != 0) {
            LocalMemory pool = poolMemory(previous);
            pool.store8(EfObject.within(previous) + EfObject.NEXT, global);
            pool.clwb(EfObject.within(previous) + EfObject.NEXT, 8);
        }
        long word;
        int pool = EfObject.pool(global);
        if (slot < 0) {
            slot = hash.insert(table, key, (byte) 1);
            word = EntryWord.of(global); // marked for its pool: cleaning's last stage marks every entry for the new pool
        } else {
            // the newest version: the other pool's offset (a moved copy, or the version it replaces) is stale (§4.4)
            word = EntryWord.withOffset(EntryWord.withOffset(table.load8(hash.metaOffset(slot)), 1 - pool, 0), pool, global);
        }
        table.store8(hash.metaOffset(slot), word);
        table.persist(hash.slotOffset(slot), hash.entryBytes());
        if (forcaMetadata != null) {
            node.local(forcaMetadata).store8(8L * slot, global);
            node.local(forcaMetadata).persist(8L * slot, 8);
        }
    }

    /**
     * §4.3.2's check, shared by the background thread and the GET handler: when the stored CRC matches the
     * data, persist the object and set its durability flag. False when the data is incomplete, or when the
     * object was invalidated meanwhile.
     */
    boolean verifyAndPersist(long global, long state) {
        return verifyAndPersist(global, loadObject(global));
    }

    /** As {@link #verifyAndPersist(long, long)}, on an object already loaded whole. */
    boolean verifyAndPersist(long global, MemorySegment object) {
        return verifyAndPersist(global, object, true, true);
    }

    /**
     * The check with its steps as switches, for planted bugs only: {@code verify} false trusts the valid bit,
     * {@code persist} false sets the flag over data that may still sit in a volatile cache.
     */
    boolean verifyAndPersist(long global, MemorySegment object, boolean verify, boolean persist) {
        long state = object.get(ValueLayout.JAVA_LONG_UNALIGNED, EfObject.STATE);
        if (verify ? !intact(object) : !EfObject.has(state, EfObject.VALID)) {
            return false;
        }
        LocalMemory pool = poolMemory(global);
        if (persist) {
            pool.persist(EfObject.within(global), EfObject.bytes(config.shape(), EfObject.has(state, EfObject.DELETED)));
        }
        return markDurable(global, state);
    }

    /**
     * Sets the durability flag of a version found intact, unless another thread invalidated it meanwhile (true when
     * another thread set the flag first).
     *
     * <p>The transfer flag shares the state word (paper 001 §4.2.2 puts Trans in the object metadata) and log
     * cleaning's compression sets it (§4.4: the PrePTR of the version after a moved one is pointed at the copy) without
     * the GET handler's lock, which client-active modes do not take. A change of that flag alone is retried: the
     * version is still the intact one verified. Failing there made the GET handler walk past the newest complete
     * version, which §4.3.3 step 7 says it returns, to an older durable one: client 2's acknowledged put of 5 was
     * followed by its own GET returning 2, and recovery, which keeps the newest intact version, brought 5 back
     * (found by rda fuzz; {@code EfactoryCleanerTransferFlagTest}).
     */
    boolean markDurable(long global, long state) {
        LocalMemory pool = poolMemory(global);
        long at = EfObject.within(global);
        long expected = state;
        while (!pool.cas8(at, expected, expected | EfObject.DURABLE)) {
            long now = pool.load8(at);
            if (EfObject.has(now, EfObject.DURABLE)) {
                lostRaces++;
                return true;
            }
            if ((now & ~EfObject.TRANS) != (state & ~EfObject.TRANS)) {
                return false; // invalidated (its valid bit cleared) or reused: not the version verified
            }
            expected = now; // only the transfer flag changed
        }
        return true;
    }

    /** An object's metadata, key and value in one load (a deleted object is shorter; the rest is ignored). */
    MemorySegment loadObject(long global) {
        long at = EfObject.within(global);
        int length = (int) Math.min(EfObject.bytes(config.shape(), false), config.poolBytes() - at);
        MemorySegment object = MemorySegment.ofArray(new byte[length]);
        poolMemory(global).load(at, object);
        return object;
    }

    /**
     * Whether recovery may keep a version it reached from an entry in PM. Client-active modes: its data is complete,
     * its CRC matches. SAW and IMM (paper 001 §5.3.1-2): it is valid. Their server persists the data before it writes
     * the metadata, and persists the metadata before it stores the entry naming the version ({@link #writeHeader},
     * then {@link #link}), so a valid version on the list is complete and persistent.
     *
     * <p>Not their durability flag: that is the readers' go-ahead, set after the entry is persistent (see
     * {@code Requests.publishesDurable}), and like every store it is visible before its flush. Asking for it here
     * took back versions a reader had already returned: the flag was set, a one-sided GET returned the version, and a
     * power failure before the flag's flush made recovery walk past it to the previous version (found by rda fuzz;
     * {@code SawRecoveryIgnoresReadersFlagTest}).
     */
    boolean recoverable(long global, long state) {
        if (mode.putPath() != EfMode.PutPath.CLIENT_ACTIVE) {
            return EfObject.has(state, EfObject.VALID);
        }
        return intact(loadObject(global));
    }

    private boolean intact(MemorySegment object) {
        long state = object.get(ValueLayout.JAVA_LONG_UNALIGNED, EfObject.STATE);
        if (!EfObject.has(state, EfObject.VALID)) {
            return false;
        }
        if (mode.putPath() != EfMode.PutPath.CLIENT_ACTIVE) {
            return EfObject.has(state, EfObject.DURABLE); // SAW, IMM: the GET handler's go-ahead (recovery: see recoverable)
        }
        int length = EfObject.dataBytes(config.shape(), EfObject.has(state, EfObject.DELETED));
        if (EfObject.HEADER + length > object.byteSize()) {
            return false;
        }
        node.clock().chargeCrc(length);
        return EfObject.crc(object, EfObject.HEADER, length) == (int) object.get(ValueLayout.JAVA_LONG_UNALIGNED, EfObject.CRC);
    }

    /**
     * Copies an intact version into {@code pool} as a durable object with no older version (log cleaning
     * and recovery), persisted before anything points to it.
     */
    long copyTo(long global, int pool) {
        return copyInto(global, copySpace(global, pool));
    }

    /** The place in {@code pool} a copy of version {@code global} takes (allocated, nothing written yet). */
    long copySpace(long global, int pool) {
        long state = poolMemory(global).load8(EfObject.within(global));
        return allocateIn(pool, EfObject.bytes(config.shape(), EfObject.has(state, EfObject.DELETED)));
    }

    /** Writes (and persists) the copy of version {@code global} into the place {@link #copySpace} gave; returns it. */
    long copyInto(long global, long copy) {
        LocalMemory from = poolMemory(global);
        long state = from.load8(EfObject.within(global));
        int bytes = EfObject.bytes(config.shape(), EfObject.has(state, EfObject.DELETED));
        MemorySegment object = MemorySegment.ofArray(new long[bytes / 8]);
        from.load(EfObject.within(global), object);
        object.set(ValueLayout.JAVA_LONG, EfObject.STATE, (state & ~EfObject.TRANS) | EfObject.VALID | EfObject.DURABLE);
        object.set(ValueLayout.JAVA_LONG, EfObject.PRE, 0);
        object.set(ValueLayout.JAVA_LONG, EfObject.NEXT, 0);
        LocalMemory to = poolMemory(copy);
        to.store(EfObject.within(copy), object);
        if (!(planted == EfPlantedBug.EF_CLEAN_COPY_UNPERSISTED)) {
            to.persist(EfObject.within(copy), bytes);
        }
        return copy;
    }

    /** Points a version's PrePTR elsewhere (setting its transfer flag when asked) and persists it. */
    void setPrevious(long global, long previous, boolean transferred) {
        LocalMemory pool = poolMemory(global);
        long at = EfObject.within(global);
        pool.store8(at + EfObject.PRE, previous);
        if (transferred) {
            long state;
            do {
                state = pool.load8(at);
            } while (!pool.cas8(at, state, state | EfObject.TRANS));
        }
        pool.persist(at, EfObject.NEXT);
    }

    /** Persists the working pool, the stage and the pool log cleaning fills. */
    void persistState() {
        LocalMemory s = node.local(superblock);
        s.store8(0, working | ((long) stage.ordinal() << 1) | ((long) marked << 3) | (1L << 8));
        s.persist(0, 8);
    }

    /** Reads the persisted state back (recovery); false on a fresh superblock. */
    boolean loadState() {
        long w = node.local(superblock).load8(0);
        if ((w & (1L << 8)) == 0) {
            return false;
        }
        working = (int) (w & 1);
        stage = Stage.values()[(int) ((w >>> 1) & 3)];
        marked = (int) ((w >>> 3) & 1);
        return true;
    }

    /** §4.4: starts or ends cleaning for clients: a new epoch, written one-sided into every registered client's control word. */
    void notifyClients() {
        long epoch = ++cleaningEpoch;
        for (int c = 0; c < responders.length; c++) {
            if (controls[c] != null && responders[c] != null) {
                responders[c].execute(WorkRequest.write(MemorySegment.ofArray(new long[] {epoch}), controls[c][0], (int) controls[c][1]));
            }
        }
    }

    /** Log cleaning (§4.4); call from a server thread. Returns the versions copied into the new pool. */
    public int clean() {
        if (!mode.background()) {
            throw new UnsupportedOperationException("log cleaning is eFactory's (§4.4); " + mode.cliName() + " does not clean");
        }
        return new LogCleaner(this).run();
    }

    /** Recovery after a crash; call from a thread of the restarted node before serving. Returns the keys whose entry changed. */
    public int recover() {
        return new Recovery(this).run();
    }
}
