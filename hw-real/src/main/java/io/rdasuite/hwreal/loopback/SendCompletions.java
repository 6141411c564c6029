package io.rdasuite.hwreal.loopback;

import io.rdasuite.store.fabric.Clock;
import io.rdasuite.store.fabric.Completion;
import io.rdasuite.store.fabric.CompletionStatus;
import io.rdasuite.store.fabric.Opcode;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Set;

/**
 * The send-side completions of a queue pair whose requests complete on another thread (a NIC thread, a socket
 * reader): which signaled requests may still be awaited, the completions not yet taken, and waiting for one.
 * An unsignaled request's completion is dropped unless it is an error, as on RDMA. Once the connection broke,
 * every waiter gets CONNECTION_BROKEN.
 */
public final class SendCompletions {
    private final int depth;
    private final Clock clock;
    private final Set<Long> awaitable = new HashSet<>();
    private final LinkedHashMap<Long, Completion> done = new LinkedHashMap<>();
    private boolean broken;

    public SendCompletions(int depth, Clock clock) {
        this.depth = depth;
        this.clock = clock;
    }

    /** A signaled request was posted; the send queue holds at most {@code depth} not yet taken. */
    public synchronized void expect(long id) {
        if (awaitable.size() >= depth) {
            throw new IllegalStateException("send queue full: " + awaitable.size() + " signaled requests not yet taken");
        }
        awaitable.add(id);
    }

    /** Delivers a completion; an unsignaled request's only when it failed (or when {@code always}). */
    public synchronized void deliver(Completion c, boolean always) {
        if (!awaitable.contains(c.requestId())) {
            if (!always || c.ok()) {
                return;
            }
            awaitable.add(c.requestId());
        }
        done.put(c.requestId(), c);
        notifyAll();
    }

    /** Waits for {@code id}'s completion and takes it. */
    public synchronized Completion await(long id) {
        if (!awaitable.contains(id)) {
            throw new IllegalArgumentException("request " + id + " was unsignaled or already taken");
        }
        while (!done.containsKey(id)) {
            if (broken) {
                awaitable.remove(id);
                return new Completion(id, Opcode.READ, CompletionStatus.CONNECTION_BROKEN, 0, 0, clock.nowNanos());
            }
            try {
                wait(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                broken = true;
            }
        }
        awaitable.remove(id);
        return done.remove(id);
    }

    /** The oldest completion not yet taken, or null. */
    public synchronized Completion poll() {
        if (done.isEmpty()) {
            return null;
        }
        long id = done.keySet().iterator().next();
        awaitable.remove(id);
        return done.remove(id);
    }

    /** The connection broke: waiters return CONNECTION_BROKEN. */
    public synchronized void breakConnection() {
        broken = true;
        notifyAll();
    }
}
