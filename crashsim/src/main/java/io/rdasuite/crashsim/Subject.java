package io.rdasuite.crashsim;

import io.rdasuite.store.protocol.Claims;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.crashsim.cluster.Topology;

/**
 * A protocol as the explorer sees it (DESIGN §1: crashsim knows protocols only through this). Its deployment is a
 * {@link Topology}: by default node 0 the one PM server and one node per client; a cluster names its servers,
 * monitors and clients, and may let the rest of the cluster run on when some of its nodes crash.
 */
public interface Subject {
    /** The nodes of a deployment running {@code program} and their roles. */
    default Topology topology(Program program) {
        return Topology.singleServer(program.clients().size());
    }

    /**
     * Whether the rest of the cluster runs on when a crash cuts only some of its nodes (crash targets other than
     * {@link io.rdasuite.crashsim.cluster.CrashTarget#ALL_SERVERS}); such a subject observes in the same run
     * ({@link #observeInRun}).
     */
    default boolean runsOnAfterPartialCrash() {
        return false;
    }

    /**
     * How many dispatched events after a partial crash the crashed nodes restart from a post-crash image and rejoin
     * (the subject's deployment rejoins them through {@link SimFabric#onRestart}); negative: they stay down.
     */
    default long restartAfterEvents() {
        return -1;
    }

    /**
     * After the program ran on a cluster that ran on through a partial crash: reads back {@code keys} in the same
     * run (through whatever replicas are left) and runs the fabric itself.
     */
    default Observation observeInRun(SimFabric fabric, Deployment deployment, Program program, java.util.SortedSet<Integer> keys) {
        throw new UnsupportedOperationException(name() + " does not run on after a partial crash");
    }

    /** The name a replay token carries; {@link Subjects#byName} finds the subject again. */
    String name();

    /**
     * Whether the program's operations act on a map of keys to values (PUT writes, GET reads, DELETE removes), so that
     * the run's history can be checked for (durable) linearizability against a key-value model. False for a log.
     */
    default boolean keyValueHistory() {
        return false;
    }

    /**
     * Whether the subject is explored without natural eviction ({@code CostModel.withoutNaturalEviction}): a line
     * stored and never persisted stays in every later crash frontier instead of being written back at a random
     * moment, so a missing persist is found at every seed, not only at those whose write-back comes late. Off by
     * default, where the pinned findings were explored with natural eviction.
     */
    default boolean lazyWriteBack() {
        return false;
    }

    /**
     * Whether the explorer adds crash points aimed just after each GET that completed while a write of its key was still
     * in flight (see {@code Explorer.readsOfWritesInFlight}): a reader saw a write before it was acknowledged, and a crash
     * in the next few events tests that what it saw was already durable (durable linearizability). Off by default: it
     * adds crash states.
     */
    default boolean aimsAtReadsOfWritesInFlight() {
        return false;
    }

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
