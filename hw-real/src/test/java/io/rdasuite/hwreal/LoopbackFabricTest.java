package io.rdasuite.hwreal;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.hwreal.loopback.LoopbackFabric;
import io.rdasuite.hwreal.pm.MappedFilePm;
import io.rdasuite.store.fabric.CompletionStatus;
import io.rdasuite.store.fabric.Connection;
import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Opcode;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.Received;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.WorkRequest;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The loopback fabric keeps the SPI's contract with real memory and real threads. */
class LoopbackFabricTest {
    private static final ServerConfig CONFIG = ServerConfig.parse("DMP+DDIO+DRAM-RQWRB");

    private static LoopbackFabric twoNodes() {
        return LoopbackFabric.builder().node(CONFIG).node(CONFIG).build();
    }

    @Test
    void oneSidedVerbsMoveBytesAndErrorsNameTheCause() {
        try (LoopbackFabric f = twoNodes()) {
            MemoryRegion remote = f.node(1).register(MemoryKind.PM, "data", 4096);
            QueuePair qp = f.connect(f.node(0), f.node(1)).requester();
            byte[] pattern = new byte[1000];
            for (int i = 0; i < pattern.length; i++) {
                pattern[i] = (byte) (i * 7);
            }
            assertThat(qp.execute(WorkRequest.write(MemorySegment.ofArray(pattern), remote.address(8), remote.rkey())).ok()).isTrue();
            byte[] back = new byte[1000];
            assertThat(qp.execute(WorkRequest.read(MemorySegment.ofArray(back), remote.address(8), remote.rkey())).byteLength()).isEqualTo(1000);
            assertThat(back).isEqualTo(pattern);
            assertThat(f.node(1).local(remote).load8(8)).isEqualTo(MemorySegment.ofArray(pattern).get(ValueLayout.JAVA_LONG_UNALIGNED, 0));
            assertThat(qp.execute(WorkRequest.read(MemorySegment.ofArray(back), remote.address(4000), remote.rkey())).status())
                    .as("a read past the region's end").isEqualTo(CompletionStatus.REMOTE_ACCESS_ERROR);
            assertThat(qp.execute(WorkRequest.read(MemorySegment.ofArray(back), remote.address(0), remote.rkey() + 99)).status())
                    .as("an unknown rkey").isEqualTo(CompletionStatus.REMOTE_ACCESS_ERROR);
            var cas = qp.execute(WorkRequest.cas(remote.address(0), remote.rkey(), 0, 42));
            assertThat(cas.result()).isZero();
            assertThat(qp.execute(WorkRequest.cas(remote.address(0), remote.rkey(), 0, 43)).result()).as("CAS fails, returns the value").isEqualTo(42);
            assertThat(f.node(1).local(remote).load8(0)).isEqualTo(42);
            assertThat(qp.execute(WorkRequest.flush()).ok()).isTrue();
        }
    }

    @Test
    void fetchAndAddFromManyThreadsLosesNoIncrement() throws Exception {
        try (LoopbackFabric f = LoopbackFabric.builder().node(CONFIG).node(CONFIG).node(CONFIG).node(CONFIG).build()) {
            MemoryRegion counter = f.node(0).register(MemoryKind.DRAM, "counter", 64);
            List<Thread> threads = new ArrayList<>();
            for (int n = 1; n <= 3; n++) {
                QueuePair qp = f.connect(f.node(n), f.node(0)).requester();
                threads.add(Thread.ofPlatform().start(() -> {
                    for (int i = 0; i < 2_000; i++) {
                        qp.execute(WorkRequest.faa(counter.address(0), counter.rkey(), 1)).orThrow();
                    }
                }));
            }
            Thread cpu = Thread.ofPlatform().start(() -> {
                for (int i = 0; i < 2_000; i++) {
                    var local = f.node(0).local(counter);
                    long v;
                    do {
                        v = local.load8(0);
                    } while (!local.cas8(0, v, v + 1));
                }
            });
            for (Thread t : threads) {
                t.join();
            }
            cpu.join();
            assertThat(f.node(0).local(counter).load8(0)).as("NIC atomics and CPU CAS on one word").isEqualTo(8_000);
        }
    }

    @Test
    void sendsAndImmediatesArriveInPostedBuffersInOrder() {
        try (LoopbackFabric f = twoNodes()) {
            MemoryRegion buffers = f.node(1).register(MemoryKind.DRAM, "rq", 256);
            MemoryRegion target = f.node(1).register(MemoryKind.DRAM, "target", 64);
            Connection c = f.connect(f.node(0), f.node(1));
            c.responder().postReceive(buffers, 0, 128);
            c.responder().postReceive(buffers, 128, 128);
            c.requester().post(WorkRequest.send(MemorySegment.ofArray("hello".getBytes())).unsignaled());
            c.requester().post(WorkRequest.writeImm(MemorySegment.ofArray(new long[] {7}), target.address(0), target.rkey(), 99).unsignaled());
            Received first = c.responder().awaitReceive();
            Received second = c.responder().awaitReceive();
            assertThat(first.opcode()).isEqualTo(Opcode.SEND);
            assertThat(first.byteLength()).isEqualTo(5);
            byte[] got = new byte[5];
            f.node(1).local(buffers).load(first.offsetBytes(), MemorySegment.ofArray(got));
            assertThat(new String(got)).isEqualTo("hello");
            assertThat(second.opcode()).isEqualTo(Opcode.WRITE_IMM);
            assertThat(second.immediate()).isEqualTo(99);
            assertThat(second.offsetBytes()).isEqualTo(128);
            assertThat(f.node(1).local(target).load8(0)).as("the write is placed before its receive completion").isEqualTo(7);
        }
    }

