package io.rdasuite.store.remotelog;

import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.mutation.PlantedBugs;
import io.rdasuite.store.persist.Recipe;
import io.rdasuite.store.persist.RemoteLogPlantedBug;
import io.rdasuite.store.persist.RemoteUpdater;
import io.rdasuite.store.persist.Update;
import io.rdasuite.store.persist.UpdateKind;
import io.rdasuite.store.pm.LocalMemory;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * REMOTELOG (paper 003 §4.1): a log in the responder's PM that a requester appends 64-byte records to.
 * Layout: a 64-byte header whose first 8 bytes are the tail pointer (records appended), then the records.
 *
 * <ul>
 *   <li><b>Singleton append</b>: one RDMA update of a checksummed record; recovery finds the tail where a
 *       record's checksum first fails.</li>
 *   <li><b>Compound append</b>: the record (a), then the tail pointer (b), strictly ordered; recovery trusts
 *       the tail pointer, and every record below it must be intact (the structural check).</li>
 * </ul>
 */
public final class RemoteLog {
    public static final String REGION = "remotelog";
    public static final int HEADER_BYTES = 64;

    private RemoteLog() {
    }

    public static long recordOffset(int slot) {
        return HEADER_BYTES + (long) slot * ChecksummedRecord.BYTES;
    }

    /** Registers (or, on a restarted node, recovers) the log region for {@code capacity} records. */
    public static MemoryRegion register(Node server, int capacity) {
        return server.register(MemoryKind.PM, REGION, recordOffset(capacity));
    }

    /** The requester side: appends records with one recipe. */
    public static final class Appender {
        private final RemoteUpdater updater;
        private final RemoteUpdater completionOnly;
        private final MemoryRegion log;
        private final int capacity;
        private int next;
        /** The mutation test's planted bug (DESIGN §5a), read once when this is built. */
        private final Plant planted = PlantedBugs.activePlant();

        public Appender(Node client, QueuePair qp, MemoryRegion log, int capacity, Recipe recipe, String name) {
            this.updater = new RemoteUpdater(client, qp, recipe, log, name);
            this.completionOnly = new RemoteUpdater(client, qp, new Recipe(recipe.op(), recipe.update(),
                    io.rdasuite.store.persist.Method.COMPLETION), log, name + "-unsafe");
            this.log = log;
            this.capacity = capacity;
        }

        /** Appends a record carrying {@code sequence} and {@code salt}; true once the recipe says it is persistent. */
        public boolean append(long sequence, long salt) {
            return append(sequence, salt, updater);
        }

        /**
         * For negative controls only: appends waiting for the primary operation's completion and nothing
         * else, whatever the configuration needs (a planted bug the explorer must find).
         */
        public boolean appendWithoutPersistenceStep(long sequence, long salt) {
            return append(sequence, salt, completionOnly);
        }

        private boolean append(long sequence, long salt, RemoteUpdater via) {
            if (next >= capacity) {
                throw new IllegalStateException("log full: " + capacity + " records; no record was written");
            }
            int slot = next++;
            Update record = new Update(log.address(recordOffset(slot)), log.rkey(), ChecksummedRecord.encode(sequence, salt));
            if (via.recipe().update() == UpdateKind.SINGLETON) {
                return via.apply(List.of(record));
            }
            Update tail = new Update(log.address(0), log.rkey(), MemorySegment.ofArray(new long[] {slot + 1}));
            // the planted bug swaps a and b, except where the recipe's b is an 8-byte WRITE_ATOMIC, which only the tail fits
            boolean swapped = planted == RemoteLogPlantedBug.REMOTELOG_TAIL_BEFORE_RECORD && via.recipe().method() != io.rdasuite.store.persist.Method.FLUSH_THEN_ATOMIC;
            return via.apply(swapped ? List.of(tail, record) : List.of(record, tail));
        }
    }

    /**
     * What recovery finds.
     *
     * @param records          the records below the recovered tail, in order (raw 64 bytes each)
     * @param structuralErrors violations of the log's own invariants
     */
    public record Recovered(List<byte[]> records, List<String> structuralErrors) {
    }

    /** Recovery through the restarted node's CPU (call inside one of its threads). */
    public static Recovered recover(Node server, MemoryRegion log, int capacity, UpdateKind kind) {
        LocalMemory pm = server.local(log);
        List<byte[]> records = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        long tail = kind == UpdateKind.COMPOUND ? pm.load8(0) : capacity;
        if (tail < 0 || tail > capacity) {
            errors.add("tail pointer " + tail + " outside 0.." + capacity);
            tail = Math.max(0, Math.min(capacity, tail));
        }
        for (int i = 0; i < tail; i++) {
            byte[] record = new byte[ChecksummedRecord.BYTES];
            pm.load(recordOffset(i), MemorySegment.ofArray(record));
            if (!ChecksummedRecord.valid(record)) {
                if (kind == UpdateKind.COMPOUND) {
                    errors.add("record " + i + " below the tail pointer " + tail + " fails its checksum");
                }
                break;
            }
            records.add(record);
        }
        return new Recovered(records, errors);
    }
}
