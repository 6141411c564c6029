package io.rdasuite.store.persist;

import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.Opcode;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.Received;
import io.rdasuite.store.fabric.WorkRequest;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.mutation.PlantedBugs;
import io.rdasuite.store.pm.LocalMemory;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The responder half of the recipes (paper 003 Tables 2–3, the {@code Rsp} steps): it owns the receive
 * buffers (RQWRBs, in DRAM or PM as the node's configuration says), copies SENT data to its target, flushes
 * what a notification or a flagged WRITE_IMM names, and acks. A data message in a PM RQWRB is persisted at
 * its target, then consumed (its slot cleared and persisted) before the next message is handled.
 *
 * <p>Invariant: every intact data message in a PM slot is newer than every message whose effects are
 * persistent, so {@link #replay} in sequence order never moves state backwards.
 */
public final class UpdateResponder {
    public static final int SLOTS = 16;
    /** WRITE_IMM immediate: flush the written range. */
    static final int IMM_FLUSH = 1 << 31;
    /** WRITE_IMM immediate: ack after flushing. */
    static final int IMM_ACK = 1 << 30;
    static final int IMM_OFFSET_MASK = (1 << 30) - 1;

    private UpdateResponder() {
    }

    /** Registers the receive buffers of a responder called {@code name} (a restart gets a PM RQWRB back). */
    public static MemoryRegion registerBuffers(Node node, String name) {
        return node.register(node.config().receiveBuffers(), name + "-rqwrb", (long) SLOTS * UpdateMessage.SLOT_BYTES);
    }

    /** Starts the server thread answering on {@code responder}; updates must fall inside {@code target}. */
    public static void start(Node node, QueuePair responder, MemoryRegion buffers, MemoryRegion target, String name) {
        LocalMemory targetMemory = node.local(target);
        LocalMemory slots = node.local(buffers);
        boolean persistentSlots = buffers.kind() == io.rdasuite.store.fabric.MemoryKind.PM;
        Plant planted = PlantedBugs.activePlant(); // the mutation test's switch (DESIGN §5a), read once
        boolean flushes = planted != RemoteLogPlantedBug.REMOTELOG_RESPONDER_SKIPS_FLUSH;
        boolean consumeFirst = planted == RemoteLogPlantedBug.REMOTELOG_SLOT_CONSUMED_EARLY;
        node.spawnDaemon(name, () -> {
            for (int i = 0; i < SLOTS; i++) {
                responder.postReceive(buffers, (long) i * UpdateMessage.SLOT_BYTES, UpdateMessage.SLOT_BYTES);
            }
            while (true) {
                Received r = responder.awaitReceive();
                if (!r.ok()) {
                    return;
                }
                if (r.opcode() == Opcode.WRITE_IMM) {
                    int imm = r.immediate();
                    if ((imm & IMM_FLUSH) != 0 && flushes) {
                        targetMemory.persist((long) (imm & IMM_OFFSET_MASK) * 8, r.byteLength());
                    }
                    if ((imm & IMM_ACK) != 0) {
                        ack(responder, imm & IMM_OFFSET_MASK);
                    }
                } else {
                    handleMessage(responder, r, slots, targetMemory, target, persistentSlots, flushes, consumeFirst);
                }
                responder.postReceive(buffers, r.offsetBytes(), UpdateMessage.SLOT_BYTES);
            }
        });
    }

    /** {@code flushes} false and {@code consumeFirst} true are planted bugs only. */
    private static void handleMessage(QueuePair responder, Received r, LocalMemory slots, LocalMemory targetMemory,
                                      MemoryRegion target, boolean persistentSlots, boolean flushes, boolean consumeFirst) {
        MemorySegment slot = MemorySegment.ofArray(new long[UpdateMessage.SLOT_BYTES / 8]);
        slots.load(r.offsetBytes(), slot);
        UpdateMessage.Decoded m = UpdateMessage.decode(slot);
        if (m == null) {
            return;
        }
        if (consumeFirst && m.data() && persistentSlots) {
            consume(slots, r.offsetBytes());
        }
        for (UpdateMessage.Entry e : m.entries()) {
            if (!target.contains(e.address(), e.lengthBytes())) {
                continue;
            }
            long offset = e.address() - target.baseAddress();
            if (m.data()) {
                targetMemory.store(offset, MemorySegment.ofArray(e.payload()));
            }
            if ((m.flush() && flushes) || (m.data() && persistentSlots)) {
                targetMemory.persist(offset, e.lengthBytes());
            }
        }
        if (m.data() && persistentSlots && !consumeFirst) {
            // Consume the message before the next one is applied: replay must never re-apply an old message
            // over a newer one's effects (a tail pointer would move backwards).
            consume(slots, r.offsetBytes());
        }
        if (m.ack()) {
            ack(responder, m.sequence());
        }
    }

    private static void consume(LocalMemory slots, long slotOffset) {
        slots.store8(slotOffset, 0);
        slots.persist(slotOffset, 8);
    }

    private static void ack(QueuePair responder, long tag) {
        MemorySegment ack = MemorySegment.ofArray(new long[] {tag});
        responder.post(WorkRequest.send(ack).unsignaled());
    }

    /**
     * Recovery: applies, in sequence order, every intact data message found in a PM RQWRB (paper 003 §3.2:
     * "the enclosing application's recovery subsystem can … persist their effects"). Call from a thread of
     * the restarted node before {@link #start}. Returns the messages replayed.
     */
    public static int replay(Node node, MemoryRegion buffers, MemoryRegion target) {
        if (buffers.kind() != io.rdasuite.store.fabric.MemoryKind.PM) {
            return 0;
        }
        LocalMemory slots = node.local(buffers);
        LocalMemory targetMemory = node.local(target);
        boolean checksums = !PlantedBugs.on(RemoteLogPlantedBug.REMOTELOG_REPLAY_WITHOUT_CHECKSUM);
        List<UpdateMessage.Decoded> found = new ArrayList<>();
        for (int i = 0; i < SLOTS; i++) {
            MemorySegment slot = MemorySegment.ofArray(new long[UpdateMessage.SLOT_BYTES / 8]);
            slots.load((long) i * UpdateMessage.SLOT_BYTES, slot);
            UpdateMessage.Decoded m = UpdateMessage.decode(slot, checksums);
            if (m != null && m.data()) {
                found.add(m);
            }
        }
        found.sort(Comparator.comparingLong(UpdateMessage.Decoded::sequence));
        for (UpdateMessage.Decoded m : found) {
            for (UpdateMessage.Entry e : m.entries()) {
                if (target.contains(e.address(), e.lengthBytes())) {
                    long offset = e.address() - target.baseAddress();
                    targetMemory.store(offset, MemorySegment.ofArray(e.payload()));
                    targetMemory.persist(offset, e.lengthBytes());
                }
            }
        }
        return found.size();
    }
}
