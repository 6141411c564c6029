package io.rdasuite.hwsim;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.hwsim.engine.Engine;
import io.rdasuite.hwsim.engine.Trace;
import io.rdasuite.hwsim.engine.TraceKind;
import io.rdasuite.hwsim.fabric.FaultPlan;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.hwsim.memory.CrashFrontier;
import io.rdasuite.hwsim.memory.CrashImage;
import io.rdasuite.hwsim.memory.PmImage;
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
import io.rdasuite.store.pm.LocalMemory;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The simulated verbs do what ibverbs (and paper 003 §2) say they do: data movement, atomics, immediates,
 * two-sided messages into posted receives, access errors, unsupported operations, receiver-not-ready, broken
 * connections after a server power failure, and a restart that finds the PM image it crashed with.
 */
class SimVerbsTest {
    private static final ServerConfig CONFIG = ServerConfig.parse("MHP+DDIO+PM-RQWRB");

    private static SimFabric fabric(long seed, ServerConfig config) {
        return SimFabric.builder().seed(seed).node(config).node(config).build();
    }

    private static MemorySegment longs(long... values) {
        return MemorySegment.ofArray(values.clone());
    }

    private static long[] pattern(int units, long tag) {
        long[] values = new long[units];
        for (int i = 0; i < units; i++) {
            values[i] = (tag << 48) + i + 1;
        }
        return values;
    }

    private static void runToEnd(SimFabric fabric) {
        assertThat(fabric.run()).isEqualTo(Engine.RunStatus.FINISHED);
    }

    // ---- one-sided data movement and atomics ----------------------------------------------------------------

    @Test
    void readReturnsWhatWriteWrote() {
        for (MemoryKind kind : MemoryKind.values()) {
            try (SimFabric fabric = fabric(1, CONFIG)) {
                Node server = fabric.node(0);
                Node client = fabric.node(1);
                MemoryRegion region = server.register(kind, "data", 16384);
                Connection conn = fabric.connect(client, server);
                long[] small = pattern(3, 0xA1);
                long[] large = pattern(10_000 / 8, 0xA2); // spans several MTU packets
                long[] readSmall = new long[small.length];
                long[] readLarge = new long[large.length];
                long[] readAround = new long[2];
                Completion[] completions = new Completion[4];
                client.spawn("client", () -> {
                    QueuePair qp = conn.requester();
                    completions[0] = qp.execute(WorkRequest.write(MemorySegment.ofArray(small), region.address(40), region.rkey()));
                    completions[1] = qp.execute(WorkRequest.write(MemorySegment.ofArray(large), region.address(4096), region.rkey()));
                    completions[2] = qp.execute(WorkRequest.read(MemorySegment.ofArray(readSmall), region.address(40), region.rkey()));
                    completions[3] = qp.execute(WorkRequest.read(MemorySegment.ofArray(readLarge), region.address(4096), region.rkey()));
                    qp.execute(WorkRequest.read(MemorySegment.ofArray(readAround), region.address(32), region.rkey())).orThrow();
                });
                runToEnd(fabric);
                assertThat(completions).allSatisfy(c -> assertThat(c.status()).isEqualTo(CompletionStatus.SUCCESS));
                assertThat(completions[0].opcode()).isEqualTo(Opcode.WRITE);
                assertThat(completions[0].byteLength()).isEqualTo(24);
                assertThat(completions[3].opcode()).isEqualTo(Opcode.READ);
                assertThat(completions[3].byteLength()).isEqualTo(large.length * 8);
                assertThat(readSmall).as(kind.name()).isEqualTo(small);
                assertThat(readLarge).as(kind.name()).isEqualTo(large);
                assertThat(readAround).as("%s: the unit before the write is untouched", kind).containsExactly(0L, small[0]);
            }
        }
    }

    @Test
    void casSwapsOnlyOnMatchAndReturnsTheOldValue() {
        try (SimFabric fabric = fabric(2, CONFIG)) {
            Node server = fabric.node(0);
            Node client = fabric.node(1);
            MemoryRegion pm = server.register(MemoryKind.PM, "data", 4096);
            Connection conn = fabric.connect(client, server);
            Completion[] c = new Completion[3];
            long[] after = new long[3];
            client.spawn("client", () -> {
                QueuePair qp = conn.requester();
                qp.execute(WorkRequest.write(longs(5), pm.address(64), pm.rkey())).orThrow();
                c[0] = qp.execute(WorkRequest.cas(pm.address(64), pm.rkey(), 5, 9));
                after[0] = readLong(qp, pm, 64);
                c[1] = qp.execute(WorkRequest.cas(pm.address(64), pm.rkey(), 5, 11));
                after[1] = readLong(qp, pm, 64);
                c[2] = qp.execute(WorkRequest.cas(pm.address(64), pm.rkey(), 9, -1));
                after[2] = readLong(qp, pm, 64);
            });
            runToEnd(fabric);
            assertThat(c).allSatisfy(x -> {
                assertThat(x.status()).isEqualTo(CompletionStatus.SUCCESS);
                assertThat(x.opcode()).isEqualTo(Opcode.CAS);
            });
            assertThat(c[0].result()).as("matching CAS returns the old value").isEqualTo(5);
            assertThat(after[0]).as("and swaps").isEqualTo(9);
            assertThat(c[1].result()).as("failing CAS returns the current value").isEqualTo(9);
            assertThat(after[1]).as("and leaves it").isEqualTo(9);
            assertThat(c[2].result()).isEqualTo(9);
            assertThat(after[2]).isEqualTo(-1);
        }
    }

