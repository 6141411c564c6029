package io.rdasuite.hwreal.split;

import io.rdasuite.hwreal.remote.RemoteQueuePair;
import io.rdasuite.store.fabric.Completion;
import io.rdasuite.store.fabric.CompletionStatus;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.Received;
import io.rdasuite.store.fabric.WorkRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One end of connection k of a split deployment that outlives the death of the process at the other end: when that
 * process comes back (a PM server restarted on its PM, replaying the deployment) connection k is opened anew, and this
 * end carries on over the new TCP connection ({@link #replace}). The receive buffers posted and not yet consumed are
 * posted again on it, so a handler thread that posted its ring once keeps receiving.
 *
 * <p>While broken, the requester's end fails its verbs at once, as a dead peer's connection does (the failure detector
 * counts on it; the split fabric re-dials in the background). The responder's end instead waits in
 * {@link #awaitReceive} for the new connection, and a reply it posts to a dead peer completes as sent (lost with the
 * peer): its handler thread (an iRDMA server, a persistence responder) then serves the restarted peer.
 */
final class SplitEndpoint implements QueuePair {
    private static final int ID_BITS = 40;

    private final boolean requester;
    private final Node local;
    private final Node remote;
    private final Map<Integer, RemoteQueuePair> generations = new TreeMap<>();
    private final List<Posted> posted = new ArrayList<>();
    private RemoteQueuePair current;
    private int generation;
    private volatile boolean closed;

    private record Posted(MemoryRegion buffers, long offsetBytes, int lengthBytes) {
    }

    SplitEndpoint(RemoteQueuePair first, boolean requester) {
        this.requester = requester;
        this.local = first.local();
        this.remote = first.remote();
        this.current = first;
        generations.put(0, first);
    }

    /** Whether this end's connection broke (a requester's: the split fabric should re-dial). */
    synchronized boolean broken() {
        return !current.isOpen();
    }

    boolean isRequester() {
        return requester;
    }

    /**
     * Carries on over {@code next}: the receives still posted move there. A closed end closes {@code next} instead: its
     * process is shutting down, and a connection it adopted now would never be closed, so the requester's end, open to
     * no one, would never count as broken nor re-dial the restarted process (SplitRejoinTest hung so: "connection k was
     * not opened within 120000 ms" after a peer re-dialed while the killed server was closing).
     */
    synchronized void replace(RemoteQueuePair next) {
        if (closed) {
            next.close();
            return;
        }
        for (Posted p : posted) {
            next.postReceive(p.buffers(), p.offsetBytes(), p.lengthBytes());
        }
        RemoteQueuePair old = current;
        current = next;
        generation++;
        generations.put(generation, next);
        generations.remove(generation - 2); // a waiter on the generation before this one may still be collecting its failure
        notifyAll();
        if (old.isOpen()) {
            old.close();
        }
    }

    /** Breaks the TCP connection under this end, as a peer's restart does; a requester's end is re-dialed (tests). */
    synchronized void breakConnection() {
        current.close();
    }

    /** Stops waiting for a new connection (the process is shutting down). */
    synchronized void close() {
        closed = true;
        notifyAll();
        current.close();
    }

    @Override
    public Node local() {
        return local;
    }

    @Override
    public Node remote() {
        return remote;
    }

    @Override
    public long post(WorkRequest request) {
        RemoteQueuePair qp;
        int g;
        synchronized (this) {
            qp = current;
            g = generation;
        }
        return (long) g << ID_BITS | qp.post(request);
    }

    @Override
    public Completion await(long requestId) {
        int g = (int) (requestId >>> ID_BITS);
        RemoteQueuePair qp;
        synchronized (this) {
            qp = generations.get(g);
        }
        if (qp == null) {
            return new Completion(requestId, null, CompletionStatus.CONNECTION_BROKEN, 0, 0);
        }
        Completion c = qp.await(requestId & ((1L << ID_BITS) - 1));
        if (!c.ok() && !requester && !qp.isOpen()) {
            return new Completion(requestId, c.opcode(), CompletionStatus.SUCCESS, c.byteLength(), 0); // a reply to a dead peer
        }
        return new Completion(requestId, c.opcode(), c.status(), c.byteLength(), c.result());
    }

    @Override
    public Completion poll() {
        RemoteQueuePair qp;
        int g;
        synchronized (this) {
            qp = current;
            g = generation;
        }
        Completion c = qp.poll();
        return c == null ? null : new Completion((long) g << ID_BITS | c.requestId(), c.opcode(), c.status(), c.byteLength(), c.result());
    }

    @Override
    public synchronized void postReceive(MemoryRegion buffers, long offsetBytes, int lengthBytes) {
        posted.add(new Posted(buffers, offsetBytes, lengthBytes));
        current.postReceive(buffers, offsetBytes, lengthBytes);
    }

    @Override
    public Received awaitReceive() {
        while (true) {
            RemoteQueuePair qp;
            int g;
            synchronized (this) {
                qp = current;
                g = generation;
            }
            Received r = qp.awaitReceive();
            if (r.ok()) {
                consumed(r);
                return r;
            }
            if (requester) {
                return r;
            }
            synchronized (this) {
                while (generation == g && !closed) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return r;
                    }
                }
                if (closed) {
                    return r;
                }
            }
        }
    }

    @Override
    public Received pollReceive() {
        RemoteQueuePair qp;
        synchronized (this) {
            qp = current;
        }
        Received r = qp.pollReceive();
        if (r != null && r.ok()) {
            consumed(r);
        }
        return r;
    }

    /** The posted buffer {@code r} filled is no longer posted. */
    private synchronized void consumed(Received r) {
        for (int i = 0; i < posted.size(); i++) {
            Posted p = posted.get(i);
            if (p.buffers().rkey() == r.buffer().rkey() && p.offsetBytes() == r.offsetBytes()) {
                posted.remove(i);
                return;
            }
        }
    }
}
