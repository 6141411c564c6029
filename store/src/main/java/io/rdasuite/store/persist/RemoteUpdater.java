package io.rdasuite.store.persist;

import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.WorkRequest;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.mutation.PlantedBugs;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;

/**
 * The requester half of the recipes (paper 003 Tables 2–3, the {@code Rq} steps): applies one update, or
 * two ordered ones, and returns once the recipe says they are persistent at the responder. Returns false
 * when the connection broke first (the update may or may not have persisted). Recipes that involve the
 * responder's CPU, WRITE_IMM or SEND need an {@link UpdateResponder} on the other side.
 */
public final class RemoteUpdater {
    private final QueuePair qp;
    private final Recipe recipe;
    private final MemoryRegion target;
    private final MemoryRegion ackBuffer;
    private long sequence;
    /** The mutation test's planted bug (DESIGN §5a), read once when this is built; NONE runs the recipe as written. */
    private final Plant planted = PlantedBugs.activePlant();

    /**
     * @param node   the requester node (registers an 8-byte DRAM ack buffer when the recipe needs acks)
     * @param qp     the requester's endpoint
     * @param recipe how to persist
     * @param target the responder region updates go to (WRITE_IMM immediates name offsets in it)
     * @param name   unique on the node
     */
    public RemoteUpdater(Node node, QueuePair qp, Recipe recipe, MemoryRegion target, String name) {
        this.qp = qp;
        this.recipe = recipe;
        this.target = target;
        this.ackBuffer = recipe.method().needsResponderCpu() ? node.register(MemoryKind.DRAM, name + "-ack", 64) : null;
    }

    public Recipe recipe() {
        return recipe;
    }

    /** Applies the updates (one for singleton recipes, two — a then b — for compound ones). */
    public boolean apply(List<Update> updates) {
        int expected = recipe.update() == UpdateKind.SINGLETON ? 1 : 2;
        if (updates.size() != expected) {
            throw new IllegalArgumentException(recipe.name() + " takes " + expected + " update(s), got " + updates.size());
        }
        Method method = recipe.method();
        if (planted == RemoteLogPlantedBug.REMOTELOG_COMPOUND_UNORDERED && method.compoundOnly()) {
            // the planted bug: b goes out before a's persistence is confirmed, one persistence step covers both
            method = method == Method.MESSAGE_FLUSH_ACK_EACH ? Method.MESSAGE_FLUSH_ACK : Method.FLUSH;
        }
        return switch (method) {
            case COMPLETION -> completion(updates);
            case FLUSH -> {
                postAll(updates, 0);
                yield qp.execute(WorkRequest.flush()).ok();
            }
            case FLUSH_EACH -> {
                for (Update u : updates) {
                    qp.post(primary(u, 0).unsignaled());
                    if (!qp.execute(WorkRequest.flush()).ok()) {
                        yield false;
                    }
                }
                yield true;
            }
            case FLUSH_THEN_ATOMIC -> {
                Update b = updates.get(1);
                if (b.data().byteSize() != 8) {
                    throw new IllegalArgumentException("WRITE_ATOMIC carries exactly 8 bytes; b has " + b.data().byteSize());
                }
                qp.post(primary(updates.get(0), 0).unsignaled());
                long first = qp.post(WorkRequest.flush());
                qp.post(WorkRequest.writeAtomic(b.remoteAddress(), b.rkey(), b.data().get(ValueLayout.JAVA_LONG_UNALIGNED, 0)));
                boolean ok = qp.execute(WorkRequest.flush()).ok();
                qp.await(first);
                yield ok;
            }
            case FLUSH_THEN_FENCED -> {
                qp.post(primary(updates.get(0), 0).unsignaled());
                long first = qp.post(WorkRequest.flush());
                qp.post(primary(updates.get(1), 0).unsignaled().withFence());
                boolean ok = qp.execute(WorkRequest.flush()).ok();
                qp.await(first);
                yield ok;
            }
            case READ_FLUSH -> {
                for (Update u : updates) {
                    qp.post(primary(u, 0).unsignaled());
                }
                yield qp.execute(readBack(updates.getLast())).ok();
            }
            case READ_FLUSH_EACH -> {
                for (Update u : updates) {
                    qp.post(primary(u, 0).unsignaled());
                    if (!qp.execute(readBack(u)).ok()) {
                        yield false;
                    }
                }
                yield true;
            }
            case MESSAGE_FLUSH_ACK -> message(updates, true);
            case MESSAGE_ACK -> message(updates, false);
            case MESSAGE_FLUSH_ACK_EACH -> {
                for (Update u : updates) {
                    if (!message(List.of(u), true)) {
                        yield false;
                    }
                }
                yield true;
            }
        };
    }

