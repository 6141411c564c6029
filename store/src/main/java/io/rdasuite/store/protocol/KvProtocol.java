package io.rdasuite.store.protocol;

import io.rdasuite.store.baseline.BaselineClient;
import io.rdasuite.store.baseline.BaselineServer;
import io.rdasuite.store.efactory.EfClient;
import io.rdasuite.store.efactory.EfConfig;
import io.rdasuite.store.efactory.EfMode;
import io.rdasuite.store.efactory.EfServer;
import io.rdasuite.store.erda.ErdaClient;
import io.rdasuite.store.erda.ErdaConfig;
import io.rdasuite.store.erda.ErdaServer;
import io.rdasuite.store.fabric.Connection;
import io.rdasuite.store.fabric.Fabric;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.kv.KvClient;
import io.rdasuite.store.kv.KvShape;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.IntSupplier;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The key-value protocols by name, each deployable on any fabric (the simulator, the loopback fabric, DiSNI):
 * node 0 serves, nodes 1..n are clients. A restarted server runs its recovery before serving.
 */
public enum KvProtocol {
    /*
     * Linearizability claims: operations on one key are linearizable, and across a crash durably so (Izraelevitz et
     * al. 2016) where puts are durable at the acknowledgement, buffered-durably (a suffix of acknowledged puts may be
     * lost) where not (eFactory, Forca; Read After Write in DMP with DDIO). Checked on every crash state by the
     * history checker in rda check. Erda's paper claims atomic puts only, so its linearizability is a finding.
     */

    /** Erda (paper 000): claims atomic puts only. */
    ERDA("erda", Claims.of(Claim.ATOMIC_PUTS), true),
    /** Erda with its log cleaner (§4.4) started 45 µs into the run, so crashes also land mid-cleaning. */
    ERDA_CLEANING("erda-cleaning", Claims.of(Claim.ATOMIC_PUTS), true),
    /**
     * Redo Logging (paper 000 §5.1). Crash-checked in the recoverable layout (sequence-stamped records, apply
     * before ack); measured (Table 1, YCSB) in the paper's layout.
     */
    REDO("redo", Claims.ALL, true),
    /** Read After Write (paper 000 §5.1): the client's READ after its WRITE persists the ring record. Layouts as for Redo Logging. */
    RAW("raw", Claims.ALL, true),
    /**
     * eFactory (paper 001 §4): atomic puts, no durability at ack (it is asynchronous), monotonic reads across
     * crashes and a consistent version under many crashed writers of one key (§5.3, §7.2).
     */
    EFACTORY("efactory", Claims.ALL.without(Claim.DURABLE_AT_ACK), true),
    /**
     * eFactory with its log cleaner (§4.4) started 45 µs into the run, so crashes also land mid-cleaning. Claims as
     * eFactory. The consistent version under crashed writers (CONCURRENT_WRITERS) was withdrawn for a while: a second
     * power failure during the recovery of an interrupted merge left a key naming another key's copy (fixed in
     * {@code Recovery}; docs/COMMANDS.md, "What the fuzzer found").
     */
    EFACTORY_CLEANING("efactory-cleaning", Claims.ALL.without(Claim.DURABLE_AT_ACK), true),
    /** eFactory without the hybrid read (§6.1): every GET through the server. */
    EFACTORY_NOHR("efactory-nohr", Claims.ALL.without(Claim.DURABLE_AT_ACK), true),
    /** Send-after-write (paper 001 §5.3.1): durable at the acknowledgement. */
    SAW("saw", Claims.ALL, true),
    /** write_with_imm (paper 001 §5.3.2): durable at the acknowledgement. */
    IMM("imm", Claims.ALL, true),
    /** Forca (paper 001 §5.3.4): the server verifies and persists on every read, so reads are monotonic; puts are not durable at ack. */
    FORCA("forca", Claims.ALL.without(Claim.DURABLE_AT_ACK), true);

