package io.rdasuite.crashsim.txn;

import java.util.Arrays;
import java.util.Locale;

/**
 * What a crash of a transactional pDSM cluster cuts (paper 002 §4.1.6: "recovered after system/power failures").
 */
public enum TxnCrashTarget {
    /** Every PM server loses power; each restarts from its own post-crash image and recovery runs at the bootstrap. */
    ALL_SERVERS,
    /**
     * Every PM server loses power and server 0's PM never comes back: servers 1 and 2 restart, server 0's segments fail
     * over to their backups (what the backups' persisted records are for).
     */
    ALL_SERVERS_LOSE_SERVER_0,
    /** Server 0 alone loses power; the cluster runs on, fails its segments over and recovers the transactions in flight. */
    SERVER_0,
    /**
     * Server 0 alone loses power and the monitor re-replicates its segments onto the servers left (§4.1.7) while the
     * transactions go on; the read-back then compares every replica, the new places included.
     */
    SERVER_0_REREPLICATED,
    /** Client 0 (a coordinator) loses power mid-transaction; the monitor's probes find it dead and recover its transaction. */
    COORDINATOR_0;

    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static TxnCrashTarget parse(String s) {
        for (TxnCrashTarget t : values()) {
            if (t.label().equals(s)) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown transaction crash target '" + s + "'; valid: "
                + String.join(", ", Arrays.stream(values()).map(TxnCrashTarget::label).toList()));
    }

    /** Whether the rest of the cluster runs on (the read-back happens in the same run). */
    public boolean runsOn() {
        return this == SERVER_0 || this == SERVER_0_REREPLICATED || this == COORDINATOR_0;
    }
}
