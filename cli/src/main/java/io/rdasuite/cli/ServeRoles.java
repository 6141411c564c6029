package io.rdasuite.cli;

import io.rdasuite.hwreal.ratis.RatisReplicaMain;
import io.rdasuite.hwreal.remote.RemoteTransport;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * {@code rda serve --role ...} other than the key-value store: TH-DPMS's monitor replica (paper 002 §4.1.3: three
 * replicas kept consistent by Raft, here Apache Ratis). {@code pdsm-server} is refused with a pointer to what is
 * missing (docs/REAL-HARDWARE.md).
 */
final class ServeRoles {
    private ServeRoles() {
    }

    static int run(CommandSpec spec, String role, List<String> monitors, int index, long seed, Path pmDir) throws Exception {
        return switch (role) {
            case "monitor" -> monitor(spec, monitors, index, seed, pmDir);
            case "pdsm-server" -> throw new ParameterException(spec.commandLine(), "--role pdsm-server is not implemented yet: pDSM's PM"
                    + " servers run in one process per cluster (the simulator, the loopback fabric); see docs/REAL-HARDWARE.md, TH-DPMS");
            default -> throw new ParameterException(spec.commandLine(), "--role: unknown value '" + role + "'; valid: store, monitor, pdsm-server");
        };
    }

    private static int monitor(CommandSpec spec, List<String> monitors, int index, long seed, Path pmDir) throws Exception {
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
        System.out.println("monitor m" + index + " of " + monitors.size() + " at " + monitors.get(index) + ", Raft log in " + pmDir
                + " (file 'leader' there while it leads)");
        RatisReplicaMain.serve(index, pmDir, seed, monitors);
        return 0;
    }
}
