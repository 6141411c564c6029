package io.rdasuite.hwreal.isolation;

import io.rdasuite.hwreal.auth.Secret;
import io.rdasuite.hwreal.remote.Hello;
import io.rdasuite.hwreal.tcp.TcpTransport;
import io.rdasuite.hwreal.wire.WireLimits;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.thdpms.monitor.Monitor;
import io.rdasuite.store.thdpms.monitor.MonitorStateMachine;
import io.rdasuite.store.thdpms.monitor.Replica;
import io.rdasuite.store.thdpms.monitor.SimulatedLog;
import io.rdasuite.store.thdpms.pdsm.PdsmConfig;
import io.rdasuite.store.thdpms.pdsm.PdsmServer;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A pDSM PM server in its own process for {@link PdsmIsolationOverTcpTest}: its segments are restricted regions of a
 * TCP node that requires the secret in {@code args[0]}, and the monitor (in this process) maps segment 0 for client
 * {@value #CLIENT_A} and segment 1 for client {@value #CLIENT_B} and grants each its own (paper 002 §4.1.2). The first
 * connection is client A, the second client B, every later one a client granted nothing; each connection is granted
 * exactly the segments the monitor granted its client, and told them in a {@link Hello} (client id; per granted
 * segment: segment number, base address, rkey). Prints {@code READY <port>}, then the transport's log lines.
 */
public final class PdsmSegmentHostMain {
    static final int CLIENT_A = 100;
    static final int CLIENT_B = 200;

    private PdsmSegmentHostMain() {
    }

    public static void main(String[] args) throws Exception {
        Secret secret = Secret.load(Path.of(args[0]));
        TcpTransport transport = new TcpTransport(0, ServerConfig.parse("MHP+DDIO+PM-RQWRB"), null, WireLimits.DEFAULTS,
                line -> System.out.println(line), secret);
        PdsmServer server = new PdsmServer(transport.node(), PdsmConfig.small());
        Monitor monitor = new Monitor(new SimulatedLog(new MonitorStateMachine(1), transport.node().clock(), 0));
        monitor.join(0, server.replicas());
        long segmentA = monitor.mapSegment(0, 0, 0).segmentNo();
        long segmentB = monitor.mapSegment(0, 1, 0).segmentNo();
        monitor.grant(CLIENT_A, segmentA);
        monitor.grant(CLIENT_B, segmentB);
        for (Replica r : server.replicas()) {
            transport.restrict(region(transport, r));
        }
        AtomicInteger connections = new AtomicInteger();
        InetSocketAddress at = transport.listen(new InetSocketAddress("127.0.0.1", 0), qp -> {
            int n = connections.getAndIncrement();
            int client = n == 0 ? CLIENT_A : n == 1 ? CLIENT_B : 1000 + n;
            ByteBuffer grants = ByteBuffer.allocate(2 * 20);
            for (long segment : new long[] {segmentA, segmentB}) {
                Replica r;
                synchronized (monitor) {
                    r = monitor.lookup(client, segment).primary();
                }
                if (r.rkey() != 0) { // the monitor hands out a segment's key only to a client it granted
                    transport.grant(qp, region(transport, r));
                    grants.putLong(segment).putLong(r.baseAddress()).putInt(r.rkey());
                }
            }
            grant(qp, client, java.util.Arrays.copyOf(grants.array(), grants.position()));
        });
        System.out.println("READY " + at.getPort());
        System.out.flush();
        Thread.currentThread().join();
    }

    private static void grant(QueuePair qp, int client, byte[] grants) {
        Thread.ofPlatform().daemon().start(() -> new Hello(client, grants).send(qp));
    }

    private static MemoryRegion region(TcpTransport transport, Replica r) {
        return transport.node().region(r.rkey()).descriptor();
    }
}
