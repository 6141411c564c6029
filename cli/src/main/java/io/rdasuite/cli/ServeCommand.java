package io.rdasuite.cli;

import io.rdasuite.hwreal.auth.Secret;
import io.rdasuite.hwreal.pm.LlplPm;
import io.rdasuite.hwreal.pm.MappedFilePm;
import io.rdasuite.hwreal.pm.PersistentMemory;
import io.rdasuite.hwreal.remote.RemoteTransport;
import io.rdasuite.hwreal.remote.StoreHost;
import io.rdasuite.hwreal.remote.StoreSize;
import io.rdasuite.hwreal.remote.Transports;
import io.rdasuite.hwreal.wire.WireLimits;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.kv.KvShape;
import io.rdasuite.store.protocol.KvProtocol;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code rda serve}: one store server node for clients in other processes or on other machines, over RDMA
 * (DiSNI) or the TCP emulation of the verbs. With {@code --pm DIR} its PM regions are files (or an LLPL heap)
 * there; a restart on the same directory recovers the store before serving. Runs until killed. With
 * {@code --secret-file} (made when missing) a TCP client must prove it holds the secret before anything else; beyond
 * loopback a secret is required (or {@code --insecure-no-secret} said out loud).
 */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = "Serve a key-value store to remote clients (rda bench ycsb / rda check --fabric ... --servers ...).")