    private static long readLong(QueuePair qp, MemoryRegion region, long offset) {
        MemorySegment buffer = longs(0x7777_7777_7777_7777L);
        qp.execute(WorkRequest.read(buffer, region.address(offset), region.rkey())).orThrow();
        return buffer.get(ValueLayout.JAVA_LONG, 0);
    }

    @Test
    void faaReturnsTheOldValueAndAdds() {
        try (SimFabric fabric = fabric(3, CONFIG)) {
            Node server = fabric.node(0);
            Node client = fabric.node(1);
            MemoryRegion pm = server.register(MemoryKind.PM, "data", 4096);
            Connection conn = fabric.connect(client, server);
            long[] results = new long[3];
            long[] values = new long[3];
            client.spawn("client", () -> {
                QueuePair qp = conn.requester();
                qp.execute(WorkRequest.write(longs(100), pm.address(8), pm.rkey())).orThrow();
                results[0] = qp.execute(WorkRequest.faa(pm.address(8), pm.rkey(), 7)).orThrow().result();
                values[0] = readLong(qp, pm, 8);
                results[1] = qp.execute(WorkRequest.faa(pm.address(8), pm.rkey(), -50)).orThrow().result();
                values[1] = readLong(qp, pm, 8);
                results[2] = qp.execute(WorkRequest.faa(pm.address(16), pm.rkey(), 1)).orThrow().result();
                values[2] = readLong(qp, pm, 16);
            });
            runToEnd(fabric);
            assertThat(results).containsExactly(100, 107, 0);
            assertThat(values).containsExactly(107, 57, 1);
        }
    }

    @Test
    void concurrentFaasFromSeveralClientsAreAtomic() {
        int clients = 3;
        int perClient = 50;
        ServerConfig config = ServerConfig.parse("DMP+NODDIO+PM-RQWRB");
        for (long seed = 1; seed <= 4; seed++) {
            SimFabric.Builder b = SimFabric.builder().seed(seed).node(config);
            for (int i = 0; i < clients; i++) {
                b.node(config);
            }
            try (SimFabric fabric = b.build()) {
                Node server = fabric.node(0);
                MemoryRegion pm = server.register(MemoryKind.PM, "counter", 64);
                List<Long> olds = new ArrayList<>();
                for (int i = 1; i <= clients; i++) {
                    Connection conn = fabric.connect(fabric.node(i), server);
                    fabric.node(i).spawn("client-" + i, () -> {
                        for (int k = 0; k < perClient; k++) {
                            olds.add(conn.requester().execute(WorkRequest.faa(pm.address(0), pm.rkey(), 1)).orThrow().result());
                        }
                    });
                }
                runToEnd(fabric);
                assertThat(fabric.node(0).simRegion("counter").read8(0)).isEqualTo(clients * perClient);
                assertThat(olds).as("seed %d: every FAA saw a distinct old value", seed).doesNotHaveDuplicates()
                        .hasSize(clients * perClient).allSatisfy(v -> assertThat(v).isBetween(0L, (long) clients * perClient - 1));
            }
        }
    }

    // ---- two-sided: WRITE_IMM, SEND, receive queues ---------------------------------------------------------

