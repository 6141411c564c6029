package io.rdasuite.store.efactory;

import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.kv.KvClient;
import io.rdasuite.store.kv.KvShape;
import io.rdasuite.store.protocol.Claim;
import io.rdasuite.store.protocol.Claims;
import io.rdasuite.store.protocol.KvProtocol;
import io.rdasuite.store.protocol.KvProtocolFamily;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.List;

import static io.rdasuite.store.protocol.StoreDescriptor.region;
import static io.rdasuite.store.protocol.StoreDescriptor.regions;
import static io.rdasuite.store.protocol.StoreDescriptor.shape;

/**
 * eFactory (paper 001 §4) and the remote-persistence methods it is compared with (§5.3), as {@link KvProtocol}s on one
 * server ({@link EfServer} in an {@link EfMode}).
 */
public final class EfProtocol implements KvProtocol {
    private static final Claims ASYNCHRONOUS = Claims.ALL.without(Claim.DURABLE_AT_ACK);

    /**
     * eFactory (paper 001 §4): atomic puts, no durability at ack (it is asynchronous), monotonic reads across crashes
     * and a consistent version under many crashed writers of one key (§5.3, §7.2).
     */
    public static final EfProtocol EFACTORY = new EfProtocol("efactory", EfMode.EFACTORY, ASYNCHRONOUS, false);
    /**
     * eFactory with its log cleaner (§4.4) started {@link #CLEANER_START_NS} into the run, so crashes also land
     * mid-cleaning. Claims as eFactory. The consistent version under crashed writers (CONCURRENT_WRITERS) was withdrawn
     * for a while: a second power failure during the recovery of an interrupted merge left a key naming another key's
     * copy (fixed in {@code Recovery}; docs/COMMANDS.md, "What the fuzzer found").
     */
    public static final EfProtocol EFACTORY_CLEANING = new EfProtocol("efactory-cleaning", EfMode.EFACTORY, ASYNCHRONOUS, true);
    /** eFactory without the hybrid read (§6.1): every GET through the server. */
    public static final EfProtocol EFACTORY_NOHR = new EfProtocol("efactory-nohr", EfMode.EFACTORY_NOHR, ASYNCHRONOUS, false);
    /** Send-after-write (paper 001 §5.3.1): durable at the acknowledgement. */
    public static final EfProtocol SAW = new EfProtocol("saw", EfMode.SAW, Claims.ALL, false);
    /** write_with_imm (paper 001 §5.3.2): durable at the acknowledgement. */
    public static final EfProtocol IMM = new EfProtocol("imm", EfMode.IMM, Claims.ALL, false);
    /** Forca (paper 001 §5.3.4): the server verifies and persists on every read, so reads are monotonic; puts are not durable at ack. */
    public static final EfProtocol FORCA = new EfProtocol("forca", EfMode.FORCA, ASYNCHRONOUS, false);

    /** eFactory's object timeout on real backends (§4.3.2): far beyond any write's latency, even descheduled. */
    static final long REAL_TIMEOUT_NS = 1_000_000_000L;
    /** On real backends eFactory cleans its log when the working pool is this full (the simulator's runs clean on request). */
    static final double REAL_CLEAN_AT = 0.75;

    private final String name;
    private final EfMode mode;
    private final Claims claims;
    private final boolean cleans;

    private EfProtocol(String name, EfMode mode, Claims claims, boolean cleans) {
        this.name = name;
        this.mode = mode;
        this.claims = claims;
        this.cleans = cleans;
    }

    /** What {@link java.util.ServiceLoader} finds: eFactory and its peers, after Erda and the baselines. */
    public static final class Family implements KvProtocolFamily {
        @Override
        public List<KvProtocol> protocols() {
            return List.of(EFACTORY, EFACTORY_CLEANING, EFACTORY_NOHR, SAW, IMM, FORCA);
        }

        @Override
        public int order() {
            return 2;
        }

        /** Its planted bugs (DESIGN §5a): {@link EfPlantedBug}'s constants. */
        @Override
        public List<io.rdasuite.store.mutation.Plant> plants() {
            return List.of(EfPlantedBug.values());
        }
    }

    /** The server's mode. */
    public EfMode mode() {
        return mode;
    }

    @Override
    public String cliName() {
        return name;
    }

    @Override
    public Claims claims(ServerConfig config) {
        return claims;
    }

    @Override
    public boolean cleans() {
        return cleans;
    }

    /** The handlers, the background verifier (§4.3.2), and with the cleaner its thread and the compression workers. */
    @Override
    public List<String> serverThreads() {
        return cleans ? List.of(name + "-handler-", "ef-server.background", name + "-cleaner", "ef-cleaner-")
                : List.of(name + "-handler-", "ef-server.background");
    }

    /** On a fabric without virtual time eFactory gets real-time timeouts and cleans its log itself. */
    @Override
    public StoreServer startServer(Node node, ServerSpec spec) {
        EfConfig config = EfConfig.small(spec.shape(), spec.buckets(), spec.clients(), spec.versions());
        if (!spec.virtualTime()) {
            // threads get descheduled: a writer may be late; and a long-running store must clean its log itself (§4.4)
            config = config.withTimeoutNanos(REAL_TIMEOUT_NS).cleaningAt(REAL_CLEAN_AT);
        }
        EfServer ef = new EfServer(node, config, mode);
        return StoreServer.of(ef, ef::handle, ef::serve, ef::recover, ef::clean);
    }

    @Override
    public void writeHandle(Object handle, DataOutputStream out) throws IOException {
        EfServer.Handle h = (EfServer.Handle) handle;
        EfConfig c = h.config();
        shape(out, c.shape());
        out.writeInt(c.buckets());
        out.writeLong(c.poolBytes());
        out.writeInt(c.maxClients());
        out.writeInt(c.receiveBuffers());
        out.writeLong(c.timeoutNs());
        out.writeLong(c.backgroundIdleNs());
        out.writeDouble(c.cleanAtFraction());
        out.writeUTF(h.mode().name());
        region(out, h.table());
        regions(out, h.pools());
    }

    @Override
    public Object readHandle(DataInputStream in) throws IOException {
        EfConfig c = new EfConfig(shape(in), in.readInt(), in.readLong(), in.readInt(), in.readInt(), in.readLong(), in.readLong(), in.readDouble());
        return new EfServer.Handle(c, EfMode.valueOf(in.readUTF()), region(in), regions(in));
    }

    @Override
    public KvShape shapeOf(Object handle) {
        return ((EfServer.Handle) handle).config().shape();
    }

    @Override
    public KvClient client(Node node, QueuePair requester, Object handle, int clientId, String clientName) {
        return new EfClient(node, requester, (EfServer.Handle) handle, clientName);
    }

    @Override
    public String toString() {
        return name;
    }
}
