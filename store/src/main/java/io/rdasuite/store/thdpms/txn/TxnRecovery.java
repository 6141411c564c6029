package io.rdasuite.store.thdpms.txn;

import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.WorkRequest;
import io.rdasuite.store.kv.ServerLock;
import io.rdasuite.store.thdpms.irdma.IrdmaRpc;
import io.rdasuite.store.thdpms.monitor.Monitor;
import io.rdasuite.store.thdpms.monitor.MonitorView;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Recovery of interrupted commits (paper 002 §4.1.6: "the unfinished transactions still can be recovered after
 * system/power failures"; FaRM's recovery, simplified because every record holds the whole write set). It runs on the
 * monitor node after the bootstrap (a restart of every server), after every failover (once each live server has learned
 * the new epoch, so no request of the old one changes a log any more), and for one coordinator when the monitor's
 * probes find that coordinator dead. For each coordinator it reads that coordinator's slot at every live server; a
 * transaction in flight <b>commits</b> when any live record of it is past the commit point (COMMIT-BACKUP,
 * COMMIT-PRIMARY or TRUNCATED: all its locks were held and its read set validated) and has a whole body, and is
 * <b>aborted</b> otherwise (the coordinator had not reported it). The decision is sent to every live server with the
 * body, which installs the values at each copy it holds and releases the coordinator's locks.
 */
final class TxnRecovery {
    private final Node host;
    private final Monitor monitor;
    private final TreeMap<Integer, QueuePair> qps;
    private final TreeMap<Integer, MemoryRegion> logs;
    private final TreeMap<Integer, IrdmaRpc.Client> rpc;
    private final ServerLock lock;
    private final int coordinators;
    /** Decisions, for tests and reports: "c<coordinator>/t<txn> commit|abort". */
    final List<String> decisions = new java.util.ArrayList<>();

    TxnRecovery(Node host, Monitor monitor, TreeMap<Integer, QueuePair> qps, TreeMap<Integer, MemoryRegion> logs,
                TreeMap<Integer, IrdmaRpc.Client> rpc, int coordinators) {
        this.host = host;
        this.monitor = monitor;
        this.qps = qps;
        this.logs = logs;
        this.rpc = rpc;
        this.coordinators = coordinators;
        this.lock = new ServerLock(host.clock());
    }

    /**
     * What a recovery did: the epoch it recovered, and whether it read every live server's slots and told every live
     * server (false when a live server could not be reached: a rejoined server's connections are re-opened a moment
     * after its join, and a server that missed RESOLVE_DONE refuses every request as not ready).
     */
    record Outcome(long epoch, boolean complete) {
    }

    /** After a configuration change: resolves every coordinator's transaction in flight, then opens the servers. */
    Outcome recoverAll() {
        lock.lock();
        try {
            MonitorView view = monitor.view();
            boolean complete = true;
            for (int c = 0; c < coordinators; c++) {
                complete &= resolve(c, view);
            }
            for (int node : view.liveServers()) {
                complete &= rpc.get(node).call(TxnMessages.of(TxnMessages.RESOLVE_DONE, view.epoch())) != null;
            }
            return new Outcome(view.epoch(), complete);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Resolves coordinator {@code c}'s transaction in flight without fencing it, at its own request: a live coordinator
     * whose request failed in an epoch no configuration change followed (a rejoined server's connection was being
     * re-opened), and which sends nothing until this is done. Returns whether every live server was read and told.
     */
    boolean resolveFor(int c) {
        lock.lock();
        try {
            return resolve(c, monitor.view());
        } finally {
            lock.unlock();
        }
    }

    /**
     * A coordinator died: every live server fences it (refuses its requests from then on), then its transaction in flight
     * is resolved. No epoch change: a dead coordinator sends nothing more, but a request it sent just before dying may
     * still be on the wire, and without the fence it could lock items after the slots were read, for good.
     */
    void recoverCoordinator(int c) {
        recoverCoordinator(c, TxnLayout.EVERY_INCARNATION);
    }

    /** As {@link #recoverCoordinator(int)}, fencing only its lives up to {@code through} (a later life may come back). */
    void recoverCoordinator(int c, long through) {
        lock.lock();
        try {
            MonitorView view = monitor.view();
            for (int node : view.liveServers()) { // first fence it: a request still on the wire must not act after the read
                rpc.get(node).call(TxnMessages.of(TxnMessages.FENCE, view.epoch(), c, through));
            }
            resolve(c, view);
        } finally {
            lock.unlock();
        }
    }

    /** Resolves coordinator {@code c}'s transaction in flight; false when a live server's slot could not be read or told. */
    private boolean resolve(int c, MonitorView view) {
        TreeMap<Integer, long[]> slots = new TreeMap<>();
        boolean complete = true;
        for (int node : view.liveServers()) {
            long[] words = new long[TxnLayout.SLOT_BYTES / 8];
            MemoryRegion log = logs.get(node);
            if (qps.get(node).execute(WorkRequest.read(MemorySegment.ofArray(words), log.address(TxnLayout.slotOffset(c)), log.rkey())).ok()) {
                slots.put(node, words);
            } else {
                complete = false;
            }
        }
        TreeSet<Long> inFlight = new TreeSet<>();
        for (long[] s : slots.values()) {
            int flags = TxnLayout.headerFlags(s[0]);
            if ((flags & (TxnLayout.LOCK | TxnLayout.COMMIT_BACKUP | TxnLayout.COMMIT_PRIMARY)) != 0
                    && (flags & (TxnLayout.TRUNCATED | TxnLayout.ABORTED)) == 0) {
                inFlight.add(TxnLayout.headerTxn(s[0]));
            }
        }
        for (long txn : inFlight) {
            long[] body = null;
            boolean pastCommitPoint = false;
            for (long[] s : slots.values()) {
                int flags = TxnLayout.headerFlags(s[0]);
                if (TxnLayout.headerTxn(s[0]) == txn && (flags & (TxnLayout.COMMIT_BACKUP | TxnLayout.COMMIT_PRIMARY | TxnLayout.TRUNCATED)) != 0) {
                    pastCommitPoint = true;
                    if (body == null && TxnLayout.parse(s, txn) != null) {
                        body = java.util.Arrays.copyOfRange(s, 1, s.length);
                    }
                }
            }
            boolean commit = pastCommitPoint && body != null;
            decisions.add("c" + c + "/t" + txn + " " + (commit ? "commit" : "abort"));
            for (int node : slots.keySet()) {
                if (commit) {
                    MemoryRegion log = logs.get(node);
                    QueuePair qp = qps.get(node);
                    long at = log.address(TxnLayout.slotOffset(c) + 8);
                    qp.post(WorkRequest.write(MemorySegment.ofArray(body.clone()), at, log.rkey()).unsignaled());
                    qp.execute(WorkRequest.read(MemorySegment.ofArray(new long[1]), at, log.rkey())); // placed before the RPC
                }
                complete &= rpc.get(node).call(TxnMessages.of(TxnMessages.RESOLVE, view.epoch(), c, txn, commit ? 1 : 0)) != null;
            }
        }
        return complete;
    }
}
