package io.rdasuite.bench.kv;

import io.rdasuite.store.protocol.KvProtocol;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.kv.KvClient;
import io.rdasuite.store.kv.KvShape;

/**
 * PM bytes written by one create, one update and one delete (paper 000 §5.6, Table 1), measured by the
 * simulator's accounting on real operations: one client, one operation at a time, the counter read once
 * the fabric is quiet after each.
 */
public final class NvmWrites {
    /** Bytes written to PM by each operation. */
    public record Result(long create, long update, long delete) {
    }

    private static final long SETTLE_NS = 50_000;

    private NvmWrites() {
    }

    public static Result measure(KvProtocol protocol, KvShape shape) {
        ServerConfig config = ServerConfig.parse("DMP+NODDIO+DRAM-RQWRB");
        long[] bytes = new long[3];
        try (SimFabric fabric = SimFabric.builder().seed(1).node(config).node(config).build()) {
            KvClient client = protocol.deployPaperLayout(fabric, shape, 1, 32, 256).clients().getFirst();
            byte[] key = new byte[shape.keyBytes()];
            java.util.Arrays.fill(key, (byte) 'k');
            byte[] v1 = new byte[shape.valueBytes()];
            byte[] v2 = new byte[shape.valueBytes()];
            java.util.Arrays.fill(v1, (byte) 1);
            java.util.Arrays.fill(v2, (byte) 2);
            fabric.node(1).spawn("nvm-writes", () -> {
                settle(fabric);
                bytes[0] = counted(fabric, () -> client.put(key, v1));
                bytes[1] = counted(fabric, () -> client.put(key, v2));
                bytes[2] = counted(fabric, () -> client.delete(key));
            });
            fabric.run();
        }
        return new Result(bytes[0], bytes[1], bytes[2]);
    }

    private static long counted(SimFabric fabric, java.util.function.BooleanSupplier op) {
        long before = fabric.accounting().total().pmBytesWritten();
        if (!op.getAsBoolean()) {
            throw new IllegalStateException("operation failed without a fault");
        }
        settle(fabric);
        return fabric.accounting().total().pmBytesWritten() - before;
    }

    private static void settle(SimFabric fabric) {
        fabric.node(1).clock().sleepNanos(SETTLE_NS);
    }
}
