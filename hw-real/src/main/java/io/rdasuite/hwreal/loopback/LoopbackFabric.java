package io.rdasuite.hwreal.loopback;

import io.rdasuite.hwreal.pm.PersistentMemory;
import io.rdasuite.hwreal.pm.VolatilePm;
import io.rdasuite.store.fabric.Clock;
import io.rdasuite.store.fabric.Connection;
import io.rdasuite.store.fabric.Fabric;
import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.Opcode;
import io.rdasuite.store.fabric.QpOptions;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The fabric SPI over real memory and real threads in one JVM (DESIGN §6): the backend for Lincheck, JMH and
 * for embedding a store in one process. Each node has a {@link Nic} thread that applies the one-sided
 * operations addressed to it; memory is off-heap (DRAM) or from a {@link PersistentMemory} (PM). Completion
 * semantics are InfiniBand's (a completion means the responder's NIC has applied the request, which here is
 * also placed); FLUSH is native and writes back the PM the queue pair wrote.
 *
 * <p>Unlike the simulator this is not deterministic: threads interleave as the OS schedules them.
 */
public final class LoopbackFabric implements Fabric, AutoCloseable {
    private final List<LoopbackNode> nodes = new ArrayList<>();
    private final ConcurrentHashMap<Integer, Region> regions = new ConcurrentHashMap<>();
    private final List<LoopbackQueuePair> queuePairs = new ArrayList<>();
    private final AtomicLong nextBase;
    private final AtomicInteger nextRkey = new AtomicInteger(0x100);
    private final RealClock clock = new RealClock();
    private final Arena arena = Arena.ofShared();
    private final PersistentMemory pm;
    private final boolean ownsPm;
    private final List<Throwable> failures = new ArrayList<>();

    /** How to build a loopback fabric. */
    public static final class Builder {
        private final List<ServerConfig> configs = new ArrayList<>();
        private PersistentMemory pm;
        private long firstBase = 1L << 32;

        /** Adds a node; node ids follow the order of the calls. */
        public Builder node(ServerConfig config) {
            configs.add(config);
            return this;
        }

        /** Where PM regions live (default: off-heap memory, not durable; the fabric then owns and closes it). */
        public Builder pm(PersistentMemory pm) {
            this.pm = pm;
            return this;
        }

        /**
         * The largest piece a transfer may be copied in (a multiple of 8 bytes; a cache line by default). The NIC copies
         * in ascending order 8 bytes at a time, which every valid size allows, so the size is checked and nothing more:
         * a concurrent reader may see any 8-byte prefix of a transfer.
         */
        public Builder chunkBytes(int bytes) {
            if (bytes < 8 || (bytes & 7) != 0) {
                throw new IllegalArgumentException("chunk size must be a positive multiple of 8 bytes: " + bytes);
            }
            return this;
        }

        /**
         * Where the first region's addresses start (default 2^32; a multiple of 4096). A restart that sets another one
         * is a process whose regions are mapped elsewhere, as every real restart may be: a store that persisted an
         * address instead of an offset then finds nothing there.
         */
        public Builder firstBase(long base) {
            if (base <= 0 || (base & 4095) != 0) {
                throw new IllegalArgumentException("the first base is a positive multiple of 4096: " + base);
            }
            this.firstBase = base;
            return this;
        }

        public LoopbackFabric build() {
            if (configs.isEmpty()) {
                throw new IllegalStateException("a fabric needs at least one node");
            }
            return new LoopbackFabric(this);
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    private LoopbackFabric(Builder b) {
        this.ownsPm = b.pm == null;
        this.pm = b.pm != null ? b.pm : new VolatilePm();
        this.nextBase = new AtomicLong(b.firstBase);
        for (ServerConfig c : b.configs) {
            nodes.add(new LoopbackNode(this, nodes.size(), c));
        }
    }

    @Override
    public Node node(int id) {
        return nodes.get(id);
    }

    @Override
    public int nodeCount() {
        return nodes.size();
    }

    @Override
    public synchronized Connection connect(Node requester, Node responder, QpOptions options) {
        LoopbackNode a = nodes.get(requester.id());
        LoopbackNode b = nodes.get(responder.id());
        LoopbackQueuePair ab = new LoopbackQueuePair(this, a, b, options);
        LoopbackQueuePair ba = new LoopbackQueuePair(this, b, a, options);
        ab.peer = ba;
        ba.peer = ab;
        queuePairs.add(ab);
        return new Connection(ab, ba);
    }

    @Override
    public Transport transport() {
        return Transport.IB;
    }

    @Override
    public FlushSupport flushSupport() {
        return FlushSupport.NATIVE;
    }

    @Override
    public boolean supports(Opcode opcode) {
        return true;
    }

    @Override
    public Clock clock() {
        return clock;
    }

    /** Waits until every non-daemon thread of every node has finished; rethrows the first failure of any thread. */
    public void join() {
        try {
            for (LoopbackNode n : nodes) {
                n.join();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the nodes' threads", e);
        }
        synchronized (failures) {
            if (!failures.isEmpty()) {
                throw new IllegalStateException("a thread of the loopback fabric failed", failures.getFirst());
            }
        }
    }

    /**
     * Kills node {@code id} as a process crash would (paper 002 §5.4 kills a PM server's process): every connection to or
     * from it breaks (its peers' waiters get CONNECTION_BROKEN) and its NIC stops; its memory stays as it was.
     */
    public void kill(int id) {
        synchronized (this) {
            for (LoopbackQueuePair qp : queuePairs) {
                if (qp.local().id() == id || qp.remote().id() == id) {
                    qp.breakConnection();
                }
            }
        }
        nodes.get(id).shutDown();
    }

    /** Breaks every connection (waiters get CONNECTION_BROKEN), stops the NICs and frees DRAM regions. */
    @Override
    public void close() {
        synchronized (this) {
            for (LoopbackQueuePair qp : queuePairs) {
                qp.breakConnection();
            }
        }
        for (LoopbackNode n : nodes) {
            n.shutDown();
        }
        if (ownsPm) {
            pm.close();
        }
        arena.close();
    }

    PersistentMemory pm() {
        return pm;
    }

    Arena arena() {
        return arena;
    }


    Region region(int rkey) {
        return regions.get(rkey);
    }

    Region add(int nodeId, String name, MemoryKind kind, MemorySegment memory, PersistentMemory owner) {
        long base = nextBase.getAndAdd((memory.byteSize() + 4095 + 4096) & ~4095L);
        int rkey = nextRkey.getAndIncrement();
        Region r = new Region(new MemoryRegion(nodeId, name, kind, base, memory.byteSize(), rkey), memory, owner);
        regions.put(rkey, r);
        return r;
    }

    void failed(String thread, Throwable t) {
        synchronized (failures) {
            failures.add(new IllegalStateException("thread " + thread + " failed", t));
        }
    }
}
