package io.rdasuite.hwreal.loopback;

import io.rdasuite.hwreal.pm.PersistentMemory;
import io.rdasuite.store.fabric.Clock;
import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.pm.LocalMemory;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A node of the loopback fabric: DRAM regions are off-heap memory, PM regions come from the fabric's
 * {@link PersistentMemory} (named {@code n<id>-<name>}, so a node of a new fabric over the same files gets
 * its PM back), threads are platform threads, and the clock is the wall clock.
 */
final class LoopbackNode implements Node {
    private final LoopbackFabric fabric;
    private final int id;
    private final ServerConfig config;
    private final Nic nic;
    private final Map<String, Region> regions = new HashMap<>();
    private final List<Thread> threads = new ArrayList<>();
    private volatile boolean up = true;

    LoopbackNode(LoopbackFabric fabric, int id, ServerConfig config) {
        this.fabric = fabric;
        this.id = id;
        this.config = config;
        this.nic = new Nic(fabric, id);
    }

    Nic nic() {
        return nic;
    }

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
        if (regions.containsKey(name)) {
            throw new IllegalArgumentException("node " + id + " already registered a region named " + name);
        }
        long length = (lengthBytes + 7) & ~7L;
        PersistentMemory pm = kind == MemoryKind.PM ? fabric.pm() : null;
        MemorySegment memory = pm != null ? pm.map("n" + id + "-" + name, length) : fabric.arena().allocate(length, 64);
        Region r = fabric.add(id, name, kind, memory, pm);
        regions.put(name, r);
        return r.descriptor();
    }

    @Override
    public LocalMemory local(MemoryRegion region) {
        Region r = fabric.region(region.rkey());
        if (r == null || region.nodeId() != id) {
            throw new IllegalArgumentException("region " + region.name() + " is not one of node " + id + "'s");
        }
        return new SegmentMemory(r);
    }

    @Override
    public void spawn(String name, Runnable body) {
        start(name, body, false);
    }

    @Override
    public void spawnDaemon(String name, Runnable body) {
        start(name, body, true);
    }

    private void start(String name, Runnable body, boolean daemon) {
        Thread t = Thread.ofPlatform().name(name + "@node" + id).daemon(daemon).unstarted(() -> {
            try {
                body.run();
            } catch (RuntimeException | Error e) {
                fabric.failed(name, e);
            }
        });
        synchronized (this) {
            if (!daemon) {
                threads.add(t);
            }
        }
        t.start();
    }

    /** Waits for every non-daemon thread started so far. */
    void join() throws InterruptedException {
        List<Thread> copy;
        synchronized (this) {
            copy = new ArrayList<>(threads);
        }
        for (Thread t : copy) {
            t.join();
        }
    }

    @Override
    public Clock clock() {
        return fabric.clock();
    }

    @Override
    public boolean isUp() {
        return up;
    }

    void shutDown() {
        up = false;
        nic.stop();
    }

}
