package io.rdasuite.store.baseline;

import io.rdasuite.store.mutation.DescribedPlant;
import io.rdasuite.store.mutation.PackagePlants;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.mutation.PlantText;
import java.util.List;

/**
 * The planted bugs of Redo Logging and Read After Write (paper 000 §5.1, recoverable layout; DESIGN §5a): each breaks
 * one step of logging, applying or replaying behind {@code PlantedBugs.on}.
 */
public enum BaselinePlantedBug implements DescribedPlant {
    /** BaselineServer.redo: the ack leaves before the record is stamped, persisted and applied. */
    REDO_ACK_BEFORE_PERSIST("redo-ack-before-persist", "redo",
            "Redo Logging acks a put as soon as its record arrives, before it is sequenced, persisted and applied"
                    + " (paper 000 §5.1: the server verifies the record in the redo log and applies it)"),

    /** BaselineServer.redo: the checkpoint moves past a record before the record is applied. */
    REDO_CHECKPOINT_BEFORE_APPLY("redo-checkpoint-before-apply", "redo",
            "Redo Logging persists the checkpoint past a record before applying it in place, so a crash mid-apply"
                    + " leaves a torn destination that recovery does not redo (paper 000 §5.1, apply from the redo log)"),

    /** BaselineServer.redo: the record and its sequence are not persisted (placement trusted). */
    REDO_RECORD_UNPERSISTED("redo-record-unpersisted", "redo",
            "Redo Logging trusts the NIC's placement of a record and never persists it or the sequence stamped into it"
                    + " before applying (paper 000 §5.1; paper 003 §3.2: DDIO places in the cache)"),

    /** BaselineServer.drainRing: a ring record is applied in place before it is persisted. */
    RAW_APPLY_BEFORE_PERSIST("raw-apply-before-persist", "raw",
            "Read After Write's poller applies a ring record in place before persisting it, so a crash mid-apply tears"
                    + " the destination with no record to redo (paper 000 §5.1, apply from the ring buffer)"),

    /** BaselineClient.put: the READ behind the WRITE is left out. */
    RAW_SKIPS_READ_AFTER_WRITE("raw-skips-read-after-write", "raw",
            "a Read After Write put returns at its WRITE's completion, without the READ that forces the record into the"
                    + " ring (paper 000 §5.1; paper 003 §3.4, READ as FLUSH)"),

    /** BaselineServer.handleRpc: a get ignores intact ring records still waiting behind another reservation. */
    RAW_GET_IGNORES_PENDING("raw-get-ignores-pending", "raw",
            "a Read After Write get reads only applied puts and ignores its key's intact ring records waiting behind"
                    + " another client's reservation (paper 000 §5.1: reads look in the log first)"),

    /** BaselineServer.recover: a ring record is replayed on its sequence alone. */
    RAW_RECOVERY_SKIPS_RING_CRC("raw-recovery-skips-ring-crc", "raw",
            "recovery replays a ring record whose sequence is set without verifying its CRC (paper 000 §5.1: records"
                    + " are verified before they are applied)"),

    /** BaselineServer.recover: records are replayed in slot order. */
    BASELINE_REPLAY_SLOT_ORDER("baseline-replay-slot-order", "redo,raw",
            "recovery replays the pending records in the order of their slots, not of their sequence (paper 000 §5.1;"
                    + " recoverable layout: replay in sequence order)"),

    /** BaselineServer.recover: every client's slot 0 is skipped. */
    BASELINE_REPLAY_SKIPS_FIRST_SLOT("baseline-replay-skips-first-slot", "redo,raw",
            "recovery's scan of each client's redo-log and ring slots starts at slot 1 (off by one) (paper 000 §5.1;"
                    + " recoverable layout: replay every intact record past the checkpoint)");

    private final PlantText text;

    BaselinePlantedBug(String cliName, String stores, String description) {
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

    /** What {@link java.util.ServiceLoader} finds: the baselines' plants, after eFactory's. */
    public static final class Provider implements PackagePlants {
        @Override
        public List<Plant> plants() {
            return List.of(values());
        }

        @Override
        public int order() {
            return 20;
        }
    }
}