    /**
     * When the cleaner of {@code erda-cleaning} and {@code efactory-cleaning} starts by default: 45 µs into the run,
     * when a client has completed two puts one after the other (a client's first put, with its registration, takes
     * about 25 µs). At 20 µs no key had two completed versions to choose from, and a cleaner that moves the wrong
     * one (paper 000 §4.4) could not show.
     */
    public static final long CLEANER_START_NS = 45_000;
    /** eFactory's object timeout on real backends (§4.3.2): far beyond any write's latency, even descheduled. */
    static final long REAL_TIMEOUT_NS = 1_000_000_000L;
    /** On real backends eFactory cleans its log when the working pool is this full (the simulator's runs clean on request). */
    static final double REAL_CLEAN_AT = 0.75;

    private final String cliName;
    private final Claims claims;
    private final boolean recoverable;

    KvProtocol(String cliName, Claims claims, boolean recoverable) {
        this.cliName = cliName;
        this.claims = claims;
        this.recoverable = recoverable;
    }

    /** False for a protocol without crash recovery: it is then measured, not crash-checked. */
    public boolean recoverable() {
        return recoverable;
    }

    public String cliName() {
        return cliName;
    }

    /**
     * What the protocol claims on a configuration. Read After Write claims durability only where its READ after
     * the WRITE makes the WRITE persistent: not in DMP with DDIO, where the READ only drains the data into the
     * volatile cache (paper 003 §3.2, §3.4); there its durability failures are findings.
     */
    public Claims claims(io.rdasuite.store.fabric.ServerConfig config) {
        boolean readPersists = !(config.domain() == io.rdasuite.store.fabric.PersistenceDomain.DMP && config.ddio());
        if (this == RAW && !readPersists) {
            return claims.without(Claim.DURABLE_AT_ACK, Claim.MONOTONIC_READS);
        }
        return claims;
    }

    /** Parses a protocol name; an unknown one is an error listing the valid names. */
    public static KvProtocol parse(String name) {
        for (KvProtocol p : values()) {
            if (p.cliName.equalsIgnoreCase(name == null ? "" : name.trim())) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown protocol '" + name + "'; valid: "
                + Arrays.stream(values()).map(KvProtocol::cliName).collect(Collectors.joining(", ")));
    }

    /** A deployed store: one client per client node. */
    public record Deployment(List<KvClient> clients, Object server) {
        /** The eFactory-family server, for tests that look inside it. */
        public EfServer efServer() {
            return (EfServer) server;
        }
    }

    /**
     * Registers the server's regions on node 0 and connects {@code clients} clients (nodes 1..clients). With
     * {@code recover}, a server thread runs recovery first and the handlers start after it.
     */
    public Deployment deploy(Fabric fabric, KvShape shape, int clients, boolean recover) {
        return deploy(fabric, shape, clients, recover, 32);
    }

    /**
     * As {@link #deploy(Fabric, KvShape, int, boolean)}, with the log cleaner of {@code erda-cleaning} and
     * {@code efactory-cleaning} started {@code cleanerStartNs} into the run instead of {@link #CLEANER_START_NS}
     * ({@code rda fuzz} draws it, so that crashes land in every phase of a cleaning).
     */
    public Deployment deploy(Fabric fabric, KvShape shape, int clients, boolean recover, long cleanerStartNs) {
        if (cleanerStartNs < 0) {
            throw new IllegalArgumentException("the cleaner starts at 0 ns or later, not " + cleanerStartNs);
        }
        return deploy(fabric, shape, clients, recover, 32, false, 64 * 32, cleanerStartNs);
    }

    /** As {@link #deploy(Fabric, KvShape, int, boolean)}, with a hash table sized for {@code keys} keys (load ≤ 50%). */
    public Deployment deploy(Fabric fabric, KvShape shape, int clients, boolean recover, int keys) {
        return deploy(fabric, shape, clients, recover, keys, false);
    }

