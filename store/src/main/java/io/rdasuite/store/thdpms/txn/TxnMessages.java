package io.rdasuite.store.thdpms.txn;

import io.rdasuite.store.thdpms.pdsm.PdsmServer;

/**
 * The transaction layer's iRDMA messages (8 longs, as pDSM's): word 0 the operation, word 1 the sender's epoch, word 2
 * the coordinator, word 3 the transaction, word 4 (RESOLVE) the decision. Replies: word 0 a status, word 1 the server's
 * epoch.
 */
final class TxnMessages {
    static final long LOCK = PdsmServer.EXTENSION_OPS;
    static final long COMMIT_BACKUP = LOCK + 1;
    static final long COMMIT_PRIMARY = LOCK + 2;
    static final long ABORT = LOCK + 3;
    static final long TRUNCATE = LOCK + 4;
    /** From recovery: commit (word 4 = 1) or abort the coordinator's transaction, whose body recovery wrote into the slot. */
    static final long RESOLVE = LOCK + 5;
    /** From recovery: every transaction in flight at the configuration change is resolved; release the recovery locks. */
    static final long RESOLVE_DONE = LOCK + 6;
    /**
     * From recovery, before it reads a dead coordinator's slot: refuse that coordinator's requests from now on, so that
     * one still on the wire when it died cannot lock items after recovery looked (its locks would never be released).
     * Word 3: the last of its incarnations refused ({@link TxnLayout#EVERY_INCARNATION}: all).
     */
    static final long FENCE = LOCK + 7;

    static final long OK = 0;
    static final long STALE_EPOCH = 1;
    static final long CONFLICT = 4;
    static final long NOT_READY = 5;
    static final long MALFORMED = 6;
    static final long FENCED = 7;

    private TxnMessages() {
    }

    static long[] of(long... words) {
        long[] m = new long[8];
        System.arraycopy(words, 0, m, 0, words.length);
        return m;
    }

    static String status(long[] reply) {
        if (reply == null) {
            return "no reply (connection broken)";
        }
        return switch ((int) reply[0]) {
            case 0 -> "ok";
            case 1 -> "stale epoch";
            case 4 -> "conflict";
            case 5 -> "recovery in progress";
            case 6 -> "malformed record";
            case 7 -> "coordinator fenced (declared dead)";
            default -> "status " + reply[0];
        };
    }
}
