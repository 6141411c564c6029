package io.rdasuite.store.fabric;

import io.rdasuite.store.pm.LocalMemory;

/**
 * A machine on the fabric: it registers memory, exposes its CPU's view of that memory, and runs threads
 * (actors in the simulator, so that their CPU time is charged and they compete for the node's cores).
 */
public interface Node {
    int id();

    /** The server configuration this node runs under, as a responder. */
    ServerConfig config();

    /**
     * Registers {@code lengthBytes} of memory of {@code kind} under {@code name} (unique per node). A node
     * restarted from a persistent image gets back the PM region of the same name with its contents.
     */
    MemoryRegion register(MemoryKind kind, String name, long lengthBytes);

    /** The local CPU's view of one of this node's regions. */
    LocalMemory local(MemoryRegion region);

    /** Starts a thread that the run waits for (a client, a finite job). */
    void spawn(String name, Runnable body);

    /** Starts a server thread (request handler, poller, background thread); the run does not wait for it. */
    void spawnDaemon(String name, Runnable body);

    /** This node's clock and CPU. */
    Clock clock();

    /** False once the node crashed or lost power. */
    boolean isUp();
}