    @Test
    void writeImmDeliversTheImmediateAfterTheDataIsVisible() {
        for (long seed = 1; seed <= 16; seed++) {
            try (SimFabric fabric = fabric(seed, CONFIG)) {
                Node server = fabric.node(0);
                Node client = fabric.node(1);
                MemoryRegion pm = server.register(MemoryKind.PM, "data", 16384);
                MemoryRegion rq = server.register(MemoryKind.PM, "rq", 4096);
                Connection conn = fabric.connect(client, server);
                long[] values = pattern(8192 / 8, 0xB1);
                SimRegion data = fabric.node(0).simRegion("data");
                Received[] received = new Received[1];
                long[] seenAtReceive = new long[values.length];
                long[] loadedAfterReceive = new long[values.length];
                Completion[] writeCompletion = new Completion[1];
                server.spawn("server", () -> {
                    QueuePair qp = conn.responder();
                    qp.postReceive(rq, 128, 64);
                    received[0] = qp.awaitReceive();
                    data.read(1024, MemorySegment.ofArray(seenAtReceive));
                    server.local(pm).load(1024, MemorySegment.ofArray(loadedAfterReceive));
                });
                client.spawn("client", () -> writeCompletion[0] = conn.requester()
                        .execute(WorkRequest.writeImm(MemorySegment.ofArray(values), pm.address(1024), pm.rkey(), 0xCAFE_F00D)));
                runToEnd(fabric);
                assertThat(writeCompletion[0].status()).isEqualTo(CompletionStatus.SUCCESS);
                assertThat(writeCompletion[0].opcode()).isEqualTo(Opcode.WRITE_IMM);
                Received r = received[0];
                assertThat(r.ok()).isTrue();
                assertThat(r.opcode()).isEqualTo(Opcode.WRITE_IMM);
                assertThat(r.immediate()).isEqualTo(0xCAFE_F00D);
                assertThat(r.byteLength()).as("a WRITE_IMM's receive reports the bytes written (ibverbs byte_len)").isEqualTo(values.length * 8);
                assertThat(r.buffer()).isEqualTo(rq);
                assertThat(r.offsetBytes()).isEqualTo(128);
                assertThat(seenAtReceive).as("seed %d: data visible when the receive completed", seed).isEqualTo(values);
                assertThat(loadedAfterReceive).as("seed %d: the server CPU loads it", seed).isEqualTo(values);
                assertThat(fabric.node(0).simRegion("rq").read8(128)).as("the receive buffer itself is not written").isZero();
            }
        }
    }

    @Test
    void writeImmDataIsVisibleTheInstantItsReceiveIsDelivered() {
        // Polls without charging CPU, so that no virtual time separates the delivery from the check.
        for (long seed = 1; seed <= 16; seed++) {
            try (SimFabric fabric = fabric(seed, CONFIG)) {
                Node server = fabric.node(0);
                Node client = fabric.node(1);
                MemoryRegion pm = server.register(MemoryKind.PM, "data", 65536);
                MemoryRegion rq = server.register(MemoryKind.DRAM, "rq", 4096);
                Connection conn = fabric.connect(client, server);
                long[] values = pattern(32768 / 8, 0xB2);
                SimRegion data = fabric.node(0).simRegion("data");
                long[] seen = new long[values.length];
                boolean[] got = new boolean[1];
                server.spawn("server", () -> {
                    QueuePair qp = conn.responder();
                    qp.postReceive(rq, 0, 64);
                    for (int i = 0; i < 1_000_000 && !got[0]; i++) {
                        Received r = qp.pollReceive();
                        if (r != null) {
                            data.read(0, MemorySegment.ofArray(seen));
                            got[0] = r.ok() && r.immediate() == 42;
                        } else {
                            server.clock().sleepNanos(1);
                        }
                    }
                });
                client.spawn("client", () -> conn.requester()
                        .execute(WorkRequest.writeImm(MemorySegment.ofArray(values), pm.address(0), pm.rkey(), 42)).orThrow());
                runToEnd(fabric);
                assertThat(got[0]).isTrue();
                assertThat(seen).as("seed %d", seed).isEqualTo(values);
            }
        }
    }