    /** A READ of the first 8 bytes {@code u} wrote (fewer if it is shorter): a FLUSH's stand-in (non-posted). */
    private static WorkRequest readBack(Update u) {
        return WorkRequest.read(MemorySegment.ofArray(new byte[(int) Math.min(8, u.data().byteSize())]), u.remoteAddress(), u.rkey());
    }

    private boolean completion(List<Update> updates) {
        if (recipe.op() == PrimaryOp.SEND) {
            return qp.execute(send(updates, 0)).ok();
        }
        for (int i = 0; i < updates.size() - 1; i++) {
            qp.post(primary(updates.get(i), 0).unsignaled());
        }
        return qp.execute(primary(updates.getLast(), 0)).ok();
    }

    /** Posts the updates unsignaled: one message for SEND, one operation per update otherwise. */
    private void postAll(List<Update> updates, int flags) {
        if (recipe.op() == PrimaryOp.SEND) {
            qp.post(send(updates, flags).unsignaled());
            return;
        }
        for (Update u : updates) {
            qp.post(primary(u, 0).unsignaled());
        }
    }

    private boolean message(List<Update> updates, boolean flush) {
        qp.postReceive(ackBuffer, 0, 8);
        int flags = UpdateMessage.ACK | (flush ? UpdateMessage.FLUSH : 0);
        switch (recipe.op()) {
            case SEND -> qp.post(send(updates, flags).unsignaled());
            case WRITE -> {
                for (Update u : updates) {
                    qp.post(primary(u, 0).unsignaled());
                }
                qp.post(WorkRequest.send(UpdateMessage.encode(flags, ++sequence, updates)).unsignaled());
            }
            case WRITE_IMM -> {
                for (int i = 0; i < updates.size(); i++) {
                    int imm = (flush ? UpdateResponder.IMM_FLUSH : 0) | (i == updates.size() - 1 ? UpdateResponder.IMM_ACK : 0);
                    qp.post(primary(updates.get(i), imm).unsignaled());
                }
            }
        }
        return qp.awaitReceive().ok();
    }

    private WorkRequest send(List<Update> updates, int flags) {
        return WorkRequest.send(UpdateMessage.encode(UpdateMessage.DATA | flags, ++sequence, updates));
    }

    private WorkRequest primary(Update u, int immFlags) {
        return switch (recipe.op()) {
            case WRITE -> WorkRequest.write(u.data(), u.remoteAddress(), u.rkey());
            case WRITE_IMM -> WorkRequest.writeImm(u.data(), u.remoteAddress(), u.rkey(), immFlags | immOffset(u));
            case SEND -> send(List.of(u), 0);
        };
    }

    private int immOffset(Update u) {
        long offset = u.remoteAddress() - target.baseAddress();
        if (offset < 0 || (offset & 7) != 0 || offset / 8 > UpdateResponder.IMM_OFFSET_MASK) {
            throw new IllegalArgumentException("WRITE_IMM target offset " + offset + " must be 8-byte aligned and below 8 GiB");
        }
        return (int) (offset / 8);
    }
}
