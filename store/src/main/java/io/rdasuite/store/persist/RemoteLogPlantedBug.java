package io.rdasuite.store.persist;

import io.rdasuite.store.mutation.DescribedPlant;
import io.rdasuite.store.mutation.PackagePlants;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.mutation.PlantText;
import java.util.List;

/**
 * The planted bugs of the remote-persistence recipes and of REMOTELOG (paper 003; DESIGN §5a). They live here, with
 * the recipes, because four of the five are in this package's requester and responder and {@code remotelog} already
 * builds on this package (the fifth, in {@code RemoteLog.Appender}, reads it from there).
 */
public enum RemoteLogPlantedBug implements DescribedPlant {
    /** RemoteUpdater.apply: compound recipes wait for one persistence step after both updates. */
    REMOTELOG_COMPOUND_UNORDERED("remotelog-compound-unordered", "remotelog",
            "a compound update's second write is issued before the first one's persistence is confirmed: one FLUSH, or"
                    + " one flush-and-ack message, after both (paper 003 §3.3, Table 3)"),

    /** UpdateResponder: flush requests are acked without flushing. */
    REMOTELOG_RESPONDER_SKIPS_FLUSH("remotelog-responder-skips-flush", "remotelog",
            "the responder acks a message or flagged WRITE_IMM that asks it to flush without flushing the cache lines"
                    + " (paper 003 §3.2, DMP with DDIO: Rsp flush(&a) before Rsp Send(ack))"),

    /** UpdateResponder.replay: messages of a PM receive buffer are replayed without their checksum check. */
    REMOTELOG_REPLAY_WITHOUT_CHECKSUM("remotelog-replay-without-checksum", "remotelog",
            "recovery replays the data messages of a PM receive buffer without verifying their checksums, so torn"
                    + " messages are applied (paper 003 §3.2, PM-RQWRB: recovery persists the messages' effects; §3.4, torn writes)"),

    /** RemoteLog.Appender: the compound append's tail goes first. */
    REMOTELOG_TAIL_BEFORE_RECORD("remotelog-tail-before-record", "remotelog",
            "a compound append updates the tail pointer first and the record second, wherever the recipe lets b be"
                    + " the record (not WRITE_ATOMIC) (paper 003 §3.3 and §4.1: the record persists before the tail advances)"),

    /** UpdateResponder.handleMessage: a PM slot is consumed before the message's effects persist. */
    REMOTELOG_SLOT_CONSUMED_EARLY("remotelog-slot-consumed-early", "remotelog",
            "the responder consumes a data message in a PM receive buffer (clears and persists its slot) before it"
                    + " stores and persists the message's effects (paper 003 §3.2, PM-RQWRB)");

    private final PlantText text;

    RemoteLogPlantedBug(String cliName, String stores, String description) {
        this.text = new PlantText(cliName, stores, description);
    }

    @Override
    public PlantText text() {
        return text;
    }

    @Override
    public String toString() {
        return text.cliName();
    }

    /** What {@link java.util.ServiceLoader} finds: REMOTELOG's plants, last in the catalogue. */
    public static final class Provider implements PackagePlants {
        @Override
        public List<Plant> plants() {
            return List.of(values());
        }

        @Override
        public int order() {
            return 80;
        }
    }
}
