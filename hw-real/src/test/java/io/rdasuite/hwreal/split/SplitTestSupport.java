package io.rdasuite.hwreal.split;

import java.io.IOException;
import java.net.ServerSocket;
import java.util.function.BooleanSupplier;

/** What the split deployment's loopback tests share: free ports and a bounded wait. */
final class SplitTestSupport {
    private SplitTestSupport() {
    }

    /** A free port whose successor (the region registry) was free too when asked. */
    static int freePair() throws IOException {
        while (true) {
            try (ServerSocket a = new ServerSocket(0); ServerSocket b = new ServerSocket(a.getLocalPort() + 1)) {
                return a.getLocalPort();
            } catch (IOException taken) {
                // try another
            }
        }
    }

    /** Starts the three Ratis monitor replicas at {@code monitors} (seed 1), their logs under {@code dir}/m0..m2. */
    static java.util.List<org.apache.ratis.server.RaftServer> startMonitorReplicas(java.nio.file.Path dir, java.util.List<String> monitors)
            throws Exception {
        java.util.List<org.apache.ratis.server.RaftServer> replicas = new java.util.ArrayList<>();
        for (int i = 0; i < monitors.size(); i++) {
            replicas.add(io.rdasuite.hwreal.ratis.RatisReplicaMain.start(i, dir.resolve("m" + i), 1, monitors));
        }
        return replicas;
    }

    /** Polls {@code check} every 50 ms for up to {@code seconds}; its last answer. */
    static boolean await(BooleanSupplier check, int seconds) throws InterruptedException {
        for (int i = 0; i < seconds * 20 && !check.getAsBoolean(); i++) {
            Thread.sleep(50);
        }
        return check.getAsBoolean();
    }
}
