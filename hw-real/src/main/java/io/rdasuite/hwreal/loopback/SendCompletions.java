package io.rdasuite.hwreal.loopback;

import io.rdasuite.store.fabric.Completion;
import io.rdasuite.store.fabric.CompletionStatus;
import io.rdasuite.store.fabric.Opcode;
import java.util.Arrays;

/**
 * The send-side completions of a queue pair whose requests complete on another thread (a NIC thread, a socket
 * reader): which signaled requests may still be awaited, the completions not yet taken, and waiting for one.
 * An unsignaled request's completion is dropped unless it is an error, as on RDMA. Once the connection broke,
 * every waiter gets CONNECTION_BROKEN.
 *
 * <p>The entries live in small parallel arrays searched linearly (a queue pair has a handful of signaled requests in
 * flight): no boxing and no map node per request, which used to be a fifth of a loopback get.
 */
public final class SendCompletions {
    private final int depth;
    /** Awaitable request ids; {@code done[i]} is its completion once delivered, {@code order[i]} the delivery number. */
    private long[] ids = new long[8];
    private Completion[] done = new Completion[8];
    private long[] order = new long[8];
    private int count;
    private long delivered;
    private int waiting;
    private boolean broken;

    public SendCompletions(int depth) {
        this.depth = depth;
    }

    /** A signaled request was posted; the send queue holds at most {@code depth} not yet taken. */
    public synchronized void expect(long id) {
        if (count >= depth) {
            throw new IllegalStateException("send queue full: " + count + " signaled requests not yet taken");
        }
        add(id);
    }

    /** Delivers a completion: kept when its request is awaitable, or when {@code always} and it is an error. */
    public synchronized void deliver(Completion c, boolean always) {
        int i = find(c.requestId());
        if (i < 0) {
            if (!always || c.ok()) {
                return;
            }
            i = add(c.requestId());
        }
        done[i] = c;
        order[i] = ++delivered;
        if (waiting > 0) {
            notifyAll(); // most completions arrive before anyone waits (the NIC ran the request inline)
        }
    }

    /** Waits for the completion of {@code id} and takes it. */
    public synchronized Completion await(long id) {
        int i = find(id);
        if (i < 0) {
            throw new IllegalArgumentException("request " + id + " was unsignaled or already taken");
        }
        while (done[i] == null) {
            if (broken) {
                remove(i);
                return new Completion(id, Opcode.READ, CompletionStatus.CONNECTION_BROKEN, 0, 0);
            }
            waiting++;
            try {
                wait(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                broken = true;
            } finally {
                waiting--;
            }
            i = find(id); // entries move when others are taken
        }
        return remove(i);
    }

    /** The earliest delivered completion not yet taken, or null. */
    public synchronized Completion poll() {
        int first = -1;
        for (int i = 0; i < count; i++) {
            if (done[i] != null && (first < 0 || order[i] < order[first])) {
                first = i;
            }
        }
        return first < 0 ? null : remove(first);
    }

    /** The connection broke: waiters return CONNECTION_BROKEN. */
    public synchronized void breakConnection() {
        broken = true;
        notifyAll();
    }

    private int find(long id) {
        for (int i = 0; i < count; i++) {
            if (ids[i] == id) {
                return i;
            }
        }
        return -1;
    }

    private int add(long id) {
        if (count == ids.length) {
            ids = Arrays.copyOf(ids, count * 2);
            done = Arrays.copyOf(done, count * 2);
            order = Arrays.copyOf(order, count * 2);
        }
        ids[count] = id;
        done[count] = null;
        order[count] = 0;
        return count++;
    }

    private Completion remove(int i) {
        Completion c = done[i];
        int last = --count;
        ids[i] = ids[last];
        done[i] = done[last];
        order[i] = order[last];
        done[last] = null;
        return c;
    }
}
