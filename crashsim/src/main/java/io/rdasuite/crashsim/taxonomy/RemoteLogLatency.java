package io.rdasuite.crashsim.taxonomy;

import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.store.fabric.Connection;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.persist.Recipe;
import io.rdasuite.store.persist.UpdateResponder;
import io.rdasuite.store.remotelog.RemoteLog;

/**
 * REMOTELOG's benchmark (paper 003 §4.1): one client appends 64-byte records back to back, each persisted
 * by one recipe; the result is the simulated mean append latency (paper 003 Fig. 2 reports the same).
 */
public final class RemoteLogLatency {
    /**
     * @param meanLatencyNs simulated mean latency of one persistent append
     * @param appends       appends measured
     * @param wireBytes     bytes on the wire per append
     */
    public record Result(long meanLatencyNs, int appends, long wireBytes) {
    }

    private RemoteLogLatency() {
    }

    public static Result measure(ServerConfig config, Transport transport, Recipe recipe, int appends, long seed) {
        long[] total = new long[1];
        try (SimFabric fabric = SimFabric.builder().seed(seed).transport(transport).node(config).node(config).build()) {
            Node server = fabric.node(0);
            Node client = fabric.node(1);
            MemoryRegion log = RemoteLog.register(server, appends);
            Connection conn = fabric.connect(client, server);
            UpdateResponder.start(server, conn.responder(), UpdateResponder.registerBuffers(server, "log-responder"), log, "log-responder");
            RemoteLog.Appender appender = new RemoteLog.Appender(client, conn.requester(), log, appends, recipe, "appender");
            client.spawn("appender", () -> {
                for (int i = 0; i < appends; i++) {
                    long start = client.clock().nowNanos();
                    if (!appender.append(i, seed)) {
                        throw new IllegalStateException("append " + i + " failed without a fault");
                    }
                    total[0] += client.clock().nowNanos() - start;
                }
            });
            fabric.run();
            return new Result(total[0] / appends, appends, fabric.accounting().total().wireBytes() / appends);
        }
    }
}