    @Test
    void sendLandsInThePostedReceiveBuffers() {
        for (ServerConfig config : List.of(ServerConfig.parse("DMP+DDIO+DRAM-RQWRB"), ServerConfig.parse("DMP+DDIO+PM-RQWRB"),
                ServerConfig.parse("WSP+NODDIO+PM-RQWRB"), ServerConfig.parse("MHP+NODDIO+DRAM-RQWRB"))) {
            try (SimFabric fabric = fabric(4, config)) {
                Node server = fabric.node(0);
                Node client = fabric.node(1);
                MemoryKind kind = server.config().receiveBuffers();
                MemoryRegion rq = server.register(kind, "rq", 4096);
                Connection conn = fabric.connect(client, server);
                byte[] first = new byte[100];
                byte[] second = new byte[200];
                for (int i = 0; i < first.length; i++) {
                    first[i] = (byte) (i + 1);
                }
                for (int i = 0; i < second.length; i++) {
                    second[i] = (byte) (0x80 | i);
                }
                Received[] received = new Received[2];
                byte[] gotFirst = new byte[first.length];
                byte[] gotSecond = new byte[second.length];
                byte[] afterFirst = new byte[8];
                LocalMemory local = server.local(rq);
                server.spawn("server", () -> {
                    QueuePair qp = conn.responder();
                    qp.postReceive(rq, 0, 256);
                    qp.postReceive(rq, 1024, 256);
                    received[0] = qp.awaitReceive();
                    received[1] = qp.awaitReceive();
                    local.load(received[0].offsetBytes(), MemorySegment.ofArray(gotFirst));
                    local.load(received[1].offsetBytes(), MemorySegment.ofArray(gotSecond));
                    local.load(100, MemorySegment.ofArray(afterFirst));
                });
                Completion[] sends = new Completion[2];
                client.spawn("client", () -> {
                    QueuePair qp = conn.requester();
                    long a = qp.post(WorkRequest.send(MemorySegment.ofArray(first)));
                    long b = qp.post(WorkRequest.send(MemorySegment.ofArray(second)));
                    sends[0] = qp.await(a);
                    sends[1] = qp.await(b);
                });
                runToEnd(fabric);
                assertThat(sends).allSatisfy(c -> assertThat(c.status()).isEqualTo(CompletionStatus.SUCCESS));
                assertThat(received[0].ok()).isTrue();
                assertThat(received[0].opcode()).isEqualTo(Opcode.SEND);
                assertThat(received[0].byteLength()).as("%s: message length", config).isEqualTo(100);
                assertThat(received[0].offsetBytes()).as("receives are consumed in posting order").isZero();
                assertThat(received[0].buffer()).isEqualTo(rq);
                assertThat(received[0].buffer().kind()).isEqualTo(kind);
                assertThat(received[1].byteLength()).isEqualTo(200);
                assertThat(received[1].offsetBytes()).isEqualTo(1024);
                assertThat(gotFirst).as("%s", config).isEqualTo(first);
                assertThat(gotSecond).as("%s", config).isEqualTo(second);
                assertThat(afterFirst).as("%s: nothing beyond the message is written", config).isEqualTo(new byte[8]);
                long pmBytes = fabric.accounting().total().pmBytesWritten();
                if (kind == MemoryKind.PM) {
                    assertThat(pmBytes).as("%s: the messages went to PM", config).isEqualTo(300);
                } else {
                    assertThat(pmBytes).as("%s: the messages went to DRAM", config).isZero();
                }
            }
        }
    }

    @Test
    void sendBeforeAnyReceiveIsHeldUntilOneIsPosted() {
        for (long seed = 1; seed <= 8; seed++) {
            try (SimFabric fabric = fabric(seed, CONFIG)) {
                Node server = fabric.node(0);
                Node client = fabric.node(1);
                MemoryRegion rq = server.register(MemoryKind.PM, "rq", 4096);
                MemoryRegion pm = server.register(MemoryKind.PM, "data", 4096);
                Connection conn = fabric.connect(client, server);
                byte[] message = new byte[48];
                Arrays.fill(message, (byte) 0x3C);
                SimRegion data = fabric.node(0).simRegion("data");
                Received[] early = new Received[1];
                long[] writeBehindSendWhileHeld = new long[1];
                long[] postedAt = new long[1];
                Received[] received = new Received[1];
                byte[] got = new byte[message.length];
                server.spawn("server", () -> {
                    QueuePair qp = conn.responder();
                    server.clock().sleepNanos(50_000); // long after the SEND arrived
                    early[0] = qp.pollReceive();
                    writeBehindSendWhileHeld[0] = data.read8(0);
                    postedAt[0] = server.clock().nowNanos();
                    qp.postReceive(rq, 512, 64);
                    received[0] = qp.awaitReceive();
                    server.local(rq).load(512, MemorySegment.ofArray(got));
                });
                Completion[] send = new Completion[1];
                long[] sendDoneAt = new long[1];
                client.spawn("client", () -> {
                    QueuePair qp = conn.requester();
                    long id = qp.post(WorkRequest.send(MemorySegment.ofArray(message)));
                    // A posted WRITE behind the held SEND must wait too: posted operations apply in order.
                    qp.post(WorkRequest.write(longs(0x6666), pm.address(0), pm.rkey()).unsignaled());
                    send[0] = qp.await(id);
                    sendDoneAt[0] = client.clock().nowNanos();
                    qp.execute(WorkRequest.flush()).orThrow();
                });
                runToEnd(fabric);
                assertThat(early[0]).as("nothing is delivered without a posted receive").isNull();
                assertThat(writeBehindSendWhileHeld[0]).as("seed %d: the WRITE behind the held SEND was not applied", seed).isZero();
                assertThat(received[0].ok()).isTrue();
                assertThat(received[0].byteLength()).isEqualTo(message.length);
                assertThat(received[0].offsetBytes()).isEqualTo(512);
                assertThat(got).isEqualTo(message);
                assertThat(send[0].status()).isEqualTo(CompletionStatus.SUCCESS);
                assertThat(sendDoneAt[0]).as("on IB the SEND completes only once a receive took it").isGreaterThan(postedAt[0]);
                assertThat(data.read8(0)).as("the WRITE is applied after the SEND").isEqualTo(0x6666);
            }
        }
    }

