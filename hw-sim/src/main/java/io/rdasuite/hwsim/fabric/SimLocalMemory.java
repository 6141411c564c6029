package io.rdasuite.hwsim.fabric;

import io.rdasuite.hwsim.engine.Actor;
import io.rdasuite.hwsim.engine.TraceKind;
import io.rdasuite.hwsim.memory.LineWriteback;
import io.rdasuite.hwsim.memory.Route;
import io.rdasuite.hwsim.memory.SimRegion;
import io.rdasuite.hwsim.model.CostModel;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.pm.LocalMemory;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * The responder CPU's view of a simulated region. Stores go to the cache (persistent only where the domain
 * includes it); clwb records a write-back that the same thread's next sfence completes; a non-temporal store
 * is modelled as a store whose write-back is already issued (the write-combining buffer drains at sfence).
 */
final class SimLocalMemory implements LocalMemory {
    private final SimNode node;
    private final SimRegion region;
    private final CostModel cost;

    SimLocalMemory(SimNode node, SimRegion region) {
        this.node = node;
        this.region = region;
        this.cost = node.fabric.cost;
    }

    @Override
    public MemoryRegion region() {
        return region.region;
    }

    private void check(long offsetBytes, long lengthBytes) {
        if (offsetBytes < 0 || lengthBytes < 0 || offsetBytes + lengthBytes > region.region.lengthBytes()) {
            throw new IndexOutOfBoundsException("[" + offsetBytes + ", +" + lengthBytes + ") outside region " + region.region.name() + " of " + region.region.lengthBytes() + " bytes");
        }
    }

    private static void checkAligned(long offsetBytes) {
        if ((offsetBytes & 7) != 0) {
            throw new IllegalArgumentException("atomic 8-byte access needs an 8-byte aligned offset: " + offsetBytes);
        }
    }

    private static long lines(long offsetBytes, long lengthBytes) {
        return lengthBytes == 0 ? 0 : ((offsetBytes + lengthBytes - 1) >>> 6) - (offsetBytes >>> 6) + 1;
    }

    private long readCost(long offsetBytes, long lengthBytes) {
        return (region.isPm() ? cost.pmReadNs() : cost.dramReadNs()) + (lines(offsetBytes, lengthBytes) - 1) * cost.storeNsPerLine();
    }

    private void stored(Actor self, long offsetBytes, long lengthBytes) {
        if (region.isPm()) {
            node.fabric.accounting.pm(lengthBytes, ((ThreadState) self.attachment).scope);
            node.cacheTouched();
        }
        node.fabric.traceNote(TraceKind.LOCAL_STORE, node.id(), offsetBytes);
        node.chargeCpu(self, lines(offsetBytes, lengthBytes) * cost.storeNsPerLine());
    }

    @Override
    public long load8(long offsetBytes) {
        Actor self = node.checkCaller();
        check(offsetBytes, 8);
        checkAligned(offsetBytes);
        node.chargeCpu(self, readCost(offsetBytes, 8));
        return region.read8(offsetBytes);
    }

    @Override
    public long loadAcquire8(long offsetBytes) {
        return load8(offsetBytes);
    }

    @Override
    public void load(long offsetBytes, MemorySegment destination) {
        Actor self = node.checkCaller();
        check(offsetBytes, destination.byteSize());
        node.chargeCpu(self, readCost(offsetBytes, destination.byteSize()));
        region.read(offsetBytes, destination);
    }

    @Override
    public void store(long offsetBytes, MemorySegment source) {
        Actor self = node.checkCaller();
        check(offsetBytes, source.byteSize());
        region.write(offsetBytes, source, Route.CACHE);
        stored(self, offsetBytes, source.byteSize());
    }

    @Override
    public void store8(long offsetBytes, long value) {
        Actor self = node.checkCaller();
        check(offsetBytes, 8);
        checkAligned(offsetBytes);
        region.write8(offsetBytes, value, Route.CACHE);
        stored(self, offsetBytes, 8);
    }

    @Override
    public void storeRelease8(long offsetBytes, long value) {
        store8(offsetBytes, value);
    }

    @Override
    public boolean cas8(long offsetBytes, long expected, long update) {
        Actor self = node.checkCaller();
        check(offsetBytes, 8);
        checkAligned(offsetBytes);
        // The simulator runs one actor at a time, so read-compare-write is atomic here.
        boolean swapped = region.read8(offsetBytes) == expected;
        if (swapped) {
            region.write8(offsetBytes, update, Route.CACHE);
            stored(self, offsetBytes, 8);
        } else {
            node.chargeCpu(self, readCost(offsetBytes, 8));
        }
        return swapped;
    }

    @Override
    public void storeNonTemporal(long offsetBytes, MemorySegment source) {
        store(offsetBytes, source);
        region.clwb(offsetBytes, source.byteSize(), pending(node.checkCaller()));
    }

    @Override
    public void clwb(long offsetBytes, long lengthBytes) {
        Actor self = node.checkCaller();
        check(offsetBytes, lengthBytes);
        region.clwb(offsetBytes, lengthBytes, pending(self));
        node.chargeCpu(self, lines(offsetBytes, lengthBytes) * cost.clwbNsPerLine());
    }

    @Override
    public void sfence() {
        Actor self = node.checkCaller();
        List<LineWriteback> pending = pending(self);
        boolean any = !pending.isEmpty() || region.isPm();
        // The written-back lines share the PM write bandwidth with the NIC's placements (issue 32: Fig. 11's persisting
        // writes went above it); the fence returns when they are on media, and the core stalls until then. Charge first:
        // the write-backs complete when the fence returns, not when it starts.
        long pmBytes = 0;
        for (LineWriteback w : pending) {
            pmBytes += w.pmBytes();
        }
        long onMedia = pmBytes == 0 || !node.fabric.cpuWritebacksUsePmBandwidth ? 0 : node.nic.reservePmWrite(pmBytes);
        node.chargeCpu(self, any ? cost.sfenceNs() : 1);
        long now = node.fabric.engine.now();
        if (onMedia > now) {
            node.chargeCpu(self, onMedia - now);
        }
        for (LineWriteback w : pending) {
            SimRegion.completeWriteback(w);
        }
        if (!pending.isEmpty()) {
            node.fabric.traceNote(TraceKind.LOCAL_PERSIST, node.id(), pending.size());
        }
        pending.clear();
    }

    private static List<LineWriteback> pending(Actor self) {
        return ((ThreadState) self.attachment).pendingWritebacks;
    }
}
