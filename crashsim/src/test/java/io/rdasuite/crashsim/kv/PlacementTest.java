package io.rdasuite.crashsim.kv;

import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.kv.KvShape;
import io.rdasuite.store.protocol.KvProtocol;
import io.rdasuite.store.protocol.KvProtocols;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Every registered protocol deploys where a {@link KvProtocol.Placement} puts it, not only on node 0. */
class PlacementTest {
    private static final ServerConfig CONFIG = ServerConfig.parse("MHP+NODDIO+PM-RQWRB");

    @Test
    void everyProtocolServesFromTheNodeItIsPlacedOnAndItsClientsRunElsewhere() {
        KvProtocol.Placement lastServes = new KvProtocol.Placement(2, List.of(1, 0));
        for (KvProtocol p : KvProtocols.all()) {
            byte[][] got = new byte[1][];
            try (SimFabric fabric = SimFabric.builder().seed(4).node(CONFIG).node(CONFIG).node(CONFIG).build()) {
                KvProtocol.Deployment d = p.deploy(fabric, new KvShape(8, 32), lastServes, false, 32);
                byte[] key = "key-0001".getBytes();
                byte[] value = new byte[32];
                Arrays.fill(value, (byte) 7);
                fabric.node(1).spawn("writer", () -> assertThat(d.clients().get(0).put(key, value)).isTrue());
                fabric.run();
                fabric.node(0).spawn("reader", () -> got[0] = d.clients().get(1).get(key));
                fabric.run();
                assertThat(pmRegions(fabric, 2)).as(p.cliName() + ": the server's PM is on node 2").isNotEmpty();
                assertThat(pmRegions(fabric, 0)).as(p.cliName() + ": nothing of the server on node 0").isEmpty();
                assertThat(pmRegions(fabric, 1)).as(p.cliName()).isEmpty();
            }
            assertThat(got[0]).as(p.cliName() + ": the second client reads the first one's put").containsExactly(value());
        }
    }

    @Test
    void aPlacementThatNamesANodeTwiceOrOneTheFabricLacksIsRefused() {
        assertThatThrownBy(() -> new KvProtocol.Placement(1, List.of(1, 2))).hasMessageContaining("distinct");
        assertThatThrownBy(() -> new KvProtocol.Placement(0, List.of(2, 2))).hasMessageContaining("distinct");
        assertThat(KvProtocol.Placement.serverFirst(3)).isEqualTo(new KvProtocol.Placement(0, List.of(1, 2, 3)));
        try (SimFabric fabric = SimFabric.builder().seed(4).node(CONFIG).node(CONFIG).build()) {
            KvProtocol erda = KvProtocols.parse("erda");
            assertThatThrownBy(() -> erda.deploy(fabric, new KvShape(8, 32), new KvProtocol.Placement(0, List.of(2)), false, 32))
                    .hasMessage("the fabric has nodes 0..1; the placement names node 2");
        }
    }

    /** The names of a node's PM regions (none when it registered no PM). */
    private static java.util.Set<String> pmRegions(SimFabric fabric, int node) {
        io.rdasuite.hwsim.memory.PmImage image = fabric.pmSnapshot(node);
        return image == null ? java.util.Set.of() : image.regions().keySet();
    }

    private static byte[] value() {
        byte[] v = new byte[32];
        Arrays.fill(v, (byte) 7);
        return v;
    }
}
