package io.rdasuite.hwsim;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.hwsim.fabric.Counters;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.store.fabric.Clock;
import io.rdasuite.store.fabric.Connection;
import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.Opcode;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.fabric.WorkRequest;
import io.rdasuite.store.pm.LocalMemory;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;

/** Per-run and per-operation accounting (DESIGN §3): verbs, wire bytes, round trips, CPU, PM bytes, CRC bytes. */
class AccountingTest {
    @Test
    void countsPerOperationKind() {
        ServerConfig config = ServerConfig.parse("MHP+NODDIO+PM-RQWRB");
        try (SimFabric fabric = SimFabric.builder().seed(9).transport(Transport.IB).node(config).node(config).build()) {
            Node server = fabric.node(0);
            Node client = fabric.node(1);
            MemoryRegion pm = server.register(MemoryKind.PM, "data", 4096);
            Connection conn = fabric.connect(client, server);
            client.spawn("client", () -> {
                try (Clock.OperationScope put = client.clock().operation("put")) {
                    conn.requester().execute(WorkRequest.write(MemorySegment.ofArray(new byte[100]), pm.address(0), pm.rkey()));
                    conn.requester().execute(WorkRequest.flush());
                }
                try (Clock.OperationScope get = client.clock().operation("get")) {
                    conn.requester().execute(WorkRequest.read(MemorySegment.ofArray(new byte[64]), pm.address(0), pm.rkey()));
                }
            });
            LocalMemory local = server.local(pm);
            server.spawn("server", () -> {
                try (Clock.OperationScope verify = server.clock().operation("verify")) {
                    server.clock().chargeCrc(4096);
                    local.store8(512, 7);
                }
            });
            fabric.run();
            Counters put = fabric.accounting().byOperation().get("put");
            Counters get = fabric.accounting().byOperation().get("get");
            Counters verify = fabric.accounting().byOperation().get("verify");
            assertThat(put.operations()).isEqualTo(1);
            assertThat(put.verbs(Opcode.WRITE)).isEqualTo(1);
            assertThat(put.verbs(Opcode.FLUSH)).isEqualTo(1);
            assertThat(put.verbs(Opcode.READ)).isZero();
            assertThat(put.pmBytesWritten()).isEqualTo(100);
            assertThat(put.roundTrips()).as("IB ack of the WRITE + FLUSH response").isEqualTo(2);
            assertThat(put.wireBytes()).isGreaterThan(100);
            assertThat(get.verbs(Opcode.READ)).isEqualTo(1);
            assertThat(get.roundTrips()).isEqualTo(1);
            assertThat(get.pmBytesWritten()).isZero();
            assertThat(verify.crcBytes()).isEqualTo(4096);
            assertThat(verify.cpuNanos()).as("4.4 us per 4 KiB CRC plus a store").isGreaterThanOrEqualTo(4400);
            assertThat(verify.pmBytesWritten()).isEqualTo(8);
            Counters total = fabric.accounting().total();
            assertThat(total.totalVerbs()).isEqualTo(3);
            assertThat(total.pmBytesWritten()).isEqualTo(108);
            assertThat(total.crcBytes()).isEqualTo(4096);
        }
    }
}
