package io.rdasuite.store.inplace;

import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.WorkRequest;
import io.rdasuite.store.persist.Recipe;
import io.rdasuite.store.persist.RemoteUpdater;
import io.rdasuite.store.persist.Update;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * The negative control (DESIGN §4): an Octopus-style store that overwrites a key's fixed slot in place with
 * one RDMA WRITE, made persistent by the configuration's recipe, with no checksum and no second version.
 * It claims atomic puts and durability; a crash in the middle of a multi-line put leaves a slot that is
 * neither the old value nor the new one, and every check must catch it.
 */
public final class InPlaceStore {
    public static final String REGION = "inplace";

    private InPlaceStore() {
    }

    public static MemoryRegion register(Node server, int keys, int valueBytes) {
        return server.register(MemoryKind.PM, REGION, (long) keys * valueBytes);
    }

    /** A client of the store. */
    public static final class Client {
        private final QueuePair qp;
        private final MemoryRegion region;
        private final int valueBytes;
        private final RemoteUpdater updater;

        public Client(Node node, QueuePair qp, MemoryRegion region, int valueBytes, Recipe singletonRecipe, String name) {
            this.qp = qp;
            this.region = region;
            this.valueBytes = valueBytes;
            this.updater = new RemoteUpdater(node, qp, singletonRecipe, region, name);
        }

        /** Overwrites the key's slot in place. */
        public boolean put(int key, MemorySegment value) {
            if (value.byteSize() != valueBytes) {
                throw new IllegalArgumentException("values are " + valueBytes + " bytes, got " + value.byteSize());
            }
            return updater.apply(List.of(new Update(region.address((long) key * valueBytes), region.rkey(), value)));
        }

        /** Reads the key's slot with one RDMA READ; whatever is there is the value. */
        public byte[] get(int key) {
            byte[] out = new byte[valueBytes];
            qp.execute(WorkRequest.read(MemorySegment.ofArray(out), region.address((long) key * valueBytes), region.rkey())).orThrow();
            return out;
        }
    }
}
