package io.rdasuite.hwreal.remote;

import io.rdasuite.hwreal.loopback.RealClock;
import io.rdasuite.hwreal.loopback.Region;
import io.rdasuite.hwreal.loopback.SegmentMemory;
import io.rdasuite.hwreal.pm.PersistentMemory;
import io.rdasuite.store.fabric.Clock;
import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.pm.LocalMemory;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The one node of this process on a {@link RemoteTransport}: DRAM regions are off-heap memory, PM regions come
 * from a {@link PersistentMemory} (named {@code n<id>-<name>}, so a restarted server gets its PM back), threads
 * are platform threads and the clock is the wall clock. A region's remote address is its virtual address, as
 * with RDMA (or, with {@link #keepIdentities}, the address it had before a restart); the transport's {@link Registrar}
 * gives it its remote key (an RDMA memory registration, or a random key for the TCP emulation).
 */
public final class ProcessNode implements Node {
    /** Makes a region reachable by peers and returns its remote key. */
    public interface Registrar {
        int register(String name, MemorySegment memory);

        /** Registers {@code memory} under the key {@code rkey} it had before a restart ({@link RegionIdentities}). */
        default int reuse(String name, MemorySegment memory, int rkey) {
            throw new UnsupportedOperationException("this transport cannot register region " + name + " under a chosen key");
        }
    }

    private final int id;
    private final ServerConfig config;
    private final PersistentMemory pm;
    private final Registrar registrar;
    private final Arena arena = Arena.ofShared();
    private final Map<Integer, Region> byKey = new ConcurrentHashMap<>();
    private final Map<String, Region> byName = new ConcurrentHashMap<>();
    private final List<Region> ordered = new ArrayList<>();
    private final RealClock clock = new RealClock();
    private volatile boolean up = true;
    private volatile RegionIdentities identities;

    public ProcessNode(int id, ServerConfig config, PersistentMemory pm, Registrar registrar) {
        this.id = id;
        this.config = config;
        this.pm = pm;
        this.registrar = registrar;
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
        if (byName.containsKey(name)) {
            throw new IllegalArgumentException("node " + id + " already registered a region named " + name);
        }
        long length = (lengthBytes + 63) & ~63L;
        boolean persistent = kind == MemoryKind.PM && pm != null;
        MemorySegment memory = persistent ? pm.map("n" + id + "-" + name, length) : arena.allocate(length, 64);
        RegionIdentities ids = identities;
        RegionIdentities.Identity kept = ids == null ? null : ids.find(name);
        boolean renew = kept != null && ids.renews(name);
        int rkey = kept != null && !renew ? registrar.reuse(name, memory, kept.rkey()) : registrar.register(name, memory);
        long base = kept != null ? kept.base() : memory.address();
        if (ids != null && (kept == null || renew)) {
            ids.record(name, new RegionIdentities.Identity(base, rkey));
        }
        Region region = new Region(new MemoryRegion(id, name, kind, base, length, rkey), memory, persistent ? pm : null);
        byKey.put(rkey, region);
        byName.put(name, region);
        ordered.add(region);
        return region.descriptor();
    }

    /**
     * From now on every region is registered under the identity {@code identities} kept for its name, and a new name's
     * identity is kept there: a node restarted on its PM then looks the same to its peers. Call before registering.
     */
    public void keepIdentities(RegionIdentities identities) {
        this.identities = identities;
    }

    /** The region with remote key {@code rkey}, or null. */
    public Region region(int rkey) {
        return byKey.get(rkey);
    }

    /** Every region registered so far, in registration order. */
    public synchronized List<Region> regions() {
        return List.copyOf(ordered);
    }

    /** The registered region holding {@code [address, address + length)}, or null (for local buffers of work requests). */
    public Region regionContaining(long address, long length) {
        for (Region r : regions()) {
            if (r.descriptor().contains(address, length)) {
                return r;
            }
        }
        return null;
    }

    @Override
    public LocalMemory local(MemoryRegion region) {
        Region r = byKey.get(region.rkey());
        if (r == null || region.nodeId() != id) {
            throw new IllegalArgumentException("region " + region.name() + " is not one of node " + id + "'s");
        }
        return new SegmentMemory(r);
    }

    @Override
    public void spawn(String name, Runnable body) {
        Thread.ofPlatform().name(name + "@node" + id).start(body);
    }

    @Override
    public void spawnDaemon(String name, Runnable body) {
        Thread.ofPlatform().name(name + "@node" + id).daemon().start(body);
    }

    @Override
    public Clock clock() {
        return clock;
    }

    @Override
    public boolean isUp() {
        return up;
    }

    /** Marks the node down: its server loops exit. */
    public void shutDown() {
        up = false;
    }
}
