package io.rdasuite.store.thdpms.fs;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * pDFSLib's directory cache (issue 32, item 5): a directory's path → its guid, each entry under a lease. Paper 002 is
 * silent on client caching; pDFS follows LocoFS (§4.2), whose clients cache directory entries, and the lease is our
 * choice: the directory server is a pDKVS table that keeps no list of who cached what, so instead of calling clients
 * back, a directory rename or rmdir returns only a lease period after it changed the entry ({@link PdfsClient}), by
 * when every copy of the old entry has expired.
 *
 * <p>An entry's lease starts when the lookup that found it was sent, and a path found below a cached prefix expires
 * no later than that prefix: renaming {@code /a} must also retire {@code /a/b}. Only directories that exist are
 * cached, so mkdir and create never wait. Bounded, least recently used out first; not thread-safe (one per client).
 */
final class DirectoryCache {
    /** How long a looked-up directory entry may be used (virtual time on the simulator). */
    static final long LEASE_NS = 1_000_000;
    static final int CAPACITY = 1024;

    private record Lease(long guid, long expiresAtNs) {
    }

    private final Map<String, Lease> entries = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Lease> eldest) {
            return size() > CAPACITY;
        }
    };

    /** The guid cached for {@code path} if its lease still runs at {@code nowNs}, else -1 (and the entry goes). */
    long guid(String path, long nowNs) {
        Lease e = entries.get(path);
        if (e == null) {
            return -1;
        }
        if (nowNs >= e.expiresAtNs()) {
            entries.remove(path);
            return -1;
        }
        return e.guid();
    }

    /** When the entry of {@code path} expires, or {@link Long#MAX_VALUE} when none is cached (the root never expires). */
    long expiresAt(String path) {
        Lease e = entries.get(path);
        return e == null ? Long.MAX_VALUE : e.expiresAtNs();
    }

    /**
     * Caches {@code path} → {@code guid}, looked up at {@code lookupSentNs}, expiring no later than {@code notAfterNs};
     * returns when it expires.
     */
    long put(String path, long guid, long lookupSentNs, long notAfterNs) {
        long expiresAtNs = Math.min(lookupSentNs + LEASE_NS, notAfterNs);
        entries.put(path, new Lease(guid, expiresAtNs));
        return expiresAtNs;
    }

    /** Drops {@code path} and every path below it (this client renamed or removed it). */
    void forgetUnder(String path) {
        String below = path.endsWith("/") ? path : path + "/";
        entries.keySet().removeIf(p -> p.equals(path) || p.startsWith(below));
    }
}
