package io.rdasuite.cli;

import io.rdasuite.hwreal.remote.RemoteCheck;
import io.rdasuite.hwreal.remote.RemoteTransport;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** {@code rda check --fabric tcp|disni --servers host:port --phase write|verify}: {@link RemoteCheck} from the command line. */
final class RemoteCheckRun {
    private RemoteCheckRun() {
    }

    static int run(CommandSpec spec, CommonOptions common, RemoteOptions remote, RemoteCheckOptions o) throws IOException {
        List<InetSocketAddress> servers = remote.addresses(spec);
        if (servers.size() != 1) {
            throw new ParameterException(spec.commandLine(), "the remote check drives one server; give one --servers host:port");
        }
        if (o.history == null) {
            throw new ParameterException(spec.commandLine(), "--fabric " + remote.fabric + " needs --history FILE: the history the write phase"
                    + " records and the verify phase reads");
        }
        if (o.writers < 1 || o.writers > 64 || o.keysPerWriter < 1 || o.ops < 0) {
            throw new ParameterException(spec.commandLine(), "--writers must be 1..64, --keys-per-writer positive, --ops >= 0");
        }
        PrintWriter out = spec.commandLine().getOut();
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("command", "check");
        doc.put("fabric", remote.fabric);
        doc.put("server", remote.servers.getFirst());
        doc.put("phase", o.phase);
        doc.put("history", o.history.toString());
        int exit;
        try (RemoteTransport transport = remote.open(spec)) {
            switch (o.phase) {
                case "write" -> {
                    RemoteCheck.Written w = RemoteCheck.write(transport, servers.getFirst(), o.writers, o.keysPerWriter, o.ops, common.seed, o.history);
                    doc.put("protocol", w.protocol().cliName());
                    doc.put("acknowledgedPuts", w.acknowledged());
                    doc.put("unknownPuts", w.unknown());
                    doc.put("serverLost", w.serverLost());
                    if (!common.json) {
                        out.printf("write phase against %s (%s): %d puts acknowledged, %d unknown%s; history in %s%n", remote.servers.getFirst(),
                                w.protocol().cliName(), w.acknowledged(), w.unknown(), w.serverLost() ? ", then the server went away" : "", o.history);
                    }
                    exit = 0;
                }
                case "verify" -> {
                    RemoteCheck.Verified v = RemoteCheck.verify(transport, servers.getFirst(), o.history, o.waitMs, o.afterCrash);
                    doc.put("protocol", v.protocol().cliName());
                    doc.put("keys", v.keys());
                    doc.put("problems", v.problems());
                    doc.put("verdict", v.problems().isEmpty() ? "PASS" : "FAIL");
                    if (!common.json) {
                        out.printf("verify phase against %s (%s): %d keys read back, %s%n", remote.servers.getFirst(), v.protocol().cliName(), v.keys(),
                                v.problems().isEmpty() ? "PASS: no torn value, no acknowledged put lost" : "FAIL:");
                        v.problems().forEach(p -> out.println("  " + p));
                    }
                    exit = v.problems().isEmpty() ? 0 : 1;
                }
                case "campaign" -> {
                    if (o.until == null) {
                        throw new ParameterException(spec.commandLine(), "--phase campaign needs --until FILE: the campaign ends once it exists");
                    }
                    java.util.function.Consumer<String> lines = line -> {
                        if (!common.json) {
                            out.println(line);
                            out.flush();
                        }
                    };
                    RemoteCheck.Campaign c = RemoteCheck.campaign(transport, servers.getFirst(), o.writers, o.keysPerWriter, common.seed, o.history,
                            o.until, o.waitMs, lines);
                    doc.put("protocol", c.protocol().cliName());
                    doc.put("crashes", c.crashes());
                    doc.put("acknowledgedPuts", c.acknowledged());
                    doc.put("unknownPuts", c.unknown());
                    doc.put("problems", c.problems());
                    doc.put("verdict", c.problems().isEmpty() ? "PASS" : "FAIL");
                    if (!common.json) {
                        out.printf("campaign against %s (%s): %d crashes, each followed by a verify; %d puts acknowledged, %d unknown; %s%n",
                                remote.servers.getFirst(), c.protocol().cliName(), c.crashes(), c.acknowledged(), c.unknown(),
                                c.problems().isEmpty() ? "PASS: no torn value, no acknowledged put lost" : "FAIL:");
                        c.problems().forEach(p -> out.println("  " + p));
                    }
                    exit = c.problems().isEmpty() ? 0 : 1;
                }
                default -> throw new ParameterException(spec.commandLine(), "unknown --phase '" + o.phase + "'; valid: write, verify, campaign");
            }
        }
        if (common.json) {
            out.println(Json.write(doc));
        }
        out.flush();
        return exit;
    }
}
