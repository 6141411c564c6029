package io.rdasuite.store.mutation;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The project's own mutation catalogue (DESIGN §5a, "the suite measures itself"): realistic bugs planted in the
 * stores behind switches, so that {@code ci/mutation.sh} can show which checks catch which bug. Each constant
 * names the store it lives in and the step of the paper it breaks. {@link #NONE} is every store as written. A store of
 * one's own declares its plants as {@link Plant}s of its own instead (its family's {@code plants()}).
 */
public enum PlantedBug implements Plant {
    /** No planted bug. */
    NONE("none", "-", "every store as written"),

    // ---- Erda (paper 000) ---------------------------------------------------------------------------------------
    /** ErdaClient.get: a torn newest object is returned because its tag byte is there. */
    ERDA_GET_SKIPS_CRC("erda-get-skips-crc", "erda",
            "a one-sided GET accepts the newest object once its tag byte is there, without verifying its CRC, so a torn"
                    + " object is read as a value (paper 000 §4.2, CRC checksum; §3.3, reads)"),
    /** ErdaServer.finishReserve: the reserved offset overwrites the new offset; the tag is not flipped. */
    ERDA_FLIP_KEEPS_TAG("erda-flip-keeps-tag", "erda",
            "the server writes a reserved offset over the entry's new offset without flipping the new tag, so the version"
                    + " before it is no longer the old one a reader falls back to (paper 000 §4.1, flexible flip bit)"),
    /** ErdaServer.recover: compares with the segment before the last one. */
    ERDA_RECOVERY_WRONG_SEGMENT("erda-recovery-wrong-segment", "erda",
            "recovery checks the objects of the segment before each head's last one (off by one), so torn objects of"
                    + " the last segment keep their entries (paper 000 §4.2, recovery of the last segment)"),
    /** ErdaServer.recover: only the newest object of each head's last segment is verified. */
    ERDA_RECOVERY_PARTIAL_SCAN("erda-recovery-partial-scan", "erda",
            "recovery verifies only the newest object of each head's last segment, as if only the last reservation could"
                    + " be in flight, so the other torn objects of the last segment keep their entries (paper 000 §4.2,"
                    + " check objects in the last segment)"),
    /** ErdaServer.cleanEntry: the old version is moved whenever it is intact. */
    ERDA_CLEAN_MOVES_OLDER("erda-clean-moves-older", "erda-cleaning",
            "cleaning moves an entry's old version whenever it is intact instead of the newest intact one, so the newest"
                    + " put is dropped (paper 000 §4.4, log merging keeps the first version the reverse scan meets)"),
    /** ErdaServer.clean: no quiet period after the switch to the other half. */
    ERDA_CLEAN_NO_QUIESCE("erda-clean-no-quiesce", "erda-cleaning",
            "cleaning moves objects at once after switching halves, without waiting a maximum RTT for one-sided writes"
                    + " reserved before the switch, which then land where no entry names them (paper 000 §4.4)"),
    /** ErdaServer.cleanEntry: the moved copy is written but not persisted before the entry names it. */
    ERDA_CLEAN_COPY_UNPERSISTED("erda-clean-copy-unpersisted", "erda-cleaning",
            "cleaning writes a moved object into the new half but does not persist it before flipping the entry to it"
                    + " (paper 000 §4.4, replication into Region 2)"),

    /** ErdaServer.cleanEntry: the entry is flipped to the moved copy before the copy is written. */
    ERDA_CLEAN_PUBLISH_BEFORE_COPY("erda-clean-publish-before-copy", "erda-cleaning",
            "cleaning flips the entry to the moved object's place in the new half before it writes and persists the"
                    + " copy there, so a crash between the two leaves the entry naming an empty place (paper 000 §4.4, the"
                    + " cleaner writes the object to Region 2, then updates the entry)"),