    /** Found by rda fuzz (a responder stalled before posting its receives): a FLUSH behind a held SEND completed first. */
    @Test
    void flushBehindAHeldSendCompletesOnlyAfterTheSendIsPlaced() {
        for (long seed = 1; seed <= 8; seed++) {
            try (SimFabric fabric = fabric(seed, CONFIG)) {
                Node server = fabric.node(0);
                Node client = fabric.node(1);
                MemoryRegion rq = server.register(MemoryKind.PM, "rq", 4096);
                Connection conn = fabric.connect(client, server);
                byte[] message = new byte[48];
                Arrays.fill(message, (byte) 0x5D);
                long[] postedAt = new long[1];
                server.spawn("server", () -> {
                    QueuePair qp = conn.responder();
                    server.clock().sleepNanos(50_000); // long after the SEND and the FLUSH arrived
                    postedAt[0] = server.clock().nowNanos();
                    qp.postReceive(rq, 512, 64);
                    qp.awaitReceive();
                });
                Completion[] flush = new Completion[1];
                long[] flushDoneAt = new long[1];
                byte[] seenAtFlush = new byte[message.length];
                client.spawn("client", () -> {
                    QueuePair qp = conn.requester();
                    qp.post(WorkRequest.send(MemorySegment.ofArray(message)).unsignaled());
                    flush[0] = qp.execute(WorkRequest.flush());
                    flushDoneAt[0] = client.clock().nowNanos();
                    fabric.node(0).simRegion("rq").read(512, MemorySegment.ofArray(seenAtFlush));
                });
                runToEnd(fabric);
                assertThat(flush[0].status()).isEqualTo(CompletionStatus.SUCCESS);
                assertThat(flushDoneAt[0]).as("seed %d: the FLUSH waited for the receive", seed).isGreaterThan(postedAt[0]);
                assertThat(seenAtFlush).as("seed %d: the SEND was placed when the FLUSH completed", seed).isEqualTo(message);
            }
        }
    }

    // ---- errors ---------------------------------------------------------------------------------------------

    @Test
    void badRkeyAndOutOfBoundsAccessesCompleteWithRemoteAccessError() {
        try (SimFabric fabric = fabric(6, CONFIG)) {
            Node server = fabric.node(0);
            Node client = fabric.node(1);
            MemoryRegion pm = server.register(MemoryKind.PM, "data", 4096);
            MemoryRegion clientOwn = client.register(MemoryKind.DRAM, "own", 4096);
            Connection conn = fabric.connect(client, server);
            List<Completion> bad = new ArrayList<>();
            Completion[] good = new Completion[1];
            client.spawn("client", () -> {
                QueuePair qp = conn.requester();
                MemorySegment v = longs(0x1234, 0x5678);
                bad.add(qp.execute(WorkRequest.write(v, pm.address(0), pm.rkey() + 1000)));           // unknown rkey
                bad.add(qp.execute(WorkRequest.write(v, clientOwn.address(0), clientOwn.rkey())));     // another node's region
                bad.add(qp.execute(WorkRequest.write(v, pm.address(4096 - 8), pm.rkey())));           // straddles the end
                bad.add(qp.execute(WorkRequest.write(v, pm.address(4096), pm.rkey())));               // past the end
                bad.add(qp.execute(WorkRequest.write(v, pm.baseAddress() - 16, pm.rkey())));          // before the start
                bad.add(qp.execute(WorkRequest.read(MemorySegment.ofArray(new long[2]), pm.address(4096 - 8), pm.rkey())));
                bad.add(qp.execute(WorkRequest.cas(pm.address(4096), pm.rkey(), 0, 1)));
                bad.add(qp.execute(WorkRequest.faa(pm.address(0), pm.rkey() + 1, 1)));
                // The QP still works afterwards.
                good[0] = qp.execute(WorkRequest.write(v, pm.address(0), pm.rkey()));
            });
            runToEnd(fabric);
            assertThat(bad).hasSize(8).allSatisfy(c -> {
                assertThat(c.status()).isEqualTo(CompletionStatus.REMOTE_ACCESS_ERROR);
                assertThat(c.ok()).isFalse();
                assertThat(c.byteLength()).isZero();
            });
            assertThat(good[0].status()).isEqualTo(CompletionStatus.SUCCESS);
            SimRegion data = fabric.node(0).simRegion("data");
            assertThat(data.read8(0)).isEqualTo(0x1234);
            assertThat(data.read8(4096 - 8)).as("the straddling write left nothing behind").isZero();
            assertThat(fabric.node(1).simRegion("own").read8(0)).as("a client's own region is not writable through the server").isZero();
        }
    }

