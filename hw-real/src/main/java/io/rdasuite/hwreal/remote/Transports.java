package io.rdasuite.hwreal.remote;

import io.rdasuite.hwreal.auth.Secret;
import io.rdasuite.hwreal.disni.DisniTransport;
import io.rdasuite.hwreal.pm.PersistentMemory;
import io.rdasuite.hwreal.tcp.TcpTransport;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.hwreal.wire.WireLimits;
import java.util.List;
import java.util.function.Consumer;
import java.util.Locale;

/** The transports between processes by name: {@code disni} (RDMA NICs) and {@code tcp} (the verbs emulated over TCP). */
public final class Transports {
    /** Valid names, for error messages. */
    public static final List<String> NAMES = List.of("disni", "tcp");

    private Transports() {
    }

    /**
     * Opens the transport {@code name} for this process's node; DiSNI fails with what this machine lacks
     * (no RDMA device, no libdisni) when it cannot run. A server passes its {@code listen} address (DiSNI binds to
     * the device before the store registers memory); a client passes null.
     */
    public static RemoteTransport open(String name, int nodeId, ServerConfig config, PersistentMemory pm, java.net.InetSocketAddress listen) {
        return open(name, nodeId, config, pm, listen, WireLimits.DEFAULTS, System.err::println);
    }

    /**
     * As above, with the limits the TCP fabric holds its peers to and where it reports each connection it closed
     * (one line each); DiSNI's queue pairs are checked by the NIC instead.
     */
    public static RemoteTransport open(String name, int nodeId, ServerConfig config, PersistentMemory pm, java.net.InetSocketAddress listen,
                                       WireLimits limits, Consumer<String> log) {
        return open(name, nodeId, config, pm, listen, limits, log, null);
    }

    /**
     * As above, with the shared secret a TCP server requires and a TCP client proves (null: none). DiSNI cannot
     * check one: its connections are set up by the RDMA connection manager, with no TCP side channel to carry a
     * proof, so a secret there is an error rather than a false sense of safety.
     */
    public static RemoteTransport open(String name, int nodeId, ServerConfig config, PersistentMemory pm, java.net.InetSocketAddress listen,
                                       WireLimits limits, Consumer<String> log, Secret secret) {
        String fabric = name == null ? "" : name.toLowerCase(Locale.ROOT);
        if (secret != null && fabric.equals("disni")) {
            throw new IllegalArgumentException("the disni fabric cannot check --secret-file: its connections are set up by the RDMA "
                    + "connection manager, which carries no proof of a secret here (see docs/REAL-HARDWARE.md, threat model); serve DiSNI on "
                    + "a trusted network with --insecure-no-secret, or use --fabric tcp");
        }
        return switch (fabric) {
            case "tcp" -> new TcpTransport(nodeId, config, pm, limits, log, secret);
            case "disni" -> DisniTransport.open(nodeId, config, pm, listen);
            default -> throw new IllegalArgumentException("unknown fabric '" + name + "'; valid between processes: " + String.join(", ", NAMES));
        };
    }
}
