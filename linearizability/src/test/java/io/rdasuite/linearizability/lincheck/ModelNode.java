package io.rdasuite.linearizability.lincheck;

import io.rdasuite.store.fabric.Clock;
import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.pm.LocalMemory;
import java.util.Arrays;

/**
 * A server node for model checking: its regions are {@link WordMemory} (visible to Lincheck's model checker),
 * its clock stands still (the model checker replays interleavings, so nothing may depend on wall time: an object
 * never times out), and it starts no threads (Lincheck's own threads are the only ones).
 */
final class ModelNode implements Node {
    private static final Clock STILL = new Clock() {
        @Override
        public long nowNanos() {
            return 0;
        }

        @Override
        public void chargeCpu(long nanos) {
        }

        @Override
        public void chargeCrc(long bytes) {
        }

        @Override
        public void sleepNanos(long nanos) {
            Thread.yield(); // lock back-off: the model checker may switch threads here
        }

        @Override
        public OperationScope operation(String kind) {
            return () -> { };
        }
    };

    private final ServerConfig config = ServerConfig.parse("MHP+DDIO+DRAM-RQWRB");
    private final int id;

    ModelNode() {
        this(0);
    }

    /** A node with id {@code id}, for a {@link ModelFabric} of several. */
    ModelNode(int id) {
        this.id = id;
    }

    /** The region with remote key {@code rkey}. */
    WordMemory region(int rkey) {
        return regions[rkey - 1];
    }
    /** Copied on registration (rare: construction, a new log region), so that {@link #local} takes no lock. */
    private volatile WordMemory[] regions = new WordMemory[0];

    @Override
    public int id() {
        return id;
    }

    @Override
    public ServerConfig config() {
        return config;
    }

    @Override
    public synchronized MemoryRegion register(MemoryKind kind, String name, long lengthBytes) {
        long length = (lengthBytes + 7) & ~7L;
        int n = regions.length;
        long base = 4096L * (1 + n) << 20; // far apart, 64-byte aligned
        MemoryRegion r = new MemoryRegion(id, name, kind, base, length, n + 1);
        WordMemory[] grown = Arrays.copyOf(regions, n + 1);
        grown[n] = new WordMemory(r);
        regions = grown;
        return r;
    }

    @Override
    public LocalMemory local(MemoryRegion region) {
        return regions[region.rkey() - 1];
    }

    @Override
    public void spawn(String name, Runnable body) {
        throw new UnsupportedOperationException("a model-checked node runs no threads of its own: " + name);
    }

    @Override
    public void spawnDaemon(String name, Runnable body) {
        spawn(name, body);
    }

    @Override
    public Clock clock() {
        return STILL;
    }

    @Override
    public boolean isUp() {
        return true;
    }
}
