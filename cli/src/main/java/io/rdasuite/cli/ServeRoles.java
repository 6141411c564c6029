package io.rdasuite.cli;

import io.rdasuite.hwreal.ratis.RatisReplicaMain;
import io.rdasuite.hwreal.remote.RemoteTransport;
import io.rdasuite.hwreal.split.SplitLayout;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * {@code rda serve --role ...} other than the key-value store: TH-DPMS's monitor replica (paper 002 §4.1.3: three
 * replicas kept consistent by Raft, here Apache Ratis) and pDSM's PM server (paper 002 §4.1), each its own process
 * (docs/REAL-HARDWARE.md).
 */
final class ServeRoles {
    private ServeRoles() {
    }

    static int run(CommandSpec spec, String role, List<String> monitors, int index, long seed, Path pmDir, boolean json) throws Exception {
        return switch (role) {
            case "monitor" -> monitor(spec, monitors, index, seed, pmDir, json);
            default -> throw new ParameterException(spec.commandLine(), "--role: unknown value '" + role + "'; valid: store, monitor, pdsm-server");
        };
    }

    /**
     * One pDSM PM server (paper 002 §4.1) as its own process, its segments on mapped-file PM in {@code pmDir}: it replays
     * the deployment with its peers ({@link io.rdasuite.hwreal.split.SplitFabric}) and serves until killed. An empty
     * directory starts a new server; a directory a server used before restarts it: it rejoins the running deployment
     * once the monitor has declared it dead ({@link io.rdasuite.hwreal.split.PdsmProcesses#server}).
     */
    static int pdsmServer(CommandSpec spec, List<String> servers, String client, String monitorNode, List<String> clients, List<String> monitors,
                          int index, long seed, Path pmDir, SplitLayout.Layer layer, boolean json) throws Exception {
        boolean overKvs = layer != SplitLayout.Layer.OBJECTS;
        if (servers == null || servers.size() < 2 || (client == null) == (monitorNode == null) || monitors == null || monitors.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "--role pdsm-server needs --pdsm-servers (2 or more host:port), either --pdsm-client"
                    + " host:port or --pdsm-monitor-node host:port (with --pdsm-clients), and --monitors (the Ratis replicas)");
        }
        if ((monitorNode != null) != (clients != null && !clients.isEmpty())) {
            throw new ParameterException(spec.commandLine(), "--pdsm-monitor-node and --pdsm-clients go together (the transaction deployment's"
                    + " monitor node and client processes)");
        }
        if (overKvs && client == null) {
            throw new ParameterException(spec.commandLine(), (layer == SplitLayout.Layer.PDFS ? "--pdfs" : "--pdkvs")
                    + " goes with --pdsm-client (the layer beside the monitor node in one client process), not with --pdsm-monitor-node (the"
                    + " transaction deployment)");
        }
        if (index < 0 || index >= servers.size()) {
            throw new ParameterException(spec.commandLine(), "--index " + index + " is not a place in --pdsm-servers (0.." + (servers.size() - 1) + ")");
        }
        if (pmDir == null) {
            throw new ParameterException(spec.commandLine(), "--role pdsm-server needs --pm DIR: where its segments are mapped files");
        }
        Files.createDirectories(pmDir);
        boolean rejoin = Files.exists(pmDir.resolve(io.rdasuite.hwreal.split.PdsmProcesses.IDENTITIES));
        if (!rejoin) {
            try (var files = Files.list(pmDir)) {
                if (files.findAny().isPresent()) {
                    throw new ParameterException(spec.commandLine(), pmDir + " is neither empty (a new PM server) nor a PM server's directory (no "
                            + io.rdasuite.hwreal.split.PdsmProcesses.IDENTITIES + ": a restarted server rejoins from it); nothing was changed");
                }
            }
        }
        List<String> all = new java.util.ArrayList<>(servers);
        if (client != null) {
            all.add(client);
        } else {
            all.add(monitorNode);
            all.addAll(clients);
        }
        all.addAll(monitors);
        for (String m : all) {
            InetSocketAddress a;
            try {
                a = RemoteTransport.address(m);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage());
            }
            if (!a.getAddress().isLoopbackAddress()) {
                throw new ParameterException(spec.commandLine(), m + " is not a loopback address; the split pDSM deployment serves only on loopback");
            }
        }
        java.io.PrintStream log = json ? System.err : System.out; // with --json, stdout carries the one document
        log.println("pdsm-server " + index + (layer == SplitLayout.Layer.PDFS ? " (with pDKVS and pDFS)" : overKvs ? " (with pDKVS)" : "") + " at " + servers.get(index) + ", PM in " + pmDir + (rejoin ? "; restarted, rejoining" : "")
                + "; waiting for its peers");
        log.flush();
        SplitLayout layout = client == null ? SplitLayout.withTransactions(servers, monitorNode, clients)
                : SplitLayout.withClientProcess(servers, client, layer);
        AutoCloseable server = io.rdasuite.hwreal.split.PdsmProcesses.server(layout, monitors, index,
                new io.rdasuite.hwreal.pm.MappedFilePm(pmDir), pmDir, rejoin, seed, log);
        if (json) {
            System.out.println(Json.write(Json.object("command", "serve", "role", "pdsm-server", "index", index,
                    "listen", servers.get(index), "seed", seed, "rejoined", rejoin, "ready", true)));
        } else {
            System.out.println("READY");
        }
        System.out.flush();
        java.util.concurrent.CountDownLatch stop = new java.util.concurrent.CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                server.close();
            } catch (Exception ignored) {
                // exiting
            }
            stop.countDown();
        }));
        stop.await();
        return 0;
    }

    private static int monitor(CommandSpec spec, List<String> monitors, int index, long seed, Path pmDir, boolean json) throws Exception {
        if (monitors == null || monitors.size() < 3 || monitors.size() % 2 == 0) {
            throw new ParameterException(spec.commandLine(), "--role monitor needs --monitors with an odd number (3 or more) of host:port,"
                    + " one per replica, the same list in every replica");
        }
        if (index < 0 || index >= monitors.size()) {
            throw new ParameterException(spec.commandLine(), "--index " + index + " is not a place in --monitors (0.." + (monitors.size() - 1) + ")");
        }
        if (pmDir == null) {
            throw new ParameterException(spec.commandLine(), "--role monitor needs --pm DIR: where the replica keeps its Raft log");
        }
        for (String m : monitors) {
            InetSocketAddress a;
            try {
                a = RemoteTransport.address(m);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), "--monitors: " + e.getMessage());
            }
            if (!a.getAddress().isLoopbackAddress()) {
                throw new ParameterException(spec.commandLine(), "--monitors: " + m + " is not a loopback address; the monitor group has no"
                        + " authentication yet and serves only on loopback");
            }
        }
        Files.createDirectories(pmDir);
        String what = "monitor m" + index + " of " + monitors.size() + " at " + monitors.get(index) + ", Raft log in " + pmDir
                + " (file 'leader' there while it leads)";
        if (json) {
            System.out.println(Json.write(Json.object("command", "serve", "role", "monitor", "index", index,
                    "listen", monitors.get(index), "seed", seed, "started", what)));
        } else {
            System.out.println(what);
        }
        System.out.flush();
        RatisReplicaMain.serve(index, pmDir, seed, monitors);
        return 0;
    }
}
