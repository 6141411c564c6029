package io.rdasuite.hwreal;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.hwreal.loopback.LoopbackFabric;
import io.rdasuite.hwreal.pm.MappedFilePm;
import io.rdasuite.store.baseline.BaselineProtocol;
import io.rdasuite.store.efactory.EfProtocol;
import io.rdasuite.store.erda.ErdaProtocol;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.kv.KvClient;
import io.rdasuite.store.kv.KvShape;
import io.rdasuite.store.protocol.KvProtocol;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Every key-value store runs unchanged on real threads and memory, and comes back from its PM files. */
class StoresOnLoopbackTest {
    static final ServerConfig CONFIG = ServerConfig.parse("MHP+DDIO+DRAM-RQWRB");
    static final KvShape SHAPE = new KvShape(16, 256);
    static final List<KvProtocol> STORES = List.of(ErdaProtocol.ERDA, BaselineProtocol.REDO, BaselineProtocol.RAW, EfProtocol.EFACTORY,
            EfProtocol.EFACTORY_NOHR, EfProtocol.SAW, EfProtocol.IMM, EfProtocol.FORCA);

    static byte[] key(int k) {
        return String.format("key-%012d", k).getBytes();
    }

    static byte[] value(int k, int v) {
        byte[] b = new byte[SHAPE.valueBytes()];
        Arrays.fill(b, (byte) (k * 31 + v));
        b[0] = (byte) k;
        b[1] = (byte) v;
        return b;
    }

    private static LoopbackFabric fabric(MappedFilePm pm, int clients) {
        LoopbackFabric.Builder b = LoopbackFabric.builder().node(CONFIG);
        for (int c = 0; c < clients; c++) {
            b.node(CONFIG);
        }
        return pm == null ? b.build() : b.pm(pm).build();
    }

    /**
     * Three client threads write concurrently, each its own keys and one shared key, then read their own keys
     * back at once: every store reads a client's acknowledged puts back (Read After Write once missed them, when
     * they waited in its ring behind another client's unwritten record).
     */
    @Test
    void threeClientThreadsPerStoreReadBackTheirNewestValues() {
        for (KvProtocol p : STORES) {
            ConcurrentMap<Integer, Integer> seen = new ConcurrentHashMap<>();
            try (LoopbackFabric f = fabric(null, 3)) {
                List<KvClient> clients = p.deploy(f, SHAPE, 3, false, 64).clients();
                for (int c = 0; c < 3; c++) {
                    KvClient kv = clients.get(c);
                    int base = 10 * c;
                    f.node(c + 1).spawn("client-" + c, () -> {
                        for (int v = 1; v <= 40; v++) {
                            for (int k = base; k < base + 4; k++) {
                                assertThat(kv.put(key(k), value(k, v))).isTrue();
                                assertThat(kv.get(key(k))[1]).as("%s reads its own put", p.cliName()).isEqualTo((byte) v);
                            }
                            kv.put(key(99), value(99, v)); // one key all clients write
                        }
                        for (int k = base; k < base + 4; k++) {
                            seen.put(k, (int) kv.get(key(k))[1]);
                        }
                        assertThat(kv.get(key(99))[0]).isEqualTo((byte) 99);
                    });
                }
                f.join();
            }
            assertThat(seen).as(p.cliName()).hasSize(12).allSatisfy((k, v) -> assertThat(v).isEqualTo(40));
        }
    }

    /**
     * Every store is reopened from its PM files as a new process would map them: at other addresses (the restart's
     * fabric starts its regions at 2^40), so a store that persisted an address instead of an offset fails here. Redo
     * Logging and Read After Write did (their table named its data by address): {@code rda serve --protocol redo},
     * SIGKILLed and restarted over TCP, failed its first get.
     */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS) // a server thread that dies on a bad address leaves its client waiting: fail, not hang
    void aStoreReopenedFromItsPmFilesRecoversEveryValue(@TempDir Path dir) {
        for (KvProtocol p : STORES) {
            Path files = dir.resolve(p.cliName());
            try (MappedFilePm pm = new MappedFilePm(files); LoopbackFabric f = fabric(pm, 1)) {
                KvClient kv = p.deploy(f, SHAPE, 1, false, 64).clients().getFirst();
                f.node(1).spawn("writer", () -> {
                    for (int v = 1; v <= 5; v++) {
                        for (int k = 0; k < 20; k++) {
                            kv.put(key(k), value(k, v));
                        }
                    }
                    kv.delete(key(3));
                });
                f.join();
            }
            byte[][] back = new byte[20][];
            try (MappedFilePm pm = new MappedFilePm(files);
                 LoopbackFabric f = LoopbackFabric.builder().firstBase(1L << 40).node(CONFIG).node(CONFIG).pm(pm).build()) {
                KvClient kv = p.deploy(f, SHAPE, 1, true, 64).clients().getFirst();
                f.node(1).spawn("reader", () -> {
                    for (int k = 0; k < 20; k++) {
                        back[k] = kv.get(key(k));
                    }
                });
                f.join();
            }
            for (int k = 0; k < 20; k++) {
                if (k == 3) {
                    assertThat(back[k]).as("%s: deleted key", p.cliName()).isNull();
                } else {
                    assertThat(back[k]).as("%s: key %d", p.cliName(), k).isEqualTo(value(k, 5));
                }
            }
        }
    }
}
