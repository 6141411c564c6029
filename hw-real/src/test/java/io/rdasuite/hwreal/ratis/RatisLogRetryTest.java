package io.rdasuite.hwreal.ratis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.ratis.protocol.ClientId;
import org.apache.ratis.protocol.Message;
import org.apache.ratis.protocol.RaftClientReply;
import org.apache.ratis.protocol.RaftGroupMemberId;
import org.apache.ratis.protocol.RaftPeerId;
import org.apache.ratis.thirdparty.com.google.protobuf.ByteString;
import org.junit.jupiter.api.Test;

/**
 * RatisLog's retries (issue 29): Ratis 3.3.0's Netty client threw "ILLEGAL TRANSITION ... CLOSED -> RUNNING" while it
 * re-connected to a killed replica, and the exception killed the monitor node's failure detector in the transaction
 * campaign (cycle 141). Like an AlreadyClosedException, it is retried on a new client; a refusal is not.
 */
class RatisLogRetryTest {
    private static RaftClientReply ok(byte[] content) {
        return RaftClientReply.newBuilder().setClientId(ClientId.randomId())
                .setServerId(RaftGroupMemberId.valueOf(RaftPeerId.valueOf("m0"), RatisLog.GROUP)).setCallId(1).setSuccess()
                .setMessage(Message.valueOf(ByteString.copyFrom(content))).build();
    }

    @Test
    void aClientLifecycleFailureIsRetriedOnANewClient() {
        try (RatisLog log = new RatisLog(List.of("127.0.0.1:1", "127.0.0.1:2", "127.0.0.1:3"))) {
            AtomicInteger calls = new AtomicInteger();
            byte[] answer = log.send(c -> {
                if (calls.getAndIncrement() == 0) {
                    throw new IllegalStateException("ILLEGAL TRANSITION: In NettyClient-127.0.0.1:2, CLOSED -> RUNNING");
                }
                return ok(new byte[] {42});
            });
            assertThat(answer).containsExactly(42);
            assertThat(calls).hasValue(2);
        }
    }

    @Test
    void anIoFailureOtherThanAClosedClientIsNotRetried() {
        try (RatisLog log = new RatisLog(List.of("127.0.0.1:1", "127.0.0.1:2", "127.0.0.1:3"))) {
            AtomicInteger calls = new AtomicInteger();
            assertThatThrownBy(() -> log.send(c -> {
                calls.incrementAndGet();
                throw new IOException("refused");
            })).isInstanceOf(UncheckedIOException.class);
            assertThat(calls).hasValue(1);
        }
    }
}
