package io.rdasuite.hwreal.ratis;

import io.rdasuite.store.thdpms.monitor.ReplicatedLog;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.ratis.RaftConfigKeys;
import org.apache.ratis.client.RaftClient;
import org.apache.ratis.protocol.exceptions.AlreadyClosedException;
import org.apache.ratis.retry.RetryPolicies;
import org.apache.ratis.util.TimeDuration;
import java.util.concurrent.TimeUnit;
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

    /** How long a request keeps being retried (with a new Ratis client when the old one closed itself) before it fails. */
    static final long RETRY_NANOS = 120_000_000_000L;

    private final List<String> addresses;
    private volatile RaftClient client;

    /** A client of the monitor replicas at {@code addresses} ({@code host:port}, replica i named {@code m<i>}). */
    public RatisLog(List<String> addresses) {
        this.addresses = List.copyOf(addresses);
        this.client = newClient();
    }

    /**
     * The client retries a request itself, with the same call id, until the group answers (every 100 ms): the replicas'
     * retry cache then applies it once however often it was resent. Resending from here would be a new call.
     */
    private RaftClient newClient() {
        return RaftClient.newBuilder().setProperties(properties()).setRaftGroup(group(addresses))
                .setRetryPolicy(RetryPolicies.retryForeverWithSleep(TimeDuration.valueOf(100, TimeUnit.MILLISECONDS))).build();
    }

    interface Call {
        RaftClientReply send(RaftClient c) throws IOException;
    }

    /**
     * Sends through the Ratis client, which retries within itself; when it closed itself (AlreadyClosedException, seen
     * with replicas killed and restarted under it), a new client is built and the request sent again, up to
     * {@link #RETRY_NANOS}. Only a command so resent may be applied twice (a new client is a new retry-cache entry).
     * The same for an IllegalStateException out of the client: Ratis 3.3.0's Netty client can throw "ILLEGAL TRANSITION
     * ... CLOSED -> RUNNING" while it re-connects to a replica killed under it (the transaction campaign of 2026-11-27,
     * cycle 141: it killed the monitor node's failure detector, so a restarted PM server was never declared dead).
     */
    byte[] send(Call call) {
        long deadline = System.nanoTime() + RETRY_NANOS;
        while (true) {
            RaftClient c = client;
            try {
                return content(call.send(c));
            } catch (IOException | IllegalStateException e) {
                boolean retried = e instanceof AlreadyClosedException || e instanceof IllegalStateException;
                if (!retried || System.nanoTime() > deadline) {
                    throw e instanceof IOException io ? new UncheckedIOException(io) : (IllegalStateException) e;
                }
                synchronized (this) {
                    if (client == c) {
                        try {
                            c.close();
                        } catch (IOException | RuntimeException ignored) {
                            // replaced anyway
                        }
                        client = newClient();
                    }
                }
                try {
                    Thread.sleep(100);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    throw new UncheckedIOException(new java.io.InterruptedIOException("interrupted while retrying the monitor group"));
                }
            }
        }
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
        return send(c -> c.io().send(Message.valueOf(ByteString.copyFrom(command))));
    }

    @Override
    public byte[] query(byte[] query) {
        return send(c -> c.io().sendReadOnly(Message.valueOf(ByteString.copyFrom(query))));
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
