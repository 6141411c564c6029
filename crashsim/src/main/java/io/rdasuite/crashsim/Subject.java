package io.rdasuite.crashsim;

import io.rdasuite.store.protocol.Claims;
import io.rdasuite.hwsim.fabric.SimFabric;

/**
 * A protocol as the explorer sees it (DESIGN §1: crashsim knows protocols only through this). Node 0 is
 * the server; nodes 1..clients are clients.
 */
public interface Subject {
    /** The name a replay token carries; {@link Subjects#byName} finds the subject again. */
    String name();

    /** What the protocol claims on a server configuration (a recipe may be sound on some and not on others). */
    Claims claims(io.rdasuite.store.fabric.ServerConfig config);

    /** The bytes a PUT of {@code value} to {@code key} stores (what RDA compares against). */
    byte[] valueBytes(int key, long value);

    /** Sets up the server and the clients' connections; called on the driver before the run. */
    Deployment deploy(SimFabric fabric, Program program);

    /**
     * On a fabric restarted from a post-crash image: runs recovery, then reads back {@code keys}. Runs the
     * fabric itself.
     */
    Observation recoverAndObserve(SimFabric restarted, Program program, java.util.SortedSet<Integer> keys);

    /** A deployed protocol. */
    interface Deployment {
        /**
         * Executes one operation as client {@code client} (inside that client's actor). Returns the bytes a
         * GET read, an empty array for a completed PUT, and null when the operation failed or was refused.
         */
        byte[] execute(int client, Op op);
    }
}
