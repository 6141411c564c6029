package io.rdasuite.hwreal.ratis;

import io.rdasuite.store.thdpms.monitor.StateMachine;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.CompletableFuture;
import org.apache.ratis.proto.RaftProtos.LogEntryProto;
import org.apache.ratis.protocol.Message;
import org.apache.ratis.protocol.RaftGroupId;
import org.apache.ratis.server.RaftServer;
import org.apache.ratis.server.protocol.TermIndex;
import org.apache.ratis.server.storage.FileInfo;
import org.apache.ratis.server.storage.RaftStorage;
import org.apache.ratis.statemachine.TransactionContext;
import org.apache.ratis.statemachine.impl.BaseStateMachine;
import org.apache.ratis.statemachine.impl.SimpleStateMachineStorage;
import org.apache.ratis.statemachine.impl.SingleFileSnapshotInfo;
import org.apache.ratis.thirdparty.com.google.protobuf.ByteString;
import org.apache.ratis.io.MD5Hash;
import org.apache.ratis.util.MD5FileUtil;

/**
 * Our deterministic {@link StateMachine} (TH-DPMS's monitor, paper 002 §4.1.3) inside Apache Ratis: every committed log
 * entry is applied in log order; a read-only query goes to the leader's state. Ratis takes a snapshot every
 * {@link RatisReplicaMain#SNAPSHOT_EVERY} entries ({@link StateMachine#snapshot()} into one file with its MD5, written under a
 * temporary name and moved into place, so a kill mid-write leaves the previous snapshot) and purges the log up to it;
 * a restarted replica loads the latest snapshot and replays only the log after it. Before, the log grew for good: in the
 * transaction kill campaign a replica's restart replayed 762 log segments by cycle 240.
 */
final class MonitorStateMachineAdapter extends BaseStateMachine {
    private final StateMachine machine;
    private final SimpleStateMachineStorage storage = new SimpleStateMachineStorage();

    MonitorStateMachineAdapter(StateMachine machine) {
        this.machine = machine;
    }

    @Override
    public void initialize(RaftServer server, RaftGroupId groupId, RaftStorage raftStorage) throws IOException {
        super.initialize(server, groupId, raftStorage);
        storage.init(raftStorage);
        load(storage.getLatestSnapshot());
    }

    @Override
    public void reinitialize() throws IOException {
        load(storage.getLatestSnapshot());
    }

    @Override
    public SimpleStateMachineStorage getStateMachineStorage() {
        return storage;
    }

    @Override
    public long takeSnapshot() {
        byte[] state;
        TermIndex applied;
        synchronized (machine) {
            state = machine.snapshot();
            applied = getLastAppliedTermIndex();
        }
        if (applied == null || applied.getIndex() < 0) {
            return -1;
        }
        File file = storage.getSnapshotFile(applied.getTerm(), applied.getIndex());
        try {
            // beside the snapshot folder, not in it (the storage reads every file there whose name looks like a snapshot)
            Path tmp = file.toPath().getParent().resolveSibling("monitor-snapshot.tmp");
            Files.write(tmp, state);
            Files.move(tmp, file.toPath(), StandardCopyOption.ATOMIC_MOVE);
            storage.updateLatestSnapshot(new SingleFileSnapshotInfo(new FileInfo(file.toPath(), MD5FileUtil.computeAndSaveMd5ForFile(file)), applied));
        } catch (IOException e) {
            throw new UncheckedIOException("the monitor's snapshot " + file + " could not be written", e);
        }
        return applied.getIndex();
    }

    private void load(SingleFileSnapshotInfo snapshot) throws IOException {
        if (snapshot == null || !Files.exists(snapshot.getFile().getPath())) {
            return;
        }
        File file = snapshot.getFile().getPath().toFile();
        MD5Hash stored = MD5FileUtil.readStoredMd5ForFile(file);
        if (stored != null && !stored.equals(MD5FileUtil.computeMd5ForFile(file))) {
            throw new IOException("the monitor's snapshot " + file + " does not match its MD5: refused, not loaded");
        }
        byte[] state = Files.readAllBytes(file.toPath());
        synchronized (machine) {
            machine.restore(state);
            updateLastAppliedTermIndex(SimpleStateMachineStorage.getTermIndexFromSnapshotFile(file));
        }
    }

    @Override
    public CompletableFuture<Message> applyTransaction(TransactionContext trx) {
        LogEntryProto entry = trx.getLogEntry();
        byte[] reply;
        synchronized (machine) {
            reply = machine.apply(entry.getIndex(), entry.getStateMachineLogEntry().getLogData().toByteArray());
            updateLastAppliedTermIndex(entry.getTerm(), entry.getIndex());
        }
        return CompletableFuture.completedFuture(Message.valueOf(ByteString.copyFrom(reply)));
    }

    @Override
    public CompletableFuture<Message> query(Message request) {
        byte[] reply;
        synchronized (machine) {
            reply = machine.query(request.getContent().toByteArray());
        }
        return CompletableFuture.completedFuture(Message.valueOf(ByteString.copyFrom(reply)));
    }
}