    @Test
    void writeAtomicIsUnsupportedWhereTheNicLacksIt() {
        long[] valueAfter = new long[2];
        Completion[] completions = new Completion[2];
        for (boolean supported : new boolean[] {false, true}) {
            int i = supported ? 1 : 0;
            try (SimFabric fabric = SimFabric.builder().seed(7).writeAtomicSupported(supported).node(CONFIG).node(CONFIG).build()) {
                assertThat(fabric.supports(Opcode.WRITE_ATOMIC)).isEqualTo(supported);
                assertThat(fabric.supports(Opcode.CAS)).isTrue();
                Node server = fabric.node(0);
                Node client = fabric.node(1);
                MemoryRegion pm = server.register(MemoryKind.PM, "data", 4096);
                Connection conn = fabric.connect(client, server);
                client.spawn("client", () -> {
                    QueuePair qp = conn.requester();
                    completions[i] = qp.execute(WorkRequest.writeAtomic(pm.address(256), pm.rkey(), 0x0BAD_CAFEL));
                    valueAfter[i] = readLong(qp, pm, 256);
                });
                runToEnd(fabric);
            }
        }
        assertThat(completions[0].status()).isEqualTo(CompletionStatus.UNSUPPORTED_OPERATION);
        assertThat(completions[0].opcode()).isEqualTo(Opcode.WRITE_ATOMIC);
        assertThat(valueAfter[0]).as("an unsupported WRITE_ATOMIC writes nothing").isZero();
        assertThat(completions[1].status()).isEqualTo(CompletionStatus.SUCCESS);
        assertThat(valueAfter[1]).isEqualTo(0x0BAD_CAFEL);
    }

    // ---- power failure, restart, process crash --------------------------------------------------------------

    @Test
    void clientBlockedInAwaitSeesConnectionBrokenAfterServerPowerFailureInThePlan() {
        ServerConfig config = ServerConfig.parse("DMP+DDIO+PM-RQWRB");
        // Dry run: find when the client's READ arrives at the server, and cut the power just before.
        long arrive;
        try (SimFabric dry = SimFabric.builder().seed(8).captureTrace(100_000).node(config).node(config).build()) {
            spawnReader(dry, new Completion[2]);
            runToEnd(dry);
            arrive = dry.trace().records().stream()
                    .filter(r -> r.kind() == TraceKind.ARRIVE && r.nodeId() == 0 && ((r.argument() >>> 32) & 0xff) == Opcode.READ.ordinal())
                    .mapToLong(Trace.Record::eventIndex).findFirst().orElseThrow();
        }
        FaultPlan plan = FaultPlan.NONE.with(FaultPlan.Fault.powerFailure(0, arrive)).continuingAfterPowerFailure();
        try (SimFabric fabric = SimFabric.builder().seed(8).faults(plan).node(config).node(config).build()) {
            Completion[] c = new Completion[2];
            spawnReader(fabric, c);
            runToEnd(fabric);
            assertThat(fabric.node(0).isUp()).isFalse();
            assertThat(fabric.frontier(0)).as("the power failure recorded a frontier").isNotNull();
            assertThat(c[0].status()).as("the blocked READ").isEqualTo(CompletionStatus.CONNECTION_BROKEN);
            assertThat(c[0].ok()).isFalse();
            assertThat(c[1].status()).as("a request posted afterwards").isEqualTo(CompletionStatus.CONNECTION_BROKEN);
        }
    }

    private static void spawnReader(SimFabric fabric, Completion[] out) {
        Node server = fabric.node(0);
        Node client = fabric.node(1);
        MemoryRegion pm = server.register(MemoryKind.PM, "data", 4096);
        Connection conn = fabric.connect(client, server);
        client.spawn("client", () -> {
            QueuePair qp = conn.requester();
            out[0] = qp.execute(WorkRequest.read(MemorySegment.ofArray(new long[4]), pm.address(0), pm.rkey()));
            out[1] = qp.execute(WorkRequest.write(longs(1), pm.address(0), pm.rkey()));
        });
    }

    @Test
    void clientBlockedInAwaitSeesConnectionBrokenAfterServerPowerFailureBetweenRuns() {
        try (SimFabric fabric = fabric(9, CONFIG)) {
            Node server = fabric.node(0);
            Node client = fabric.node(1);
            server.register(MemoryKind.PM, "rq", 4096);
            Connection conn = fabric.connect(client, server);
            Completion[] c = new Completion[2];
            Received[] serverGot = new Received[1];
            // A server thread that waits for messages but never posts a receive buffer.
            server.spawnDaemon("server", () -> serverGot[0] = conn.responder().awaitReceive());
            client.spawn("client", () -> {
                QueuePair qp = conn.requester();
                // No receive is ever posted: on IB the SEND's completion waits for the receiver (RNR).
                c[0] = qp.execute(WorkRequest.send(MemorySegment.ofArray(new byte[32])));
                c[1] = qp.execute(WorkRequest.send(MemorySegment.ofArray(new byte[32])));
            });
            assertThat(fabric.run()).as("the client waits for a receiver that never comes").isEqualTo(Engine.RunStatus.QUIESCENT);
            assertThat(c[0]).isNull();
            CrashFrontier frontier = fabric.powerFailure(0);
            assertThat(frontier).isSameAs(fabric.frontier(0));
            runToEnd(fabric);
            assertThat(c[0].status()).isEqualTo(CompletionStatus.CONNECTION_BROKEN);
            assertThat(c[1].status()).isEqualTo(CompletionStatus.CONNECTION_BROKEN);
            assertThat(serverGot[0]).as("the server's thread died with it instead of returning").isNull();
            assertThat(server.isUp()).isFalse();
        }
    }

