package io.rdasuite.store.thdpms.fs;

import io.rdasuite.store.kv.KeyHash;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.thdpms.addr.GlobalAddress;
import io.rdasuite.store.thdpms.kvs.PdkvsClient;
import io.rdasuite.store.thdpms.pdsm.PdsmClient;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * pDFSLib (paper 002 §4.2, Fig. 7): the client side of pDFS. Directory entries live at the <b>directory metadata
 * server</b> (DMS: the table of the first mapped segment, so one server), keyed by parent guid and name; a directory's
 * guid never changes, so renaming a directory moves one entry. File inodes live at the <b>file metadata servers</b>
 * (the other segments' tables), placed by the hash of the parent's guid and the name. Data I/O is client-active
 * (Octopus): the client reads the inode, then READs or WRITEs the data block one-sided; a write allocates a new block
 * in the inode's segment, writes it to every replica, and only then updates the inode (§4.1.7: data before metadata).
 * The data block always lives in its inode's segment (our choice: the paper does not place data): the servers count
 * the blocks their inodes name as live ({@link FsRecord#dataBlocks}), for the allocator's rebuild and for
 * re-replication, and a rename that moves an inode to another segment copies the data first.
 *
 * <p>A rename touches two metadata entries, possibly on two servers; it is made atomic by an <b>intent</b> at the DMS
 * (one per client): the intent persists first, then the new entry, then the old one goes, then the intent. Whoever mounts
 * after a crash ({@link #recover}) finishes every intent it finds; a failover needs nothing, since the renaming client
 * retries its own steps.
 *
 * <p>Path resolution goes through a {@link DirectoryCache} of leased directory entries (our choice, after LocoFS), so a
 * stat or a read of a file in a known directory asks only its file metadata server, not the one directory server; a
 * directory rename or rmdir returns {@link DirectoryCache#LEASE_NS} after it changed the directory server, by when every
 * other client's copy of the old entry has expired. Not thread-safe: one per client thread.
 */
public final class PdfsClient {
    public static final long ROOT = 1;
    private final PdkvsClient kv;
    private final int clientId;
    private final Plant planted;
    private final DirectoryCache directories = new DirectoryCache();

    PdfsClient(PdkvsClient kv, int clientId, Plant planted) {
        this.kv = kv;
        this.clientId = clientId;
        this.planted = planted;
    }

    private long nowNs() {
        return kv.pdsm().node().clock().nowNanos();
    }

    private long dms() {
        return kv.segments().getFirst();
    }

    private long fms(long fileKey) {
        List<Long> all = kv.segments();
        List<Long> files = all.size() > 1 ? all.subList(1, all.size()) : all;
        return files.get((int) Math.floorMod(fileKey, (long) files.size()));
    }

    static long key(char kind, long parent, String name) {
        byte[] n = name.getBytes(StandardCharsets.UTF_8);
        return KeyHash.of(ByteBuffer.allocate(9 + 8 + n.length).put((byte) kind).putLong(parent).putLong(n.length).put(n).array()) & Long.MAX_VALUE;
    }

    private static long intentKey(int client) {
        return key('I', client, "");
    }

    /**
     * The guid of the directory at {@code path} ("/" is the root), or -1: from the longest prefix whose lease still runs,
     * then one directory-server lookup per remaining component, each cached.
     */
    public long resolve(String path) {
        List<String> components = components(path);
        String[] prefixes = new String[components.size() + 1]; // prefixes[i]: the path of the first i components
        prefixes[0] = "/";
        for (int i = 0; i < components.size(); i++) {
            prefixes[i + 1] = (i == 0 ? "" : prefixes[i]) + "/" + components.get(i);
        }
        long now = nowNs();
        long guid = ROOT;
        int known = 0;
        for (int i = components.size(); i > 0; i--) {
            long cached = directories.guid(prefixes[i], now);
            if (cached >= 0) {
                guid = cached;
                known = i;
                break;
            }
        }
        long notAfter = known == 0 ? Long.MAX_VALUE : directories.expiresAt(prefixes[known]);
        for (int i = known; i < components.size(); i++) {
            long sent = nowNs();
            FsRecord r = lookupDir(guid, components.get(i));
            if (r == null) {
                return -1;
            }
            guid = r.id();
            notAfter = directories.put(prefixes[i + 1], guid, sent, notAfter);
        }
        return guid;
    }

    /**
     * After this client changed or removed a directory's entry at the directory server: waits out the lease, so that no
     * other client still uses its copy of the old entry when the operation returns.
     */
    private void awaitDirectoryLeases() {
        if (planted != PdfsPlantedBug.DIRECTORY_LEASE_NOT_AWAITED) {
            kv.pdsm().node().clock().sleepNanos(DirectoryCache.LEASE_NS);
        }
    }

    /** Forgets the cached {@code path} and everything below it (this client renamed or removed it). */
    private void forgetDirectory(String path) {
        directories.forgetUnder("/" + String.join("/", components(path)));
    }

    /** The directory entry {@code name} under directory {@code parent}, or null. */
    public FsRecord lookupDir(long parent, String name) {
        FsRecord r = FsRecord.decode(kv.get(dms(), key('D', parent, name)));
        return r != null && r.kind() == FsRecord.DIR ? r : null;
    }

    /** The inode {@code name} under directory {@code parent}, or null. */
    public FsRecord lookupFile(long parent, String name) {
        long k = key('F', parent, name);
        FsRecord r = FsRecord.decode(kv.get(fms(k), k));
        return r != null && r.kind() == FsRecord.FILE ? r : null;
    }

    static List<String> components(String path) {
        List<String> out = new ArrayList<>();
        for (String c : path.split("/")) {
            if (!c.isEmpty()) {
                out.add(c);
            }
        }
        return out;
    }

    private static String parentOf(String path) {
        List<String> c = components(path);
        return "/" + String.join("/", c.subList(0, Math.max(0, c.size() - 1)));
    }

    private static String nameOf(String path) {
        List<String> c = components(path);
        if (c.isEmpty()) {
            throw new IllegalArgumentException("the root has no name: " + path);
        }
        return c.getLast();
    }

    /** mkdir: false when the parent does not exist or a metadata request failed. */
    public boolean mkdir(String path, long guid) {
        long parent = resolve(parentOf(path));
        return parent >= 0 && kv.put(dms(), key('D', parent, nameOf(path)), FsRecord.dir(guid, parent, nameOf(path)).encode());
    }

    /** rmdir of an empty directory (emptiness is the caller's: a DMS does not know the files). */
    public boolean rmdir(String path) {
        long parent = resolve(parentOf(path));
        if (parent < 0) {
            return false;
        }
        boolean removed = kv.delete(dms(), key('D', parent, nameOf(path)));
        forgetDirectory(path); // a failed delete may still have taken effect: this client never trusts its copy again
        if (removed) {
            awaitDirectoryLeases();
        }
        return removed;
    }

    /** creat: an empty file with id {@code fileId}. */
    public boolean create(String path, long fileId) {
        long parent = resolve(parentOf(path));
        if (parent < 0) {
            return false;
        }
        long k = key('F', parent, nameOf(path));
        return kv.put(fms(k), k, FsRecord.file(fileId, parent, nameOf(path), 0, 0).encode());
    }

    /** unlink. */
    public boolean unlink(String path) {
        long parent = resolve(parentOf(path));
        if (parent < 0) {
            return false;
        }
        long k = key('F', parent, nameOf(path));
        return kv.delete(fms(k), k);
    }

    /** stat: the file's inode, or null. */
    public FsRecord stat(String path) {
        long parent = resolve(parentOf(path));
        return parent < 0 ? null : lookupFile(parent, nameOf(path));
    }

    /** Writes the whole file (client-active: the data one-sided to every replica, then the inode). */
    public boolean write(String path, byte[] data) {
        long parent = resolve(parentOf(path));
        if (parent < 0) {
            return false;
        }
        long k = key('F', parent, nameOf(path));
        FsRecord inode = FsRecord.decode(kv.get(fms(k), k));
        if (inode == null || inode.kind() != FsRecord.FILE) {
            return false;
        }
        long epoch = kv.pdsm().epoch();
        GlobalAddress block = kv.pdsm().pallocate(Math.max(8, data.length), fms(k));
        if (block == null || !kv.pdsm().write(block, data)) {
            return false;
        }
        return kv.put(fms(k), k, FsRecord.file(inode.id(), parent, inode.name(), data.length, block.segmentNo() << 40 | block.offset()).encode(),
                rewrittenOnReconfiguration(block, data, epoch));
    }

    /**
     * Before each attempt to index an inode that names {@code block}: when the configuration changed since the block was
     * written (at {@code epoch}), writes it again, to every replica of the new one ({@link PdkvsClient#put(long, long,
     * byte[], java.util.function.BooleanSupplier)}: a re-replication in between copied the segment without it).
     */
    private java.util.function.BooleanSupplier rewrittenOnReconfiguration(GlobalAddress block, byte[] data, long epoch) {
        long[] writtenAt = {epoch};
        return () -> {
            long now = kv.pdsm().epoch();
            if (now == writtenAt[0]) {
                return true;
            }
            writtenAt[0] = now;
            return kv.pdsm().write(block, data);
        };
    }

    /** How often a data READ is tried, the mapping re-read after each failure (a failover moved the primary). */
    static final int READ_ATTEMPTS = 8;

    /** A data block's bytes, one-sided from the primary; null when every attempt failed. */
    private byte[] readData(long data, long length) {
        for (int attempt = 0; attempt < READ_ATTEMPTS; attempt++) {
            byte[] bytes = kv.pdsm().read(dataAddress(data), (int) length);
            if (bytes != null) {
                return bytes;
            }
            kv.pdsm().reconfigure();
        }
        return null;
    }

    private static GlobalAddress dataAddress(long data) {
        return GlobalAddress.of(1, GlobalAddress.READ, GlobalAddress.Space.HEAP, data >>> 40, data & FsRecord.OFFSET_MASK);
    }

    /**
     * A copy of a file's data block in segment {@code segment} (written to every replica); null when the READ, the
     * allocation or the write failed. A rename that moves an inode to another segment's table
     * copies the data along: a segment's servers keep alive only the blocks its own inodes name (rebuild, §4.1.7).
     */
    private Copy copyData(long data, long length, long segment) {
        byte[] bytes = readData(data, length);
        long epoch = kv.pdsm().epoch();
        GlobalAddress block = bytes == null ? null : kv.pdsm().pallocate(Math.max(8, bytes.length), segment);
        if (block == null || !kv.pdsm().write(block, bytes)) {
            return null;
        }
        return new Copy(block.segmentNo() << 40 | block.offset(), rewrittenOnReconfiguration(block, bytes, epoch));
    }

    /** A copied data block: its address, and what rewrites it before its inode is indexed (as a write's). */
    private record Copy(long data, java.util.function.BooleanSupplier beforeIndexing) {
    }

    /** Reads the whole file (client-active: the inode, then one-sided READs of the data); null when absent or unreadable. */
    public byte[] read(String path) {
        FsRecord inode = stat(path);
        if (inode == null) {
            return null;
        }
        if (inode.data() == 0) {
            return new byte[0];
        }
        return readData(inode.data(), inode.length());
    }

    /**
     * Reads the whole file as pDSM's get answers ({@link PdsmClient.Read}), for a history: its bytes; absent when no inode
     * names it or the file was never written (created empty); unreadable when its inode's entry names an item that is not
     * this file's inode (the store answered, and holds no file there); null when a metadata lookup or the data READ got
     * no answer (a missing parent directory counts so too: a lookup that failed and one that found nothing look alike
     * here, and the caller created the directory before it reads).
     */
    public PdsmClient.Read readFile(String path) {
        long parent = resolve(parentOf(path));
        if (parent < 0) {
            return null;
        }
        long k = key('F', parent, nameOf(path));
        PdsmClient.Read entry = kv.read(fms(k), k);
        if (!(entry instanceof PdsmClient.Found found)) {
            return entry;
        }
        FsRecord inode = FsRecord.decode(found.value());
        if (inode == null || inode.kind() != FsRecord.FILE) {
            return new PdsmClient.Unreadable("the entry of " + path + " holds no inode");
        }
        if (inode.data() == 0) {
            return new PdsmClient.Absent();
        }
        byte[] data = readData(inode.data(), inode.length());
        return data == null ? null : new PdsmClient.Found(data);
    }

    /**
     * rename of a file or a directory (a directory keeps its guid: nothing under it moves). Atomic through this client's
     * intent at the DMS, unless the planted bug makes it two independent operations.
     */
    public boolean rename(String from, String to) {
        long srcParent = resolve(parentOf(from));
        long dstParent = resolve(parentOf(to));
        if (srcParent < 0 || dstParent < 0) {
            return false;
        }
        boolean isDir = lookupDir(srcParent, nameOf(from)) != null;
        FsRecord src = isDir ? lookupDir(srcParent, nameOf(from)) : lookupFile(srcParent, nameOf(from));
        if (src == null) {
            return false;
        }
        FsRecord intent = new FsRecord(FsRecord.INTENT, src.id(), srcParent, nameOf(from), dstParent, isDir ? 1 : 0, nameOf(to));
        if (planted != PdfsPlantedBug.RENAME_TWO_OPERATIONS && !kv.put(dms(), intentKey(clientId), intent.encode())) {
            return false;
        }
        boolean done = finish(intent, src, clientId);
        if (isDir) {
            forgetDirectory(from);
            forgetDirectory(to);
        }
        return done;
    }

    /**
     * The rename's steps after its intent: the new entry, the old one removed, then client {@code owner}'s intent removed
     * (each idempotent, so mounting after a crash finishes a rename the same way).
     */
    private boolean finish(FsRecord intent, FsRecord src, int owner) {
        boolean dir = intent.data() == 1;
        long dstParent = intent.length();
        String dstName = intent.destName();
        boolean ok;
        if (dir) {
            ok = kv.put(dms(), key('D', dstParent, dstName), FsRecord.dir(intent.id(), dstParent, dstName).encode())
                    && kv.delete(dms(), key('D', intent.parent(), intent.name()));
            if (ok) {
                awaitDirectoryLeases();
            }
        } else {
            long newKey = key('F', dstParent, dstName);
            long oldKey = key('F', intent.parent(), intent.name());
            Copy copy = src.data() != 0 && src.data() >>> 40 != fms(newKey) ? copyData(src.data(), src.length(), fms(newKey))
                    : new Copy(src.data(), () -> true);
            ok = copy != null && kv.put(fms(newKey), newKey, FsRecord.file(intent.id(), dstParent, dstName, src.length(), copy.data()).encode(),
                    copy.beforeIndexing()) && kv.delete(fms(oldKey), oldKey);
        }
        return ok && (planted == PdfsPlantedBug.RENAME_TWO_OPERATIONS || kv.delete(dms(), intentKey(owner)));
    }

    /**
     * Mount after a crash: finishes every client's rename intent (clients {@code 0 … clients-1}). A file's intent
     * carries no data address: the surviving entry (old or new) gives it. True when every intent was resolved.
     */
    public boolean recover(int clients) {
        boolean ok = true;
        for (int c = 0; c < clients; c++) {
            FsRecord intent = FsRecord.decode(kv.get(dms(), intentKey(c)));
            if (intent == null || intent.kind() != FsRecord.INTENT) {
                continue;
            }
            FsRecord src;
            if (intent.data() == 1) {
                src = FsRecord.dir(intent.id(), intent.parent(), intent.name());
            } else {
                src = lookupFile(intent.parent(), intent.name());
                if (src == null) {
                    src = lookupFile(intent.length(), intent.destName()); // the new entry is in, the old one gone already
                }
                if (src == null) {
                    ok &= kv.delete(dms(), intentKey(c));
                    continue;
                }
            }
            ok &= finish(intent, src, c);
        }
        return ok;
    }
}
