package io.rdasuite.hwreal.ratis;

import io.rdasuite.store.thdpms.monitor.StateMachine;
import java.util.concurrent.CompletableFuture;
import org.apache.ratis.proto.RaftProtos.LogEntryProto;
import org.apache.ratis.protocol.Message;
import org.apache.ratis.statemachine.TransactionContext;
import org.apache.ratis.statemachine.impl.BaseStateMachine;
import org.apache.ratis.thirdparty.com.google.protobuf.ByteString;

/**
 * Our deterministic {@link StateMachine} (TH-DPMS's monitor, paper 002 §4.1.3) inside Apache Ratis: every committed log
 * entry is applied in log order; a read-only query goes to the leader's state. No snapshots: a restarted replica
 * replays its log from the start, which a monitor's few commands per configuration change keep short.
 */
final class MonitorStateMachineAdapter extends BaseStateMachine {
    private final StateMachine machine;

    MonitorStateMachineAdapter(StateMachine machine) {
        this.machine = machine;
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