    @Test
    void restartFromACrashImageShowsItsContents() {
        ServerConfig config = ServerConfig.parse("MHP+NODDIO+DRAM-RQWRB");
        long[] durable = pattern(8, 0xD1);
        long[] inFlight = pattern(32, 0xD2);
        // Dry run to find where the second WRITE is placed; crash right before it, so it is torn in the FIFO.
        long place;
        try (SimFabric dry = SimFabric.builder().seed(10).captureTrace(100_000).node(config).node(config).build()) {
            spawnTwoWrites(dry, durable, inFlight);
            runToEnd(dry);
            place = dry.trace().records().stream()
                    .filter(r -> r.kind() == TraceKind.PLACE && r.nodeId() == 0)
                    .mapToLong(Trace.Record::eventIndex).skip(1).findFirst().orElseThrow();
        }
        PmImage image;
        CrashImage chosen;
        try (SimFabric fabric = SimFabric.builder().seed(10).faults(FaultPlan.NONE.with(FaultPlan.Fault.powerFailure(0, place)))
                .node(config).node(config).build()) {
            spawnTwoWrites(fabric, durable, inFlight);
            assertThat(fabric.run()).isEqualTo(Engine.RunStatus.STOPPED);
            CrashFrontier frontier = fabric.frontier(0);
            assertThat(frontier.fifoWrites()).isEqualTo(inFlight.length);
            chosen = frontier.image(5); // five units of the in-flight WRITE drained
            image = chosen.materialize();
        }
        long[] expected = image.units("data").clone();
        assertThat(Arrays.copyOfRange(expected, 0, 8)).as("the flushed WRITE").isEqualTo(durable);
        assertThat(Arrays.copyOfRange(expected, 64, 69)).isEqualTo(Arrays.copyOfRange(inFlight, 0, 5));
        assertThat(Arrays.copyOfRange(expected, 69, 96)).containsOnly(0L);
        for (int u = 0; u < expected.length; u++) {
            assertThat(expected[u]).isEqualTo(chosen.unit("data", u));
        }

        try (SimFabric restarted = SimFabric.builder().seed(11).restore(0, image).node(config).node(config).build()) {
            Node server = restarted.node(0);
            Node client = restarted.node(1);
            MemoryRegion pm = server.register(MemoryKind.PM, "data", 4096);
            MemoryRegion fresh = server.register(MemoryKind.PM, "fresh", 4096);
            Connection conn = restarted.connect(client, server);
            long[] loaded = new long[expected.length];
            long[] readRemotely = new long[expected.length];
            long[] freshLoaded = new long[8];
            LocalMemory local = server.local(pm);
            server.spawn("recovery", () -> {
                local.load(0, MemorySegment.ofArray(loaded));
                server.local(fresh).load(0, MemorySegment.ofArray(freshLoaded));
            });
            client.spawn("client", () -> conn.requester()
                    .execute(WorkRequest.read(MemorySegment.ofArray(readRemotely), pm.address(0), pm.rkey())).orThrow());
            runToEnd(restarted);
            assertThat(loaded).as("the restarted server's CPU sees the image").isEqualTo(expected);
            assertThat(readRemotely).as("a client's READ sees the image").isEqualTo(expected);
            assertThat(freshLoaded).as("a region the image does not name starts zeroed").containsOnly(0L);
            assertThat(restarted.node(0).simRegion("data").mediaCopy()).as("the image is the media").isEqualTo(expected);
        }
        assertThat(image.units("data")).as("restarting does not alter the image it came from").isEqualTo(expected);
    }

    private static void spawnTwoWrites(SimFabric fabric, long[] durable, long[] inFlight) {
        Node server = fabric.node(0);
        Node client = fabric.node(1);
        MemoryRegion pm = server.register(MemoryKind.PM, "data", 4096);
        Connection conn = fabric.connect(client, server);
        client.spawn("client", () -> {
            QueuePair qp = conn.requester();
            qp.post(WorkRequest.write(MemorySegment.ofArray(durable.clone()), pm.address(0), pm.rkey()).unsignaled());
            qp.execute(WorkRequest.flush()).orThrow();
            qp.execute(WorkRequest.write(MemorySegment.ofArray(inFlight.clone()), pm.address(512), pm.rkey())).orThrow();
            qp.execute(WorkRequest.flush()).orThrow();
        });
    }

