package io.rdasuite.hwreal.ratis;

import io.rdasuite.store.thdpms.monitor.ReplicatedLog;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.ratis.RaftConfigKeys;
import org.apache.ratis.client.RaftClient;
import org.apache.ratis.conf.RaftProperties;
import org.apache.ratis.protocol.Message;
import org.apache.ratis.protocol.RaftClientReply;
import org.apache.ratis.protocol.RaftGroup;
import org.apache.ratis.protocol.RaftGroupId;
import org.apache.ratis.protocol.RaftPeer;
import org.apache.ratis.rpc.SupportedRpcType;
import org.apache.ratis.thirdparty.com.google.protobuf.ByteString;

/**
 * The monitor's {@link ReplicatedLog} on the real backends: an Apache Ratis group (three replicas, paper 002 §4.1.3),
 * reached by a Raft client over Netty. {@link #submit} returns once the command is committed and applied at the
 * leader; a leader that dies is replaced by the group, and the client retries at the new one.
 */
public final class RatisLog implements ReplicatedLog {
    /** The group id every monitor of a deployment shares. */
    static final RaftGroupId GROUP = RaftGroupId.valueOf(UUID.fromString("02a71b05-7d4d-4d5a-9c1e-000000000002"));

    private final RaftClient client;

    /** A client of the monitor replicas at {@code addresses} ({@code host:port}, replica i named {@code m<i>}). */
    public RatisLog(List<String> addresses) {
        this.client = RaftClient.newBuilder().setProperties(properties()).setRaftGroup(group(addresses)).build();
    }

    static RaftProperties properties() {
        RaftProperties p = new RaftProperties();
        RaftConfigKeys.Rpc.setType(p, SupportedRpcType.NETTY);
        return p;
    }

    static RaftGroup group(List<String> addresses) {
        List<RaftPeer> peers = new ArrayList<>();
        for (int i = 0; i < addresses.size(); i++) {
            peers.add(RaftPeer.newBuilder().setId("m" + i).setAddress(addresses.get(i)).build());
        }
        return RaftGroup.valueOf(GROUP, peers);
    }

    @Override
    public byte[] submit(byte[] command) {
        try {
            return content(client.io().send(Message.valueOf(ByteString.copyFrom(command))));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public byte[] query(byte[] query) {
        try {
            return content(client.io().sendReadOnly(Message.valueOf(ByteString.copyFrom(query))));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] content(RaftClientReply reply) throws IOException {
        if (!reply.isSuccess()) {
            throw new IOException("the monitor group refused the request: " + reply.getException());
        }
        return reply.getMessage().getContent().toByteArray();
    }

    @Override
    public void close() {
        try {
            client.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
