package io.rdasuite.hwsim.fabric;

import io.rdasuite.hwsim.engine.Actor;
import io.rdasuite.store.fabric.Clock;

/**
 * A node's virtual clock: charging CPU occupies one of the node's cores and advances the calling actor. It
 * reads the fabric's virtual time plus the node's fixed skew (0 unless the builder set one).
 */
final class SimClock implements Clock {
    private final SimNode node;
    private final long skewNs;

    SimClock(SimNode node, long skewNs) {
        this.node = node;
        this.skewNs = skewNs;
    }

    @Override
    public long nowNanos() {
        return node.fabric.engine.now() + skewNs;
    }

    @Override
    public void chargeCpu(long nanos) {
        node.chargeCpu(node.checkCaller(), nanos);
    }

    @Override
    public void chargeCrc(long bytes) {
        Actor self = node.checkCaller();
        node.fabric.accounting.crc(bytes, ((ThreadState) self.attachment).scope);
        node.chargeCpu(self, node.fabric.cost.crcNs(bytes));
    }

    @Override
    public void sleepNanos(long nanos) {
        node.checkCaller();
        node.fabric.engine.advance(nanos);
    }

    @Override
    public OperationScope operation(String kind) {
        Actor self = node.checkCaller();
        ThreadState state = (ThreadState) self.attachment;
        Counters previous = state.scope;
        Counters scope = node.fabric.accounting.operation(kind);
        scope.operations++;
        state.scope = scope;
        return () -> state.scope = previous;
    }
}