    /**
     * {@code execute} hands back a completion the NIC made at once without the send completions, and waits for one the
     * NIC's thread makes later (a SEND before any receive is posted); either way nothing is left for {@code poll}.
     */
    @Test
    void executeGetsItsCompletionWhetherAppliedAtOnceOrQueued() throws Exception {
        try (LoopbackFabric f = twoNodes()) {
            MemoryRegion buffers = f.node(1).register(MemoryKind.DRAM, "rq", 128);
            MemoryRegion data = f.node(1).register(MemoryKind.DRAM, "data", 64);
            Connection c = f.connect(f.node(0), f.node(1));
            QueuePair qp = c.requester();
            assertThat(qp.execute(WorkRequest.faa(data.address(0), data.rkey(), 5)).result()).isZero();
            assertThat(qp.poll()).as("an inline completion is not also queued").isNull();
            Thread poster = Thread.ofPlatform().start(() -> {
                try {
                    Thread.sleep(50); // outside the fabric: only makes the SEND wait for its buffer
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                c.responder().postReceive(buffers, 0, 128);
            });
            var sent = qp.execute(WorkRequest.send(MemorySegment.ofArray("late".getBytes())));
            poster.join();
            assertThat(sent.ok()).isTrue();
            assertThat(sent.opcode()).isEqualTo(Opcode.SEND);
            assertThat(c.responder().awaitReceive().byteLength()).isEqualTo(4);
            assertThat(qp.execute(WorkRequest.faa(data.address(0), data.rkey(), 1)).result()).as("ordered after the SEND").isEqualTo(5);
            assertThat(qp.poll()).isNull();
        }
    }

    @Test
    void closingBreaksWaitersInsteadOfHangingThem() throws Exception {
        LoopbackFabric f = twoNodes();
        Connection c = f.connect(f.node(0), f.node(1));
        Received[] got = new Received[1];
        Thread waiter = Thread.ofPlatform().start(() -> got[0] = c.responder().awaitReceive());
        f.close();
        waiter.join(10_000);
        assertThat(got[0].status()).isEqualTo(CompletionStatus.CONNECTION_BROKEN);
    }

    @Test
    void mappedFilePmKeepsFlushedWritesForTheNextFabric(@TempDir Path dir) {
        byte[] payload = "persisted across fabrics".getBytes();
        try (MappedFilePm pm = new MappedFilePm(dir); LoopbackFabric f = LoopbackFabric.builder().node(CONFIG).node(CONFIG).pm(pm).build()) {
            MemoryRegion log = f.node(1).register(MemoryKind.PM, "log", 4096);
            QueuePair qp = f.connect(f.node(0), f.node(1)).requester();
            qp.post(WorkRequest.write(MemorySegment.ofArray(payload), log.address(64), log.rkey()).unsignaled());
            assertThat(qp.execute(WorkRequest.flush()).ok()).isTrue();
            f.node(1).local(log).store8(0, 12345);
            f.node(1).local(log).persist(0, 8);
            assertThat(pm.describe()).contains(dir.toString());
        }
        try (MappedFilePm pm = new MappedFilePm(dir); LoopbackFabric f = LoopbackFabric.builder().node(CONFIG).node(CONFIG).pm(pm).build()) {
            MemoryRegion log = f.node(1).register(MemoryKind.PM, "log", 4096);
            byte[] back = new byte[payload.length];
            f.node(1).local(log).load(64, MemorySegment.ofArray(back));
            assertThat(new String(back)).isEqualTo("persisted across fabrics");
            assertThat(f.node(1).local(log).load8(0)).isEqualTo(12345);
            MemoryRegion fresh = f.node(1).register(MemoryKind.DRAM, "scratch", 64);
            assertThat(f.node(1).local(fresh).load8(0)).as("DRAM starts empty").isZero();
        }
        try (MappedFilePm pm = new MappedFilePm(dir); LoopbackFabric f = LoopbackFabric.builder().node(CONFIG).node(CONFIG).pm(pm).build()) {
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> f.node(1).register(MemoryKind.PM, "log", 8192))
                    .hasMessageContaining("has 4096 bytes; the region needs 8192").hasMessageContaining("left untouched");
        }
    }
}
