package io.rdasuite.hwreal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rdasuite.hwreal.loopback.LoopbackFabric;
import io.rdasuite.store.efactory.EfProtocol;
import io.rdasuite.store.protocol.KvProtocol;
import io.rdasuite.store.protocol.KvProtocols;
import io.rdasuite.store.protocol.StoreDescriptor;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** A store's descriptor carries exactly what its clients need, for every protocol, and bad bytes are refused clearly. */
class StoreDescriptorTest {
    @Test
    void everyProtocolsHandleSurvivesTheRoundTrip() {
        for (KvProtocol p : KvProtocols.all()) {
            try (LoopbackFabric f = LoopbackFabric.builder().node(StoresOnLoopbackTest.CONFIG).build()) {
                KvProtocol.StoreServer server = p.startServer(f.node(0), new KvProtocol.ServerSpec(StoresOnLoopbackTest.SHAPE, 3, 64, false, 256, false, false));
                byte[] descriptor = StoreDescriptor.of(p, server);
                assertThat(StoreDescriptor.protocol(descriptor)).isEqualTo(p);
                Object handle = StoreDescriptor.decode(descriptor);
                assertThat(StoreDescriptor.encode(p, handle)).as(p.cliName()).isEqualTo(descriptor);
                assertThat(handle.toString()).contains("rkey");
            }
        }
    }

    @Test
    void corruptOrTruncatedDescriptorsAreRefused() {
        byte[] good;
        try (LoopbackFabric f = LoopbackFabric.builder().node(StoresOnLoopbackTest.CONFIG).build()) {
            good = StoreDescriptor.of(EfProtocol.EFACTORY, EfProtocol.EFACTORY.startServer(f.node(0),
                    new KvProtocol.ServerSpec(StoresOnLoopbackTest.SHAPE, 1, 64, false, 256, false, false)));
        }
        assertThatThrownBy(() -> StoreDescriptor.decode(Arrays.copyOf(good, good.length / 2))).hasMessageContaining("truncated or corrupt");
        byte[] wrongMagic = good.clone();
        wrongMagic[0] ^= 1;
        assertThatThrownBy(() -> StoreDescriptor.decode(wrongMagic)).hasMessageContaining("descriptor magic");
    }
}
