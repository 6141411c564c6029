package io.rdasuite.crashsim.kv;

import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.store.efactory.EfClient;
import io.rdasuite.store.efactory.EfProtocol;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.kv.KvClient;
import io.rdasuite.store.kv.KvShape;
import io.rdasuite.store.protocol.KvProtocol;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The eFactory family's operations over the simulator: each store reads back what it wrote, deletes, and reads the way §4.3.3 / §5.3 say. */
class EfactoryTest {
    static final ServerConfig CONFIG = ServerConfig.parse("DMP+DDIO+DRAM-RQWRB");
    static final KvShape SHAPE = new KvShape(8, 64);
    /** Preemptions and NIC stalls, so that server threads interleave in many ways. */
    static final io.rdasuite.hwsim.model.CostModel RACY = io.rdasuite.hwsim.model.CostModel.defaults().withTimingNemesis(50, 3000, 400, 25, 5000);

    static byte[] value(int v) {
        byte[] b = new byte[SHAPE.valueBytes()];
        Arrays.fill(b, (byte) v);
        return b;
    }

    static byte[] key(int k) {
        return String.format("key-%04d", k).getBytes();
    }

    /** Puts 20 versions of 3 keys, deletes one, reads all back: returns what the reads saw. */
    private static List<String> exercise(KvProtocol protocol, EfClient[] client) {
        List<String> seen = new ArrayList<>();
        try (SimFabric fabric = SimFabric.builder().seed(3).node(CONFIG).node(CONFIG).build()) {
            KvClient c = protocol.deploy(fabric, SHAPE, 1, false).clients().getFirst();
            client[0] = (EfClient) c;
            fabric.node(1).spawn("client", () -> {
                for (int v = 1; v <= 20; v++) {
                    for (int k = 0; k < 3; k++) {
                        assertThat(c.put(key(k), value(10 * k + v))).isTrue();
                    }
                }
                fabric.node(1).clock().sleepNanos(100_000); // the background thread persists meanwhile
                assertThat(c.delete(key(1))).isTrue();
                for (int k = 0; k < 4; k++) {
                    byte[] v = c.get(key(k));
                    seen.add(v == null ? "absent" : "value " + v[0]);
                }
            });
            fabric.run();
        }
        return seen;
    }

    @Test
    void everyStoreReadsBackItsNewestValuesAndForgetsDeletedKeys() {
        for (KvProtocol p : List.of(EfProtocol.EFACTORY, EfProtocol.EFACTORY_NOHR, EfProtocol.SAW, EfProtocol.IMM, EfProtocol.FORCA)) {
            EfClient[] client = new EfClient[1];
            assertThat(exercise(p, client)).as(p.cliName()).containsExactly("value 20", "absent", "value 40", "absent");
        }
    }

    @Test
    void hybridReadsUseOneSidedReadsOnceObjectsAreDurableAndTheOthersGoThroughTheServer() {
        EfClient[] client = new EfClient[1];
        exercise(EfProtocol.EFACTORY, client);
        assertThat(client[0].pureReads()).as("eFactory: every read after the background thread persisted is pure").isEqualTo(4);
        assertThat(client[0].rpcReads()).isZero();
        exercise(EfProtocol.EFACTORY_NOHR, client);
        assertThat(client[0].pureReads()).isZero();
        assertThat(client[0].rpcReads()).isEqualTo(4);
        exercise(EfProtocol.FORCA, client);
        assertThat(client[0].rpcReads()).isEqualTo(4);
        exercise(EfProtocol.SAW, client);
        assertThat(client[0].pureReads()).as("SAW publishes only durable objects").isEqualTo(4);
    }
}
