package io.rdasuite.hwreal.remote;

import io.rdasuite.store.fabric.Clock;
import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.pm.LocalMemory;

/** The node at the other end of a remote connection: it lives in another process, so only its name is known here. */
public record PeerNode(int id, String address, ServerConfig config, Clock clock) implements Node {
    @Override
    public MemoryRegion register(MemoryKind kind, String name, long lengthBytes) {
        throw elsewhere();
    }

    @Override
    public LocalMemory local(MemoryRegion region) {
        throw elsewhere();
    }

    @Override
    public void spawn(String name, Runnable body) {
        throw elsewhere();
    }

    @Override
    public void spawnDaemon(String name, Runnable body) {
        throw elsewhere();
    }

    @Override
    public boolean isUp() {
        return true;
    }

    private UnsupportedOperationException elsewhere() {
        return new UnsupportedOperationException("node " + id + " is the peer at " + address + ", in another process");
    }
}