final class ServeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--fabric", description = "disni (RDMA NICs) or tcp (the verbs emulated over TCP); required by --role store.")
    String fabric;

    @Option(names = "--listen", description = "host:port to accept clients on; required by --role store.")
    String listen;

    @Option(names = "--role", defaultValue = "store", description = "store (default: a key-value store server), monitor (one TH-DPMS"
            + " monitor replica on Apache Ratis: --monitors, --index, --pm), pdsm-server (one pDSM PM server on mapped-file PM:"
            + " --pdsm-servers, --pdsm-client or --pdsm-monitor-node and --pdsm-clients, --monitors, --index, --pm; see docs/REAL-HARDWARE.md).")
    String role;

    @Option(names = "--monitors", split = ",", description = "--role monitor: host:port of every monitor replica, in index order.")
    java.util.List<String> monitors;

    @Option(names = "--pdsm-servers", split = ",", description = "--role pdsm-server: host:port of every PM server, in node order (the"
            + " region registry of each is at the next port).")
    java.util.List<String> pdsmServers;

    @Option(names = "--pdsm-client", description = "--role pdsm-server: host:port of the client process (rda thdpms-client --listen).")
    String pdsmClient;

    @Option(names = "--pdsm-monitor-node", description = "--role pdsm-server, instead of --pdsm-client: host:port of the monitor node's own"
            + " process (rda thdpms-client --role monitor-node); the deployment then has transactions (a log and a participant on this"
            + " server) and --pdsm-clients.")
    String pdsmMonitorNode;

    @Option(names = "--pdsm-clients", split = ",", description = "With --pdsm-monitor-node: host:port of every client process, in client order.")
    java.util.List<String> pdsmClients;

    @Option(names = "--pdkvs", description = "--role pdsm-server with --pdsm-client: pDKVS's CCEH index runs on this server too (paper 002"
            + " §4.3); the client runs rda thdpms-client --store pdkvs.")
    boolean pdkvs;

    @Option(names = "--pdfs", description = "--role pdsm-server with --pdsm-client: pDKVS's index runs on this server with pDFS over it (paper"
            + " 002 §4.2: the server keeps every file's data block alive through its inode); the client runs rda thdpms-client --store pdfs.")
    boolean pdfs;

    @Option(names = "--index", defaultValue = "0", description = "--role monitor: this replica's place in --monitors; --role pdsm-server:"
            + " this server's place in --pdsm-servers (default: ${DEFAULT-VALUE}).")
    int index;

    @Option(names = "--seed", paramLabel = "N", description = "--role monitor and pdsm-server: the deployment's seed (backup placement; default 1),"
            + " the same in every process. A store server makes no random choice and refuses it.")
    Long seed;

    @picocli.CommandLine.Mixin
    JsonOption common;

    @Option(names = "--protocol", defaultValue = "erda", converter = Converters.Protocol.class,
            description = "The store (default: ${DEFAULT-VALUE}): erda, redo, raw, efactory, efactory-nohr, saw, imm, forca.")
    KvProtocol protocol;

    @Option(names = "--pm", description = "Directory of the PM regions; without it PM is off-heap memory, lost at exit.")
    Path pmDir;

    @Option(names = "--pm-backend", defaultValue = "mapped", description = "mapped (JDK mapped files) or llpl (default: ${DEFAULT-VALUE}).")
    String pmBackend;

    @Option(names = "--pm-bytes", defaultValue = "4294967296", description = "LLPL heap size (default: ${DEFAULT-VALUE}).")
    long pmBytes;

    @Option(names = "--max-clients", defaultValue = "16", description = "Clients connected at once (default: ${DEFAULT-VALUE}).")
    int maxClients;

    @Option(names = "--keys", defaultValue = "10000", description = "Keys the table is sized for (default: ${DEFAULT-VALUE}).")
    int keys;

    @Option(names = "--versions", description = "Object versions the logs hold (default: 8 per key).")
    Integer versions;

    @Option(names = "--key-size", defaultValue = "16", description = "Key bytes (default: ${DEFAULT-VALUE}).")
    int keySize;

    @Option(names = "--value-size", defaultValue = "1024", description = "Value bytes (default: ${DEFAULT-VALUE}).")
    int valueSize;

    @Option(names = "--config", defaultValue = "MHP+DDIO+PM-RQWRB", converter = Converters.Config.class,
            description = "This server's configuration as the protocols see it (default: ${DEFAULT-VALUE}).")
    ServerConfig config;

    @Option(names = "--hello-timeout-ms", defaultValue = "5000",
            description = "tcp: a connection that has not said hello by then is closed (default: ${DEFAULT-VALUE}).")
    int helloTimeoutMs;

    @Option(names = "--idle-timeout-ms", defaultValue = "60000", description = "tcp: a connection silent this long (a live peer PINGs "
            + "several times per period), or not reading our frames this long, is closed (default: ${DEFAULT-VALUE}).")
    int idleTimeoutMs;

    @Option(names = "--max-frame-bytes", defaultValue = "16777216",
            description = "tcp: the largest frame a client may send; larger ones close its connection (default: ${DEFAULT-VALUE}).")
    int maxFrameBytes;

    @Option(names = "--secret-file", paramLabel = "PATH", description = "tcp: clients must prove they hold this secret (32 random bytes as hex, "
            + "made with mode 0600 when the file is missing; a file group or others can read is refused). Required to listen beyond loopback.")
    Path secretFile;

    @Option(names = "--insecure-no-secret", description = "Listen beyond loopback without a secret: any host that reaches the port may use "
            + "the store (DiSNI, which cannot check a secret yet, on a trusted network).")
    boolean insecureNoSecret;

    @Override
    public Integer call() throws Exception {
        if (!role.equals("store")) {
            long s = seed == null ? 1 : seed;
            if ((pdkvs || pdfs) && !role.equals("pdsm-server")) {
                throw new ParameterException(spec.commandLine(), (pdkvs ? "--pdkvs" : "--pdfs") + " goes with --role pdsm-server, not --role " + role);
            }
            if (pdkvs && pdfs) {
                throw new ParameterException(spec.commandLine(), "--pdkvs or --pdfs, not both (a pDFS server runs pDKVS's index too)");
            }
            io.rdasuite.hwreal.split.SplitLayout.Layer layer = pdfs ? io.rdasuite.hwreal.split.SplitLayout.Layer.PDFS
                    : pdkvs ? io.rdasuite.hwreal.split.SplitLayout.Layer.PDKVS : io.rdasuite.hwreal.split.SplitLayout.Layer.OBJECTS;
            return role.equals("pdsm-server") ? ServeRoles.pdsmServer(spec, pdsmServers, pdsmClient, pdsmMonitorNode, pdsmClients, monitors, index, s, pmDir,
                    layer, common.json)
                    : ServeRoles.run(spec, role, monitors, index, s, pmDir, common.json);
        }
        if (seed != null) {
            throw new ParameterException(spec.commandLine(), "--seed does not apply to --role store: a store server makes no random choice"
                    + " (the seed of a run is its client's: rda bench ycsb / rda check --seed); it applies to --role monitor and pdsm-server");
        }
        if (fabric == null || listen == null) {
            throw new ParameterException(spec.commandLine(), "Missing required option: " + (fabric == null ? "'--fabric=<fabric>'" : "'--listen=<listen>'"));
        }
        if (maxClients < 1 || keys < 1 || keySize < 8 || keySize > 256 || valueSize < 16 || valueSize > 65536) {
            throw new ParameterException(spec.commandLine(), "sizes out of range: --max-clients >= 1, --keys >= 1, --key-size 8..256, --value-size 16..65536");
        }
        InetSocketAddress address = address(spec, listen);
        Secret secret = secretFile == null ? null : secret(spec, secretFile, true);
        if (secret == null && !insecureNoSecret && !loopback(address)) {
            throw new ParameterException(spec.commandLine(), "refusing to listen on " + listen + " (beyond loopback) without a secret: "
                    + "give --secret-file PATH (made when missing; copy it to the clients), or listen on 127.0.0.1; "
                    + "--insecure-no-secret serves anyone who reaches the port");
        }
        int logVersions = versions != null ? versions : 8 * keys;
        StoreManifest wanted = new StoreManifest(protocol.cliName(), keySize, valueSize, maxClients, keys, logVersions);
        boolean recover = false;
        if (pmDir != null) {
            StoreManifest stored = StoreManifest.read(pmDir);
            if (stored != null) {
                String mismatch = stored.mismatch(wanted);
                if (mismatch != null) {
                    throw new ParameterException(spec.commandLine(), "refusing to serve " + pmDir + ": " + mismatch
                            + "; restart with the stored options, or give another --pm directory (nothing was changed)");
                }
                recover = true;
            }
        }
        PrintStream log = common.json ? System.err : System.out; // with --json, stdout carries the one document
        WireLimits limits = limits();
        PersistentMemory pm = pm();
        RemoteTransport transport;
        try {
            transport = Transports.open(fabric, 0, config, pm, address, limits, log::println, secret);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage()); // exit 2; a fabric that cannot run here is exit 4 (Errors)
        }
        StoreHost host = StoreHost.start(transport, protocol, new StoreSize(new KvShape(keySize, valueSize), maxClients, keys, logVersions), recover, log);
        if (pmDir != null && !recover) {
            wanted.write(pmDir); // once the store is laid out: a failed start leaves the directory as it was
        }
        InetSocketAddress bound = host.listen(address);
        log.printf("rda serve: %s on %s:%d over %s; PM: %s%s%n", protocol.cliName(), bound.getHostString(), bound.getPort(), transport.name(),
                pm == null ? "off-heap memory (lost at exit)" : pm.describe(), recover ? "; recovered (" + host.recovered() + ")" : "");
        if (transport.name().equals("tcp")) {
            log.printf("rda serve: each connection closed for bad input or silence is logged in one line; `rda serve-status %s:%d` "
                    + "reports the counters and the client slots in use%n", bound.getHostString(), bound.getPort());
            log.println(secret != null ? "rda serve: clients must prove they hold the secret of " + secret.describe()
                    + " (give them a copy, mode 0600)" : "rda serve: no --secret-file: any process that reaches the port may use the store");
        }
        if (common.json) {
            java.util.Map<String, Object> doc = new java.util.LinkedHashMap<>();
            doc.put("command", "serve");
            doc.put("role", "store");
            doc.put("protocol", protocol.cliName());
            doc.put("listen", bound.getHostString() + ":" + bound.getPort());
            doc.put("transport", transport.name());
            doc.put("pm", pm == null ? "off-heap memory (lost at exit)" : pm.describe());
            doc.put("recovered", recover ? host.recovered() : null);
            doc.put("secret", secret != null);
            doc.put("ready", true);
            System.out.println(Json.write(doc));
            System.out.flush();
        } else {
            log.println("READY");
        }
        log.flush();
        CountDownLatch stop = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            host.close();
            if (pm != null) {
                pm.close();
            }
            stop.countDown();
        }));
        stop.await();
        return 0;
    }

    private WireLimits limits() {
        try {
            return new WireLimits(maxFrameBytes, Duration.ofMillis(helloTimeoutMs), Duration.ofMillis(idleTimeoutMs),
                    WireLimits.DEFAULTS.maxWaitingRequests(), WireLimits.DEFAULTS.maxPendingHellos(),
                    Math.max(WireLimits.DEFAULTS.maxConnections(), 4 * maxClients)); // room for refused and status connections
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--hello-timeout-ms, --idle-timeout-ms, --max-frame-bytes: " + e.getMessage());
        }
    }

    private PersistentMemory pm() throws IOException {
        if (pmDir == null) {
            return null;
        }
        return switch (pmBackend) {
            case "mapped" -> new MappedFilePm(pmDir);
            case "llpl" -> {
                String why = LlplPm.unavailableBecause();
                if (why != null) {
                    throw new ParameterException(spec.commandLine(), "--pm-backend llpl cannot run here: " + why);
                }
                yield new LlplPm(pmDir.resolve("llpl.heap"), pmBytes);
            }
            default -> throw new ParameterException(spec.commandLine(), "unknown --pm-backend '" + pmBackend + "'; valid: mapped, llpl");
        };
    }

    /** Whether {@code address} is a loopback address (a wildcard or unresolved one is not). */
    static boolean loopback(InetSocketAddress address) {
        return address.getAddress() != null && address.getAddress().isLoopbackAddress();
    }

    /**
     * The secret of {@code --secret-file}: made when missing ({@code create}, the server), else read; a file others
     * can read, or one holding no secret, is a usage error naming it and the fix.
     */
    static Secret secret(CommandSpec spec, Path file, boolean create) throws IOException {
        try {
            return create ? Secret.loadOrCreate(file) : Secret.load(file);
        } catch (IllegalArgumentException | java.nio.file.NoSuchFileException e) {
            String why = e instanceof java.nio.file.NoSuchFileException n ? n.getFile() + ": " + n.getReason() : e.getMessage();
            throw new ParameterException(spec.commandLine(), "--secret-file: " + why);
        }
    }

    static InetSocketAddress address(CommandSpec spec, String hostPort) {
        try {
            return RemoteTransport.address(hostPort);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    /** Opens a transport between processes, with a parameter error naming the valid fabrics or what is missing. */
    static RemoteTransport transport(CommandSpec spec, String fabric, int nodeId, ServerConfig config, PersistentMemory pm, InetSocketAddress listen,
                                     Secret secret) {
        try {
            return Transports.open(fabric, nodeId, config, pm, listen, WireLimits.DEFAULTS, System.err::println, secret);
        } catch (IllegalArgumentException e) { // a fabric that cannot run here (IllegalStateException) is the environment: exit 4
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }
}
