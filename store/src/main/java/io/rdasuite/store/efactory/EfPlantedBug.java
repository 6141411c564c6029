package io.rdasuite.store.efactory;

import io.rdasuite.store.mutation.DescribedPlant;
import io.rdasuite.store.mutation.PackagePlants;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.mutation.PlantText;
import java.util.List;

/**
 * The planted bugs of eFactory and of the peers paper 001 compares it with (SAW, IMM, Forca; DESIGN §5a): each breaks
 * one step of paper 001 §4-§5 behind {@code PlantedBugs.on}.
 */
public enum EfPlantedBug implements DescribedPlant {
    /** Background.resolve: verifies, sets the durability flag, never flushes. */
    EF_BACKGROUND_FLAG_WITHOUT_PERSIST("ef-background-flag-without-persist", "efactory",
            "the background thread verifies an object's CRC and sets its durability flag without persisting the object"
                    + " (paper 001 §4.3.2: persist the object, then set the flag)"),

    /** EfClient.get: the pure RDMA read accepts a valid object whose durability flag is clear. */
    EF_HYBRID_READ_IGNORES_FLAG("ef-hybrid-read-ignores-flag", "efactory",
            "the hybrid read's pure RDMA read accepts a valid object without checking its durability flag, so it may"
                    + " return data not yet complete or persistent (paper 001 §4.3.3, step 4)"),

    /** Requests.get: the handler persists and flags the newest valid version without its CRC check. */
    EF_GET_HANDLER_SKIPS_CRC("ef-get-handler-skips-crc", "efactory,efactory-nohr",
            "the GET handler's selective durability persists and flags the newest valid version without verifying its"
                    + " CRC (paper 001 §4.3.3, step 7: verify, then persist and flag)"),

    /** EfServer.writeHeader: the metadata is stored but not persisted before the entry that names it is. */
    EF_PUBLISH_BEFORE_METADATA_PERSISTS("ef-publish-before-metadata-persists", "efactory",
            "a PUT's metadata (PrePTR, CRC, state) is stored but not persisted before the persisted hash entry names it,"
                    + " so a crash can cut the version list (paper 001 §4.3.1, step 4)"),

    /** Recovery.newestIntact: the valid bit is trusted instead of the CRC. */
    EF_RECOVERY_TRUSTS_VALID_BIT("ef-recovery-trusts-valid-bit", "efactory",
            "recovery keeps the newest version whose valid bit is set without verifying its CRC, so a torn version"
                    + " becomes durable (paper 001 §4.1: find the previous intact version on the version list)"),

    /** LogCleaner: merge neither waits for in-flight PUTs nor for old-pool versions still being written. */
    EF_MERGE_SKIPS_WRITER_WAIT("ef-merge-skips-writer-wait", "efactory-cleaning",
            "log cleaning's merge stage does not wait for PUTs still being written into the old pool and merges an older"
                    + " version over them (paper 001 §4.4: merge every object written during compressing)"),

    /** EfServer.copyTo: a copy into the new pool is stored but not persisted before anything names it. */
    EF_CLEAN_COPY_UNPERSISTED("ef-clean-copy-unpersisted", "efactory-cleaning",
            "log cleaning's (and recovery's) copy of a version into the new pool is not persisted before an entry or a"
                    + " PrePTR names it (paper 001 §4.4, compress stage)"),

    /** LogCleaner.compress: the entry (or PrePTR) names the new-pool copy before the copy is written. */
    EF_CLEAN_PUBLISH_BEFORE_COPY("ef-clean-publish-before-copy", "efactory-cleaning",
            "log cleaning's compress stage points the entry (or the successor's PrePTR) at the version's place in the new"
                    + " pool before it copies and persists the version there (paper 001 §4.4, compress stage: copy, then"
                    + " update the offset)"),

    /** Recovery.run: the working pool's tail is set past the kept versions only, not past the discarded ones. */
    EF_RECOVERY_TAIL_BEFORE_DISCARDED("ef-recovery-tail-before-discarded", "efactory-cleaning",
            "recovery sets the pool's tail past the versions it keeps only, so its merge copies can land on a discarded"
                    + " version an entry not yet settled still names, and a second recovery keeps the copy as that key's"
                    + " (paper 001 §4.4, recovery: allocate past every version still named)"),

    /** Requests.commit, SAW only: the data is assumed persistent at the WRITE's completion. */
    SAW_COMMIT_WITHOUT_PERSIST("saw-commit-without-persist", "saw",
            "SAW's commit handler publishes the object as durable and replies without persisting the data the client"
                    + " wrote (paper 001 §5.3.1: the SEND asks the server to persist data, then update metadata)"),

    /** Requests.serve, IMM only: the reply is sent before the data is persisted and published. */
    IMM_ACK_BEFORE_PERSIST("imm-ack-before-persist", "imm",
            "IMM's server replies to the WRITE_WITH_IMM as soon as it arrives, before flushing the data and updating the"
                    + " metadata (paper 001 §5.3.2)"),

    /** Requests.get, Forca only: verified and flagged, not persisted, before the reply. */
    FORCA_REPLY_BEFORE_PERSIST("forca-reply-before-persist", "forca",
            "Forca's GET handler verifies the CRC and flags the object durable but replies without persisting it"
                    + " (paper 001 §5.3.4: persist before returning the offset)");

    private final PlantText text;

    EfPlantedBug(String cliName, String stores, String description) {
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

    /** What {@link java.util.ServiceLoader} finds: eFactory's and its peers' plants, after Erda's. */
    public static final class Provider implements PackagePlants {
        @Override
        public List<Plant> plants() {
            return List.of(values());
        }

        @Override
        public int order() {
            return 10;
        }
    }
}