    /**
     * Deploys in the layout paper 000 measures (Table 1, YCSB): for Redo Logging and Read After Write, records
     * without the sequence their crash recovery needs. Not for crash exploration.
     */
    public Deployment deployPaperLayout(Fabric fabric, KvShape shape, int clients, int keys, int versions) {
        return deploy(fabric, shape, clients, false, keys, true, versions, CLEANER_START_NS);
    }

    private Deployment deploy(Fabric fabric, KvShape shape, int clients, boolean recover, int keys, boolean paperLayout) {
        return deploy(fabric, shape, clients, recover, keys, paperLayout, 64 * keys, CLEANER_START_NS);
    }

    /** The eFactory-family mode of this protocol, or null. */
    public EfMode efMode() {
        return switch (this) {
            case EFACTORY, EFACTORY_CLEANING -> EfMode.EFACTORY;
            case EFACTORY_NOHR -> EfMode.EFACTORY_NOHR;
            case SAW -> EfMode.SAW;
            case IMM -> EfMode.IMM;
            case FORCA -> EfMode.FORCA;
            default -> null;
        };
    }

    /** A store's server half on its node: it serves connections, recovers, and describes itself to clients. */
    public interface StoreServer {
        /** What a client needs to talk to this server ({@link StoreDescriptor}); a remote server sends it to each client. */
        byte[] descriptor();

        /** Starts the request handler of one client's connection. */
        void serve(QueuePair responder, int clientId, String name);

        /** Recovery after a restart; call on a thread of the server's node before serving. */
        int recover();

        /** The protocol's own server object (ErdaServer, EfServer, BaselineServer), for tests that look inside. */
        Object server();
    }

    private record Served(KvProtocol protocol, Object server, Supplier<Object> handle, Serve handlers, IntSupplier recovery) implements StoreServer {
        @Override
        public byte[] descriptor() {
            return StoreDescriptor.encode(protocol, handle.get());
        }

        @Override
        public void serve(QueuePair responder, int clientId, String name) {
            handlers.serve(responder, clientId, name);
        }

        @Override
        public int recover() {
            return recovery.getAsInt();
        }
    }

    /**
     * Registers this protocol's server on {@code node} (getting back its PM regions on a restarted node), sized
     * for {@code maxClients} clients, {@code keys} keys (load at most 50%) and, for the log-structured stores,
     * {@code versions} object versions. {@code paperLayout} selects Redo Logging's and Read After Write's
     * measured layout. On a fabric without virtual time eFactory gets real-time timeouts and cleans its log.
     */
    public StoreServer startServer(Node node, KvShape shape, int maxClients, int keys, boolean paperLayout, int versions, boolean virtualTime) {
        return startServer(node, shape, maxClients, keys, paperLayout, versions, virtualTime, false);
    }

    private StoreServer startServer(Node node, KvShape shape, int maxClients, int keys, boolean paperLayout, int versions, boolean virtualTime,
                                    boolean exploring) {
        int buckets = Math.max(64, 2 * keys);
        int clients = Math.max(1, maxClients);
        return switch (this) {
            case EFACTORY, EFACTORY_CLEANING, EFACTORY_NOHR, SAW, IMM, FORCA -> {
                EfConfig config = EfConfig.small(shape, buckets, clients, versions);
                if (!virtualTime) {
                    // threads get descheduled: a writer may be late; and a long-running store must clean its log itself (§4.4)
                    config = config.withTimeoutNanos(REAL_TIMEOUT_NS).cleaningAt(REAL_CLEAN_AT);
                }
                EfServer ef = new EfServer(node, config, efMode());
                yield new Served(this, ef, ef::handle, ef::serve, ef::recover);
            }
            case ERDA, ERDA_CLEANING -> {
                ErdaConfig small = exploring ? ErdaConfig.exploration(shape) : ErdaConfig.small(shape);
                ErdaServer erda = new ErdaServer(node, new ErdaConfig(shape, buckets, small.heads(), small.regionBytes(), small.segmentBytes(),
                        Math.max(small.maxClients(), clients)));
                yield new Served(this, erda, erda::handle, erda::serve, erda::recover);
            }
            case REDO, RAW -> {
                BaselineServer baseline = new BaselineServer(node, this == REDO ? BaselineServer.Mode.REDO_LOGGING
                        : BaselineServer.Mode.READ_AFTER_WRITE, shape, buckets, clients, !paperLayout);
                yield new Served(this, baseline, baseline::handle, baseline::serve, baseline::recover);
            }
        };
    }

