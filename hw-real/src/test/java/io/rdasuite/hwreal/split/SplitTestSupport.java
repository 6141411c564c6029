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

    /** A stream whose lines (a monitor node's events) are added to {@code into} as they are printed. */
    static java.io.PrintStream lines(java.util.List<String> into) {
        return new java.io.PrintStream(new java.io.OutputStream() {
            private final StringBuilder line = new StringBuilder();

            @Override
            public synchronized void write(int b) {
                if (b == '\n') {
                    into.add(line.toString());
                    line.setLength(0);
                } else {
                    line.append((char) b);
                }
            }
        }, true);
    }

    /** Closes every process's part of a deployment (each failure ignored), then the Ratis replicas. */
    static void closeAll(java.util.List<AutoCloseable> open, java.util.List<org.apache.ratis.server.RaftServer> replicas) throws IOException {
        for (AutoCloseable c : open) {
            try {
                c.close();
            } catch (Exception ignored) {
                // closing
            }
        }
        for (org.apache.ratis.server.RaftServer r : replicas) {
            r.close();
        }
    }

    /**
     * Starts the processes of a transaction deployment but its coordinators, each on a thread of its own (their replays
     * wait for one another): the 3 PM servers of {@code layout} on mapped-file PM under {@code dir/s<i>}, then the monitor
     * node, printing its events to {@code monitorOut}. The futures are in that order.
     */
    static java.util.List<java.util.concurrent.CompletableFuture<AutoCloseable>> startServersAndMonitorNode(java.nio.file.Path dir, SplitLayout layout,
            java.util.List<String> monitors, java.io.PrintStream monitorOut) throws IOException {
        java.util.List<java.util.concurrent.CompletableFuture<AutoCloseable>> started = new java.util.ArrayList<>();
        for (int i = 0; i < 3; i++) {
            int index = i;
            java.nio.file.Path pm = dir.resolve("s" + i);
            java.nio.file.Files.createDirectories(pm);
            started.add(java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                try {
                    return PdsmProcesses.server(layout, monitors, index, new io.rdasuite.hwreal.pm.MappedFilePm(pm), pm, false, 1, SplitCoordinatorKillTest.QUIET);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }, r -> Thread.ofPlatform().start(r)));
        }
        started.add(java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return TxnProcesses.monitorNode(layout, monitors, 1, false, monitorOut);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }, r -> Thread.ofPlatform().start(r)));
        return started;
    }

    /** A transaction deployment's layout on free loopback ports: 3 PM servers, the monitor node, one coordinator. */
    static SplitLayout transactionLayout() throws IOException {
        java.util.List<String> servers = new java.util.ArrayList<>();
        for (int i = 0; i < 3; i++) {
            servers.add("127.0.0.1:" + freePair());
        }
        return SplitLayout.withTransactions(servers, "127.0.0.1:" + freePair(), java.util.List.of("127.0.0.1:" + freePair()));
    }
}
