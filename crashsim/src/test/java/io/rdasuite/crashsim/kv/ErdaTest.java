package io.rdasuite.crashsim.kv;

import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.store.baseline.BaselineProtocol;
import io.rdasuite.store.erda.AtomicRegion;
import io.rdasuite.store.erda.ErdaProtocol;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.kv.KvClient;
import io.rdasuite.store.kv.KvShape;
import io.rdasuite.store.protocol.KvProtocol;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Erda's entry encoding, its operations over the simulator, and Table 1's NVM write counts. */
class ErdaTest {
    @Test
    void flipAlternatesTheNewSlotAndKeepsThePreviousOffsetAsOld() {
        long w = AtomicRegion.EMPTY;
        long w1 = AtomicRegion.flip(w, 64);
        assertThat(AtomicRegion.newTag(w1)).isTrue();
        assertThat(AtomicRegion.newOffset(w1)).isEqualTo(64);
        assertThat(AtomicRegion.oldOffset(w1)).isZero();
        long w2 = AtomicRegion.flip(w1, 128);
        assertThat(AtomicRegion.newTag(w2)).isFalse();
        assertThat(AtomicRegion.newOffset(w2)).isEqualTo(128);
        assertThat(AtomicRegion.oldOffset(w2)).isEqualTo(64);
        long w3 = AtomicRegion.flip(w2, 192);
        assertThat(AtomicRegion.newOffset(w3)).isEqualTo(192);
        assertThat(AtomicRegion.oldOffset(w3)).isEqualTo(128);
        for (long[] pair : new long[][] {{w, w1}, {w1, w2}, {w2, w3}}) {
            assertThat(AtomicRegion.changedHalfByteOffset(pair[0], pair[1])).as("a flip writes one 4-byte half").isIn(0, 4);
        }
        long repaired = AtomicRegion.repair(w3);
        assertThat(AtomicRegion.newOffset(repaired)).isEqualTo(128);
        assertThat(AtomicRegion.oldOffset(repaired)).isEqualTo(128);
        assertThat(AtomicRegion.changedHalfByteOffset(w3, repaired)).isIn(0, 4);
    }

    @Test
    void putGetDeleteOverTheSimulator() {
        ServerConfig config = ServerConfig.parse("MHP+NODDIO+PM-RQWRB");
        KvShape shape = new KvShape(8, 32);
        byte[][] got = new byte[4][];
        try (SimFabric fabric = SimFabric.builder().seed(2).node(config).node(config).node(config).build()) {
            KvProtocol.Deployment d = ErdaProtocol.ERDA.deploy(fabric, shape, 2, false);
            KvClient a = d.clients().get(0);
            KvClient b = d.clients().get(1);
            byte[] key = "key-0001".getBytes();
            byte[] other = "key-0002".getBytes();
            fabric.node(1).spawn("a", () -> {
                for (int i = 0; i < 300; i++) { // enough versions to fill segments and link new regions
                    byte[] v = new byte[32];
                    Arrays.fill(v, (byte) i);
                    assertThat(a.put(key, v)).isTrue();
                }
                got[0] = a.get(key);
                got[1] = a.get(other);
                a.put(other, new byte[32]);
                a.delete(other);
                got[2] = a.get(other);
            });
            fabric.run();
            fabric.node(2).spawn("b", () -> got[3] = b.get(key));
            fabric.run();
        }
        byte[] last = new byte[32];
        Arrays.fill(last, (byte) 299);
        assertThat(got[0]).isEqualTo(last);
        assertThat(got[1]).as("never written").isNull();
        assertThat(got[2]).as("deleted").isNull();
        assertThat(got[3]).as("another client reads the newest version").isEqualTo(last);
    }

    @Test
    void baselinesPutGetDeleteOverTheSimulator() {
        ServerConfig config = ServerConfig.parse("DMP+NODDIO+PM-RQWRB");
        KvShape shape = new KvShape(8, 32);
        for (KvProtocol p : new KvProtocol[] {BaselineProtocol.REDO, BaselineProtocol.RAW}) {
            byte[][] got = new byte[3][];
            try (SimFabric fabric = SimFabric.builder().seed(3).node(config).node(config).node(config).build()) {
                KvProtocol.Deployment d = p.deploy(fabric, shape, 2, false);
                byte[] key = "key-0001".getBytes();
                fabric.node(1).spawn("a", () -> {
                    for (int i = 0; i < 40; i++) { // more than a ring's slots: laps must not replay old records
                        byte[] v = new byte[32];
                        Arrays.fill(v, (byte) i);
                        assertThat(d.clients().get(0).put(key, v)).isTrue();
                    }
                    got[0] = d.clients().get(0).get(key);
                });
                fabric.run();
                fabric.node(2).spawn("b", () -> {
                    got[1] = d.clients().get(1).get(key);
                    d.clients().get(1).delete(key);
                    got[2] = d.clients().get(1).get(key);
                });
                fabric.run();
            }
            byte[] last = new byte[32];
            Arrays.fill(last, (byte) 39);
            assertThat(got[0]).as(p.cliName()).isEqualTo(last);
            assertThat(got[1]).as(p.cliName()).isEqualTo(last);
            assertThat(got[2]).as(p.cliName()).isNull();
        }
    }
}