    /** A client of the store a descriptor describes, over an established connection to its server. */
    public static KvClient client(Node node, QueuePair requester, byte[] descriptor, int clientId, String name) {
        return switch (StoreDescriptor.decode(descriptor)) {
            case ErdaServer.Handle h -> new ErdaClient(node, requester, h, clientId, name);
            case EfServer.Handle h -> new EfClient(node, requester, h, name);
            case BaselineServer.Handle h -> new BaselineClient(node, requester, h, clientId, name);
            default -> throw new IllegalArgumentException("a descriptor of an unknown store");
        };
    }

    /**
     * Node 0 serves, nodes 1..clients connect; with {@code recover} a server thread runs recovery first and the
     * handlers start after it. Clients get the server's descriptor, as remote clients do.
     */
    private Deployment deploy(Fabric fabric, KvShape shape, int clients, boolean recover, int keys, boolean paperLayout, int versions,
                              long cleanerStartNs) {
        return deploy(fabric, shape, clients, recover, keys, paperLayout, versions, cleanerStartNs, false);
    }

    /**
     * As {@link #deploy(Fabric, KvShape, int, boolean, long)}, in the layout crash exploration uses: Erda gets
     * {@link ErdaConfig#exploration} segments (several per run), every other store its usual sizes.
     */
    public Deployment deployExploring(Fabric fabric, KvShape shape, int clients, boolean recover, long cleanerStartNs) {
        if (cleanerStartNs < 0) {
            throw new IllegalArgumentException("the cleaner starts at 0 ns or later, not " + cleanerStartNs);
        }
        return deploy(fabric, shape, clients, recover, 32, false, 64 * 32, cleanerStartNs, true);
    }

    private Deployment deploy(Fabric fabric, KvShape shape, int clients, boolean recover, int keys, boolean paperLayout, int versions,
                              long cleanerStartNs, boolean exploring) {
        Node server = fabric.node(0);
        StoreServer store = startServer(server, shape, clients, keys, paperLayout, versions, fabric.virtualTime(), exploring);
        List<Connection> connections = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            connections.add(fabric.connect(fabric.node(c + 1), server));
        }
        Runnable handlers = () -> {
            for (int c = 0; c < clients; c++) {
                store.serve(connections.get(c).responder(), c, cliName + "-handler-" + c);
            }
        };
        if (recover) {
            server.spawn(cliName + "-recovery", () -> {
                store.recover();
                handlers.run();
            });
        } else {
            handlers.run();
        }
        byte[] descriptor = store.descriptor();
        List<KvClient> kv = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            kv.add(client(fabric.node(c + 1), connections.get(c).requester(), descriptor, c, cliName + "-client-" + c));
        }
        if (!recover && (this == ERDA_CLEANING || this == EFACTORY_CLEANING)) {
            server.spawn(cliName + "-cleaner", () -> { // the run waits for it: crashes land mid-cleaning
                server.clock().sleepNanos(cleanerStartNs);
                if (store.server() instanceof ErdaServer erda) {
                    erda.clean(1);
                } else {
                    ((EfServer) store.server()).clean();
                }
            });
        }
        return new Deployment(kv, store.server());
    }

    /** Starts a request handler for one client's connection. */
    private interface Serve {
        void serve(QueuePair responder, int clientId, String name);
    }

    @Override
    public String toString() {
        return cliName.toLowerCase(Locale.ROOT);
    }
}
