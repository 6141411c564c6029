package io.rdasuite.hwreal;

import static io.rdasuite.hwreal.StoresOnLoopbackTest.CONFIG;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.rdasuite.hwreal.disni.DisniSupport;
import io.rdasuite.hwreal.disni.DisniTransport;
import io.rdasuite.hwreal.remote.RemoteTransport;
import java.io.IOException;
import java.net.InetSocketAddress;
import org.junit.jupiter.api.Test;

/**
 * Every store over real RDMA through DiSNI, server and clients in this JVM on the device's address
 * ({@code RDA_DISNI_ADDRESS}, the IP of an RDMA-capable interface). Skipped, saying what is missing, on a
 * machine without an RDMA device, rdma-core or libdisni.
 */
class StoresOverDisniTest {
    @Test
    void everyStoreServesTwoClientsOverRdma() throws IOException {
        String missing = DisniSupport.missing().orElse(null);
        assumeTrue(missing == null, () -> "DiSNI skipped: " + missing);
        String address = System.getenv("RDA_DISNI_ADDRESS");
        assumeTrue(address != null, "DiSNI skipped: set RDA_DISNI_ADDRESS to the IP of an RDMA interface");
        InetSocketAddress listen = new InetSocketAddress(address, 19_871);
        StoresOverTcpTest.everyStoreServesTwoRemoteClients(() -> DisniTransport.open(0, CONFIG, null, listen),
                () -> (RemoteTransport) DisniTransport.open(1, CONFIG, null, null), listen);
    }
}