    @Test
    void processCrashKeepsVisiblePmEvenUnflushedAndRestartSeesIt() {
        ServerConfig config = ServerConfig.parse("DMP+DDIO+PM-RQWRB");
        long[] values = pattern(16, 0xE1);
        long offset = 192;
        long crashAt;
        try (SimFabric dry = SimFabric.builder().seed(12).captureTrace(100_000).node(config).node(config).build()) {
            long[] completedAt = spawnUnflushedWrite(dry, values, offset);
            runToEnd(dry);
            long place = dry.trace().records().stream().filter(r -> r.kind() == TraceKind.PLACE && r.nodeId() == 0)
                    .mapToLong(Trace.Record::eventIndex).findFirst().orElseThrow();
            crashAt = Math.max(place + 1, completedAt[0]);
        }
        PmImage image;
        try (SimFabric fabric = SimFabric.builder().seed(12).faults(FaultPlan.NONE.with(FaultPlan.Fault.processCrash(0, crashAt)))
                .node(config).node(config).build()) {
            long[] completedAt = spawnUnflushedWrite(fabric, values, offset);
            runToEnd(fabric);
            assertThat(completedAt[0]).as("the WRITE completed before the crash").isBetween(0L, crashAt);
            assertThat(fabric.node(0).isUp()).isFalse();
            assertThat(fabric.frontier(0)).as("a process crash is no power failure").isNull();
            image = fabric.processCrashImage(0);
            assertThat(image).isNotNull();
            long[] media = fabric.node(0).simRegion("data").mediaCopy();
            assertThat(Arrays.copyOfRange(media, (int) offset / 8, (int) offset / 8 + values.length))
                    .as("precondition: the data was never flushed (still only in the cache)").containsOnly(0L);
        }
        long[] units = image.units("data");
        assertThat(Arrays.copyOfRange(units, (int) offset / 8, (int) offset / 8 + values.length))
                .as("the process crash keeps what was visible").isEqualTo(values);

        try (SimFabric restarted = SimFabric.builder().seed(13).restore(0, image).node(config).node(config).build()) {
            Node server = restarted.node(0);
            Node client = restarted.node(1);
            MemoryRegion pm = server.register(MemoryKind.PM, "data", 4096);
            Connection conn = restarted.connect(client, server);
            long[] loaded = new long[values.length];
            long[] read = new long[values.length];
            server.spawn("recovery", () -> server.local(pm).load(offset, MemorySegment.ofArray(loaded)));
            client.spawn("client", () -> conn.requester()
                    .execute(WorkRequest.read(MemorySegment.ofArray(read), pm.address(offset), pm.rkey())).orThrow());
            runToEnd(restarted);
            assertThat(loaded).isEqualTo(values);
            assertThat(read).isEqualTo(values);
        }
    }

    @Test
    void powerFailureAtTheSameInstantLosesWhatAProcessCrashKeeps() {
        // Contrast for the process-crash test: the unflushed DDIO line is outside DMP's domain.
        ServerConfig config = ServerConfig.parse("DMP+DDIO+PM-RQWRB");
        long[] values = pattern(16, 0xE1);
        long offset = 192;
        long crashAt;
        try (SimFabric dry = SimFabric.builder().seed(12).captureTrace(100_000).node(config).node(config).build()) {
            long[] completedAt = spawnUnflushedWrite(dry, values, offset);
            runToEnd(dry);
            long place = dry.trace().records().stream().filter(r -> r.kind() == TraceKind.PLACE && r.nodeId() == 0)
                    .mapToLong(Trace.Record::eventIndex).findFirst().orElseThrow();
            crashAt = Math.max(place + 1, completedAt[0]);
        }
        try (SimFabric fabric = SimFabric.builder().seed(12).faults(FaultPlan.NONE.with(FaultPlan.Fault.powerFailure(0, crashAt)))
                .node(config).node(config).build()) {
            spawnUnflushedWrite(fabric, values, offset);
            fabric.run();
            CrashImage oldest = fabric.frontier(0).oldest();
            for (int i = 0; i < values.length; i++) {
                assertThat(oldest.unit("data", offset / 8 + i)).isZero();
            }
            assertThat(fabric.frontier(0).newest().unit("data", offset / 8)).isEqualTo(values[0]);
        }
    }

    /** A client WRITEs {@code values} (signaled, never flushed); element 0 of the result is the event index at completion. */
    private static long[] spawnUnflushedWrite(SimFabric fabric, long[] values, long offset) {
        Node server = fabric.node(0);
        Node client = fabric.node(1);
        MemoryRegion pm = server.register(MemoryKind.PM, "data", 4096);
        Connection conn = fabric.connect(client, server);
        long[] completedAt = {-1};
        client.spawn("client", () -> {
            conn.requester().execute(WorkRequest.write(MemorySegment.ofArray(values.clone()), pm.address(offset), pm.rkey())).orThrow();
            completedAt[0] = fabric.engine().dispatched();
        });
        return completedAt;
    }
}
