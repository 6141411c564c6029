package io.rdasuite.cli;

import io.rdasuite.hwreal.tcp.TcpTransport;
import io.rdasuite.hwreal.wire.WireLimits;
import java.net.InetSocketAddress;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code rda serve-status HOST:PORT}: asks an {@code rda serve --fabric tcp} for its status report (a status hello,
 * answered and closed; it takes no client slot) and prints it, one JSON object: the connections accepted, refused
 * at their hello and closed for bad input or silence, the frames received, the client slots and how many are in use,
 * and with {@code --checksum} a CRC-32C over every region the server registered.
 */
@Command(name = "serve-status", mixinStandardHelpOptions = true,
        description = "Print the status of an `rda serve --fabric tcp`: connection counters and client slots in use (JSON).")
final class ServeStatusCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @picocli.CommandLine.Mixin
    JsonOption common;

    @picocli.CommandLine.Mixin
    NoSeedOption noSeed;

    @Parameters(paramLabel = "HOST:PORT", description = "The server's --listen address.")
    String server;

    @Option(names = "--checksum", description = "Add a CRC-32C of every region the server registered (reads all of them).")
    boolean checksum;

    @Option(names = "--secret-file", paramLabel = "PATH", description = "A copy of the server's --secret-file, when it has one.")
    java.nio.file.Path secretFile;

    @Override
    public Integer call() throws Exception {
        InetSocketAddress at = ServeCommand.address(spec, server);
        io.rdasuite.hwreal.auth.Secret secret = secretFile == null ? null : ServeCommand.secret(spec, secretFile, false);
        try {
            spec.commandLine().getOut().println(TcpTransport.status(at, checksum, WireLimits.DEFAULTS, secret));
            spec.commandLine().getOut().flush();
            return 0;
        } catch (java.io.IOException e) {
            return Errors.fail(spec, common.json, Errors.EXIT_ENVIRONMENT, "cannot get the status of " + server + ": " + e.getMessage()
                    + (e.getMessage() != null && e.getMessage().startsWith("server refused") ? "" : " (is 'rda serve --fabric tcp' running there?)"));
        }
    }
}
