package io.rdasuite.cli;

import io.rdasuite.hwreal.remote.RemoteTransport;
import io.rdasuite.store.fabric.ServerConfig;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** {@code --fabric} and {@code --servers}: run against servers started by {@code rda serve} instead of the simulator. */
final class RemoteOptions {
    @Option(names = "--fabric", defaultValue = "sim",
            description = "sim (the simulator, default), or tcp / disni to drive servers started by rda serve (needs --servers).")
    String fabric;

    @Option(names = "--servers", split = ",", description = "host:port of each rda serve, comma-separated.")
    List<String> servers;

    @Option(names = "--secret-file", paramLabel = "PATH", description = "tcp: a copy of the servers' --secret-file, to prove we hold "
            + "their secret (and to require them to prove it back).")
    java.nio.file.Path secretFile;

    boolean remote() {
        return !"sim".equalsIgnoreCase(fabric);
    }

    /** The servers' addresses; an error when --fabric is remote and none are given, or --servers comes without it. */
    List<InetSocketAddress> addresses(CommandSpec spec) {
        if (!remote()) {
            if (servers != null && !servers.isEmpty()) {
                throw new ParameterException(spec.commandLine(), "--servers needs --fabric tcp or --fabric disni");
            }
            return List.of();
        }
        if (servers == null || servers.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "--fabric " + fabric + " needs --servers host:port[,host:port...]");
        }
        List<InetSocketAddress> out = new ArrayList<>();
        for (String s : servers) {
            out.add(ServeCommand.address(spec, s));
        }
        return out;
    }

    /** This process's client-side transport. */
    RemoteTransport open(CommandSpec spec) throws java.io.IOException {
        io.rdasuite.hwreal.auth.Secret secret = secretFile == null ? null : ServeCommand.secret(spec, secretFile, false);
        return ServeCommand.transport(spec, fabric, 1, ServerConfig.parse("MHP+DDIO+DRAM-RQWRB"), null, null, secret);
    }
}
