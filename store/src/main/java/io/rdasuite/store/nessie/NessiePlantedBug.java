package io.rdasuite.store.nessie;

/**
 * Planted bugs of Nessie's client-driven protocol (paper 004 §4.2), for tests only: each drops one step the
 * protocol needs, so that a checker can be shown to catch it. {@link #NONE}, the default, is Nessie as written.
 */
public enum NessiePlantedBug {
    /** No planted bug. */
    NONE,
    /**
     * PUT and DELETE install their ITE with an RDMA WRITE instead of a CAS expecting the word their forward pass
     * read (§4.2.2): a concurrent PUT of another key into the same empty ITE is overwritten, and that key is lost.
     */
    BLIND_CANDIDATE_CAS,
    /**
     * PUT and DELETE leave the key's other ITEs in place instead of removing the duplicates (§4.2.2, §4.2.4): a
     * PUT into an earlier empty ITE keeps the older version in a later one, which a DELETE then brings back.
     */
    SKIP_DUPLICATE_REMOVAL,
    /**
     * GET reports a key absent without re-reading its ITEs in reverse (§4.2.1): a MIGRATE that moves the key from
     * an ITE the GET has not read into one it has read hides a key that was present all along.
     */
    SKIP_GET_REVERSE_PASS,
    /**
     * MIGRATE empties the source ITE first and CASes the copy into the destination second (§4.2.3 does it the other
     * way round): between the two CASes the key is in no ITE, so a GET finds it absent, and when the destination CAS
     * fails the source is put back only if nothing changed it meanwhile.
     */
    MIGRATE_SOURCE_FIRST
}
