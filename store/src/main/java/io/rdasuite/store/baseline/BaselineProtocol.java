package io.rdasuite.store.baseline;

import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.PersistenceDomain;
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
import java.util.ArrayList;
import java.util.List;

import static io.rdasuite.store.protocol.StoreDescriptor.region;
import static io.rdasuite.store.protocol.StoreDescriptor.shape;

/**
 * The baselines of paper 000 §5.1 as {@link KvProtocol}s: Redo Logging and Read After Write. Crash-checked in the
 * recoverable layout (sequence-stamped records, apply before ack); measured (Table 1, YCSB) in the paper's layout
 * ({@link ServerSpec#paperLayout()}).
 */
public final class BaselineProtocol implements KvProtocol {
    /** Redo Logging (paper 000 §5.1): durable at the acknowledgement. */
    public static final BaselineProtocol REDO = new BaselineProtocol("redo", BaselineServer.Mode.REDO_LOGGING);
    /** Read After Write (paper 000 §5.1): the client's READ after its WRITE persists the ring record. */
    public static final BaselineProtocol RAW = new BaselineProtocol("raw", BaselineServer.Mode.READ_AFTER_WRITE);

    private final String name;
    private final BaselineServer.Mode mode;

    private BaselineProtocol(String name, BaselineServer.Mode mode) {
        this.name = name;
        this.mode = mode;
    }

    /** What {@link java.util.ServiceLoader} finds: the two baselines, after Erda. */
    public static final class Family implements KvProtocolFamily {
        @Override
        public List<KvProtocol> protocols() {
            return List.of(REDO, RAW);
        }

        @Override
        public int order() {
            return 1;
        }

        /** Its planted bugs (DESIGN §5a): {@link BaselinePlantedBug}'s constants. */
        @Override
        public List<io.rdasuite.store.mutation.Plant> plants() {
            return List.of(BaselinePlantedBug.values());
        }
    }

    @Override
    public String cliName() {
        return name;
    }

    /**
     * Every property; but Read After Write claims durability only where its READ after the WRITE makes the WRITE
     * persistent: not in DMP with DDIO, where the READ only drains the data into the volatile cache (paper 003 §3.2,
     * §3.4); there its durability failures are findings.
     */
    @Override
    public Claims claims(ServerConfig config) {
        boolean readPersists = !(config.domain() == PersistenceDomain.DMP && config.ddio());
        if (mode == BaselineServer.Mode.READ_AFTER_WRITE && !readPersists) {
            return Claims.ALL.without(Claim.DURABLE_AT_ACK, Claim.MONOTONIC_READS);
        }
        return Claims.ALL;
    }

    @Override
    public List<String> serverThreads() {
        List<String> out = new ArrayList<>(KvProtocol.super.serverThreads());
        if (mode == BaselineServer.Mode.READ_AFTER_WRITE) {
            out.add("raw-poller");
        }
        return out;
    }

    @Override
    public StoreServer startServer(Node node, ServerSpec spec) {
        BaselineServer baseline = new BaselineServer(node, mode, spec.shape(), spec.buckets(), spec.clients(), !spec.paperLayout());
        return StoreServer.of(baseline, baseline::handle, baseline::serve, baseline::recover, null);
    }

    @Override
    public void writeHandle(Object handle, DataOutputStream out) throws IOException {
        BaselineServer.Handle h = (BaselineServer.Handle) handle;
        out.writeUTF(h.mode().name());
        shape(out, h.shape());
        out.writeBoolean(h.recoverable());
        region(out, h.requests());
        region(out, h.ring());
    }

    @Override
    public Object readHandle(DataInputStream in) throws IOException {
        return new BaselineServer.Handle(BaselineServer.Mode.valueOf(in.readUTF()), shape(in), in.readBoolean(), region(in), region(in));
    }

    @Override
    public KvShape shapeOf(Object handle) {
        return ((BaselineServer.Handle) handle).shape();
    }

    @Override
    public KvClient client(Node node, QueuePair requester, Object handle, int clientId, String clientName) {
        return new BaselineClient(node, requester, (BaselineServer.Handle) handle, clientId, clientName);
    }

    @Override
    public String toString() {
        return name;
    }
}
