package io.rdasuite.hwsim;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.hwsim.engine.Engine;
import io.rdasuite.hwsim.engine.Trace;
import io.rdasuite.hwsim.engine.TraceKind;
import io.rdasuite.hwsim.fabric.FaultPlan;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.hwsim.memory.SimRegion;
import io.rdasuite.store.fabric.Completion;
import io.rdasuite.store.fabric.CompletionStatus;
import io.rdasuite.store.fabric.Connection;
import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.Opcode;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.Received;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.WorkRequest;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * A client that crashes while its NIC is still putting a large WRITE on the wire (DESIGN §3, "client crash
 * mid-operation"): the packets that left before the crash arrive and are placed, the rest never come, so the
 * server's memory holds a strict prefix of the write at MTU-packet granularity, and nobody gets a completion.
 */
class ClientCrashTest {
    private static final ServerConfig CONFIG = ServerConfig.parse("MHP+NODDIO+PM-RQWRB");
    private static final int WRITE_BYTES = 64 * 1024;
    private static final int MTU_BYTES = 4096;
    private static final int UNITS = WRITE_BYTES / 8;
    private static final int UNITS_PER_PACKET = MTU_BYTES / 8;
    private static final long SEED = 21;
    private static final int TICKS = 400;

    private static long value(int unit) {
        return 0x0C0C_0000_0000_0000L + unit + 1;
    }

    /** Node 0 serves; node 1 posts one 64 KiB WRITE (or WRITE_IMM); a server thread ticks so there are events to crash at. */
    private static final class Scenario implements AutoCloseable {
        final SimFabric fabric;
        Completion completion;
        Received received;
        int ticks;

        Scenario(FaultPlan faults, boolean capture, Opcode opcode) {
            SimFabric.Builder b = SimFabric.builder().seed(SEED).faults(faults).node(CONFIG).node(CONFIG);
            if (capture) {
                b.captureTrace(100_000);
            }
            fabric = b.build();
            assertThat(fabric.cost().mtuBytes()).isEqualTo(MTU_BYTES);
            Node server = fabric.node(0);
            Node client = fabric.node(1);
            MemoryRegion pm = server.register(MemoryKind.PM, "data", WRITE_BYTES + 4096);
            MemoryRegion rq = server.register(MemoryKind.PM, "rq", 4096);
            Connection conn = fabric.connect(client, server);
            long[] payload = new long[UNITS];
            for (int u = 0; u < UNITS; u++) {
                payload[u] = value(u);
            }
            server.spawn("ticker", () -> {
                for (int i = 0; i < TICKS; i++) {
                    server.clock().sleepNanos(50);
                    ticks++;
                }
            });
            if (opcode == Opcode.WRITE_IMM) {
                server.spawn("receiver", () -> {
                    conn.responder().postReceive(rq, 0, 64);
                    // Look only once everything in flight has arrived, whatever happened to the client.
                    server.clock().sleepNanos(TICKS * 50L);
                    received = conn.responder().awaitReceive();
                });
            }
            client.spawn("client", () -> {
                QueuePair qp = conn.requester();
                MemorySegment src = MemorySegment.ofArray(payload);
                WorkRequest w = opcode == Opcode.WRITE_IMM
                        ? WorkRequest.writeImm(src, pm.address(0), pm.rkey(), 77)
                        : WorkRequest.write(src, pm.address(0), pm.rkey());
                completion = qp.execute(w);
            });
        }

        @Override
        public void close() {
            fabric.close();
        }

        /** How many leading units of the write the server holds; asserts that nothing beyond them was written. */
        int prefixUnits() {
            SimRegion data = fabric.node(0).simRegion("data");
            int prefix = 0;
            while (prefix < UNITS && data.read8(prefix * 8L) == value(prefix)) {
                prefix++;
            }
            for (int u = prefix; u < UNITS + 512; u++) {
                assertThat(data.read8(u * 8L)).as("unit %d after a %d-unit prefix", u, prefix).isZero();
            }
            return prefix;
        }
    }

    /**
     * Crash points from a dry run: event indices whose preceding event (the crash instant) lies between the client's
     * post and the write's arrival at the server, each with that instant; and when the last packet left the client.
     */
    private record CrashPoints(List<long[]> points, long lastPacketLeftNs, long perPacketNs) {
        /** True when the crash instant lies before the last packet could have left the client. */
        boolean midTransmission(long[] point) {
            return point[1] < lastPacketLeftNs - perPacketNs;
        }

        boolean afterTransmission(long[] point) {
            return point[1] >= lastPacketLeftNs;
        }
    }

    private static CrashPoints crashPoints(Opcode opcode) {
        try (Scenario dry = new Scenario(FaultPlan.NONE, true, opcode)) {
            return crashPoints(dry);
        }
    }

    private static CrashPoints crashPoints(Scenario dry) {
        assertThat(dry.fabric.run()).isEqualTo(Engine.RunStatus.FINISHED);
        assertThat(dry.completion.status()).isEqualTo(CompletionStatus.SUCCESS);
        assertThat(dry.prefixUnits()).as("without a crash the whole write arrives").isEqualTo(UNITS);
        List<Trace.Record> records = dry.fabric.trace().records();
        long postTime = records.stream().filter(r -> r.kind() == TraceKind.POST && r.nodeId() == 1).findFirst().orElseThrow().timeNanos();
        long arriveTime = records.stream().filter(r -> r.kind() == TraceKind.ARRIVE && r.nodeId() == 0).findFirst().orElseThrow().timeNanos();
        int packets = WRITE_BYTES / MTU_BYTES;
        long serializationNs = dry.fabric.cost().serializationNs(WRITE_BYTES + (long) packets * dry.fabric.cost().headerBytes());
        long lastPacketLeft = arriveTime - dry.fabric.cost().linkLatencyNs();
        List<long[]> points = records.stream()
                .filter(r -> r.timeNanos() >= postTime && r.timeNanos() < arriveTime && r.kind() != TraceKind.POST)
                .map(r -> new long[] {r.eventIndex() + 1, r.timeNanos()}).toList();
        CrashPoints cp = new CrashPoints(points, lastPacketLeft, serializationNs / packets);
        assertThat(points.stream().filter(cp::midTransmission).count()).as("crash points while the write is on the wire").isGreaterThan(50);
        assertThat(points.stream().filter(cp::afterTransmission).count()).as("crash points after it left whole").isGreaterThan(2);
        return cp;
    }

    /** What a run with the client crashing before event {@code at} left behind. */
    private record Outcome(int prefixUnits, Completion completion, Received received, int ticks, boolean clientUp, boolean serverUp,
                           boolean anyCompletionEvent) {
    }

    private static Outcome crashClientAt(long at, Opcode opcode) {
        try (Scenario s = new Scenario(FaultPlan.NONE.with(FaultPlan.Fault.processCrash(1, at)), true, opcode)) {
            assertThat(s.fabric.run()).isEqualTo(Engine.RunStatus.FINISHED);
            boolean anyComplete = s.fabric.trace().records().stream().anyMatch(r -> r.kind() == TraceKind.COMPLETE);
            return new Outcome(s.prefixUnits(), s.completion, s.received, s.ticks, s.fabric.node(1).isUp(), s.fabric.node(0).isUp(), anyComplete);
        }
    }

    @Test
    void serverHoldsAStrictPacketPrefixAndNoCompletionHappens() {
        CrashPoints cp = crashPoints(Opcode.WRITE);
        TreeSet<Integer> packetsSeen = new TreeSet<>();
        int previous = 0;
        for (long[] point : cp.points()) {
            long at = point[0];
            Outcome o = crashClientAt(at, Opcode.WRITE);
            assertThat(o.clientUp()).isFalse();
            assertThat(o.serverUp()).as("a client crash leaves the server up").isTrue();
            assertThat(o.ticks()).as("the server kept running").isEqualTo(TICKS);
            assertThat(o.completion()).as("crash at %d: the client never got a completion", at).isNull();
            int prefix = o.prefixUnits();
            assertThat(prefix % UNITS_PER_PACKET).as("crash at %d: prefix of %d units is whole packets", at, prefix).isZero();
            assertThat(prefix).as("crash at %d: a later crash delivers no fewer packets", at).isGreaterThanOrEqualTo(previous);
            previous = prefix;
            if (cp.midTransmission(point)) {
                assertThat(prefix).as("crash at %d (t=%d) during transmission: never the whole write", at, point[1]).isLessThan(UNITS);
                assertThat(o.anyCompletionEvent()).as("crash at %d: no completion was generated", at).isFalse();
                packetsSeen.add(prefix / UNITS_PER_PACKET);
            } else if (cp.afterTransmission(point)) {
                assertThat(prefix).as("crash at %d (t=%d) after the last packet left: the whole write arrives", at, point[1]).isEqualTo(UNITS);
            }
        }
        assertThat(packetsSeen.stream().anyMatch(p -> p > 0 && p < UNITS / UNITS_PER_PACKET))
                .as("some crash left some but not all packets: %s", packetsSeen).isTrue();
        assertThat(packetsSeen).as("packet counts reached over the crash points").hasSizeGreaterThan(8);
    }

    @Test
    void crashBeforeTheWriteLeftDeliversNothing() {
        long post;
        try (Scenario dry = new Scenario(FaultPlan.NONE, true, Opcode.WRITE)) {
            assertThat(dry.fabric.run()).isEqualTo(Engine.RunStatus.FINISHED);
            post = dry.fabric.trace().records().stream().filter(r -> r.kind() == TraceKind.POST && r.nodeId() == 1)
                    .findFirst().orElseThrow().eventIndex();
        }
        Outcome o = crashClientAt(post, Opcode.WRITE);
        assertThat(o.completion()).isNull();
        assertThat(o.prefixUnits()).isZero();
        assertThat(o.anyCompletionEvent()).isFalse();
    }

    @Test
    void writeImmDeliversItsImmediateOnlyIfItLeftWhole() {
        CrashPoints cp = crashPoints(Opcode.WRITE_IMM);
        boolean sawPartial = false;
        for (long[] point : cp.points()) {
            long at = point[0];
            Outcome o = crashClientAt(at, Opcode.WRITE_IMM);
            assertThat(o.completion()).isNull();
            int prefix = o.prefixUnits();
            assertThat(prefix % UNITS_PER_PACKET).isZero();
            assertThat(o.received()).isNotNull();
            if (cp.midTransmission(point)) {
                assertThat(prefix).as("crash at %d: strict prefix", at).isLessThan(UNITS);
                sawPartial |= prefix > 0;
                assertThat(o.received().status()).as("crash at %d: a truncated WRITE_IMM completes no receive", at)
                        .isEqualTo(CompletionStatus.CONNECTION_BROKEN);
                assertThat(o.received().immediate()).isZero();
            } else if (cp.afterTransmission(point)) {
                assertThat(prefix).as("crash at %d: the WRITE_IMM left whole", at).isEqualTo(UNITS);
                assertThat(o.received().status()).as("crash at %d: the message arrived whole, so its receive completes", at)
                        .isEqualTo(CompletionStatus.SUCCESS);
                assertThat(o.received().immediate()).isEqualTo(77);
            }
        }
        assertThat(sawPartial).as("some crash delivered part of the WRITE_IMM's data").isTrue();
    }
}