    // ---- eFactory (paper 001) -----------------------------------------------------------------------------------
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
                    + " (paper 001 §5.3.4: persist before returning the offset)"),

    // ---- Redo Logging and Read After Write (paper 000 §5.1; recoverable layout) -------------------------------
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
                    + " recoverable layout: replay every intact record past the checkpoint)"),

    // ---- Nessie (paper 004) -------------------------------------------------------------------------------------
    /** NessiePlantedBug.BLIND_CANDIDATE_CAS. */
    NESSIE_BLIND_CANDIDATE_CAS("nessie-blind-candidate-cas", "nessie",
            "PUT and DELETE install their ITE with an RDMA WRITE instead of a CAS expecting what the forward pass read,"
                    + " so a concurrent PUT of another key is overwritten (paper 004 §4.2.2)"),
    /** NessiePlantedBug.SKIP_DUPLICATE_REMOVAL. */
    NESSIE_SKIP_DUPLICATE_REMOVAL("nessie-skip-duplicate-removal", "nessie",
            "PUT and DELETE leave the key's other ITEs in place, so an older version comes back after a DELETE"
                    + " (paper 004 §4.2.2, §4.2.4)"),
    /** NessiePlantedBug.SKIP_GET_REVERSE_PASS. */
    NESSIE_SKIP_GET_REVERSE_PASS("nessie-skip-get-reverse-pass", "nessie",
            "GET reports a key absent without re-reading its ITEs in reverse, so a MIGRATE hides a present key"
                    + " (paper 004 §4.2.1)"),
    /** NessieConfig.recycleWithoutExpiry. */
    NESSIE_RECYCLE_WITHOUT_EXPIRY("nessie-recycle-without-expiry", "nessie",
            "a replaced DTE is re-used at once instead of after its expiration period, so a reader holding its ITE"
                    + " reads another key's data, an ABA (paper 004 §4.3.1, §4.2.5)"),
    /** NessiePlantedBug.MIGRATE_SOURCE_FIRST. */
    NESSIE_MIGRATE_SOURCE_FIRST("nessie-migrate-source-first", "nessie",
            "MIGRATE empties the source ITE before it CASes the copy into the destination (two steps in the wrong"
                    + " order), so the key is briefly in no ITE (paper 004 §4.2.3)"),

    // ---- TH-DPMS (paper 002): pDSM, pDKVS, transactions, pDFS; store = the --clusters cells that run it --------------
    /** ThdpmsPlantedBug.CHUNK_BEFORE_HEADER_PERSISTS. */
    PDSM_CHUNK_BEFORE_HEADER_PERSISTS("pdsm-chunk-before-header-persists", "pdsm",
            "PAllocator hands out a new chunk's first block before the chunk's size-class header is written and persisted,"
                    + " so a restart finds a live block in a chunk of no class (paper 002 §4.1.4, PAllocator)"),
    /** ThdpmsPlantedBug.SWING_BEFORE_PAGES_PERSIST. */
    PDSM_SWING_BEFORE_PAGES_PERSIST("pdsm-swing-before-pages-persist", "pdsm",
            "a put_obj commits the pointer swing while the new pages and extent block are only placed by plain WRITEs, not"
                    + " persisted (paper 002 §4.1.5, copy-on-write object store)"),
    /** ThdpmsPlantedBug.ACK_BEFORE_FLUSH. */
    PDSM_ACK_BEFORE_FLUSH("pdsm-ack-before-flush", "pdsm",
            "the primary acknowledges a commit before its pointer swing is flushed (it is flushed with the next commit)"
                    + " (paper 002 §4.1.5 and §4.1.1, remote persistence)"),
    /** ThdpmsPlantedBug.NOT_MIRRORED_TO_BACKUP. */
    PDSM_NOT_MIRRORED_TO_BACKUP("pdsm-not-mirrored-to-backup", "pdsm",
            "the client writes an object's pages and extent block to the primary only, so a failover to the backup loses"
                    + " them (paper 002 §4.1.7, replication)"),
    /** ThdpmsPlantedBug.STALE_EPOCH_ACCEPTED. */
    PDSM_STALE_EPOCH_ACCEPTED("pdsm-stale-epoch-accepted", "pdsm",
            "a server serves a request built on an epoch older than its own, so a put mirrored to the replicas of the old"
                    + " mapping commits where a remapped backup lacks its pages (paper 002 §4.1.3, configuration changes)"),
    /** ThdpmsPlantedBug.REPLICA_MAPPED_BEFORE_COPY. */
    PDSM_REPLICA_MAPPED_BEFORE_COPY("pdsm-replica-mapped-before-copy", "pdsm",
            "re-replication maps a dead server's lost replica at its new place before the primary copied the segment there,"
                    + " so a second failure, of the primary, promotes an empty replica (paper 002 §4.1.7, replication)"),
    /** ThdpmsPlantedBug.SWING_VISIBLE_BEFORE_DURABLE. */
    PDSM_SWING_VISIBLE_BEFORE_DURABLE("pdsm-swing-visible-before-durable", "pdsm",
            "the primary's root swing is visible to one-sided readers before it is persisted and mirrored, so a get can return"
                    + " a value a power failure then loses, found by rda check --seed 64 (paper 002 §4.1.5 and §4.1.8, commit and get_obj)"),
    /** PdkvsPlantedBug.SPLIT_PUBLISHED_BEFORE_PERSIST. */
    PDKVS_SPLIT_PUBLISHED_BEFORE_PERSIST("pdkvs-split-published-before-persist", "pdkvs",
            "a CCEH split points the directory at the new segment before the segment's contents persist (and reach the"
                    + " backups) (paper 002 §4.3, CCEH index)"),
    /** TxnPlantedBug.VALIDATION_SKIPPED. */
    TXN_VALIDATION_SKIPPED("txn-validation-skipped", "txn",
            "the coordinator commits without re-reading the read set's versions, so two transactions make a write skew"
                    + " (paper 002 §4.1.6, step 3: validate)"),
    /** TxnPlantedBug.COMMIT_BACKUP_NOT_PERSISTED. */
    TXN_COMMIT_BACKUP_NOT_PERSISTED("txn-commit-backup-not-persisted", "txn",
            "a backup acknowledges COMMIT-BACKUP before its log record persists (paper 002 §4.1.6, step 4: a synchronous"
                    + " persisting RPC)"),
    /** TxnPlantedBug.COMMIT_PRIMARY_BEFORE_BACKUP_ACK. */
    TXN_COMMIT_PRIMARY_BEFORE_BACKUP_ACK("txn-commit-primary-before-backup-ack", "txn",
            "the coordinator sends COMMIT-PRIMARY before every backup acknowledged COMMIT-BACKUP (paper 002 §4.1.6, steps 4"
                    + " and 5 reordered)"),
    /** TxnPlantedBug.COMMIT_MISSES_PENDING_COPY. */
    TXN_COMMIT_MISSES_PENDING_COPY("txn-commit-misses-pending-copy", "txn",
            "a primary installs a commit without the segment's lock or a mirror to a re-replication copy waiting to be"
                    + " mapped, which then misses the commit for good (paper 002 §4.1.6 over §4.1.7)"),
    /** PdfsPlantedBug.RENAME_TWO_OPERATIONS. */
    PDFS_RENAME_TWO_OPERATIONS("pdfs-rename-two-operations", "pdfs",
            "a rename is two independent operations, create the new name then remove the old, with no intent to finish it"
                    + " after a crash (paper 002 §4.2, pDFS metadata)"),
    /** PdfsPlantedBug.DATA_NOT_ROOTED. */
    PDFS_DATA_NOT_ROOTED("pdfs-data-not-rooted", "pdfs",
            "the PM servers do not count a file's data block as live (only the inode's item), so re-replication copies a"
                    + " file metadata server's segment without the files' data (paper 002 §4.2 over §4.1.7)"),

    // ---- REMOTELOG and the recipes (paper 003) ------------------------------------------------------------------
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

    private final String cliName;
    private final String store;
    private final String description;

    PlantedBug(String cliName, String store, String description) {
        this.cliName = cliName;
        this.store = store;
        this.description = description;
    }

    @Override
    public String cliName() {
        return cliName;
    }

    /** The store (or REMOTELOG) whose code the bug is planted in. */
    public String store() {
        return store;
    }

    /**
     * The stores as {@code --protocols} names (or {@code nessie}, {@code remotelog}, or for TH-DPMS the {@code --clusters}
     * cells: {@code pdsm}, {@code pdkvs}, {@code txn}, {@code pdfs}); the first is the bug's home.
     */
    @Override
    public java.util.List<String> stores() {
        return this == NONE ? java.util.List.of() : java.util.List.of(store.split(","));
    }

    @Override
    public String description() {
        return description;
    }

    /** The constants whose home (first store) is one of {@code stores}: what a shipped family lists as its plants. */
    public static java.util.List<Plant> homedIn(String... stores) {
        java.util.List<String> homes = java.util.List.of(stores);
        return Arrays.stream(values()).filter(b -> b != NONE && homes.contains(b.stores().getFirst())).map(b -> (Plant) b).toList();
    }

    /** Parses a shipped plant's name; an unknown one is an error listing the valid names ({@code Plants.parse} also knows a user's). */
    public static PlantedBug parse(String name) {
        for (PlantedBug b : values()) {
            if (b.cliName.equalsIgnoreCase(name == null ? "" : name.trim())) {
                return b;
            }
        }
        throw new IllegalArgumentException("unknown planted bug '" + name + "'; valid: "
                + Arrays.stream(values()).map(PlantedBug::cliName).collect(Collectors.joining(", ")));
    }

    @Override
    public String toString() {
        return cliName.toLowerCase(Locale.ROOT);
    }
}
