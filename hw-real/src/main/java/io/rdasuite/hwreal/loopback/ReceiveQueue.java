package io.rdasuite.hwreal.loopback;

import io.rdasuite.store.fabric.CompletionStatus;
import io.rdasuite.store.fabric.Opcode;
import io.rdasuite.store.fabric.Received;
import java.util.ArrayDeque;

/**
 * The receive side of a queue pair whose receives are consumed on another thread (a NIC thread, a socket
 * reader): the posted buffers, taken oldest first by an incoming SEND or WRITE_IMM (which waits for one:
 * receiver-not-ready), and the receive completions not yet taken. Once the connection broke, every waiter
 * returns: a taker with null, a receiver with CONNECTION_BROKEN.
 */
public final class ReceiveQueue {
    private final int depth;
    private final ArrayDeque<long[]> posted = new ArrayDeque<>();
    private final ArrayDeque<Received> received = new ArrayDeque<>();
    private boolean broken;

    public ReceiveQueue(int depth) {
        this.depth = depth;
    }

    /** Posts the buffer {@code [offset, offset + length)} of the region with remote key {@code rkey}. */
    public synchronized void post(int rkey, long offset, int length) {
        if (posted.size() >= depth) {
            throw new IllegalStateException("receive queue full: " + posted.size() + " buffers posted");
        }
        posted.add(new long[] {rkey, offset, length});
        notifyAll();
    }

    public synchronized boolean hasPosted() {
        return !posted.isEmpty();
    }

    /** The oldest posted buffer ({rkey, offset, length}), waiting for one; null once broken. */
    public synchronized long[] take() {
        while (posted.isEmpty()) {
            if (broken) {
                return null;
            }
            waitQuietly();
        }
        return posted.poll();
    }

    public synchronized void deliver(Received r) {
        received.add(r);
        notifyAll();
    }

    public synchronized Received await() {
        while (received.isEmpty()) {
            if (broken) {
                return new Received(Opcode.SEND, CompletionStatus.CONNECTION_BROKEN, null, 0, 0, 0);
            }
            waitQuietly();
        }
        return received.poll();
    }

    public synchronized Received poll() {
        return received.poll();
    }

    /** The connection broke: waiters return. */
    public synchronized void breakConnection() {
        broken = true;
        notifyAll();
    }

    private void waitQuietly() {
        try {
            wait(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            broken = true;
        }
    }
}
