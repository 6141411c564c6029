package io.rdasuite.store.erda;

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

import static io.rdasuite.store.protocol.StoreDescriptor.chains;
import static io.rdasuite.store.protocol.StoreDescriptor.region;
import static io.rdasuite.store.protocol.StoreDescriptor.shape;

/**
 * Erda (paper 000) as a {@link KvProtocol}: it claims atomic puts only (§3.3), so its linearizability and durability
 * are findings. {@link #ERDA_CLEANING} is Erda with its log cleaner (§4.4) started into the run, so crashes also land
 * mid-cleaning.
 */
public final class ErdaProtocol implements KvProtocol {
    /** Erda as §4.1-§4.3 describe it. */
    public static final ErdaProtocol ERDA = new ErdaProtocol("erda", false);
    /** Erda with its log cleaner (§4.4) started {@link #CLEANER_START_NS} into the run. */
    public static final ErdaProtocol ERDA_CLEANING = new ErdaProtocol("erda-cleaning", true);

    private static final Claims CLAIMS = Claims.of(Claim.ATOMIC_PUTS);

    private final String name;
    private final boolean cleans;

    private ErdaProtocol(String name, boolean cleans) {
        this.name = name;
        this.cleans = cleans;
    }

    /** What {@link java.util.ServiceLoader} finds: Erda, then Erda with its cleaner, first of all families. */
    public static final class Family implements KvProtocolFamily {
        @Override
        public List<KvProtocol> protocols() {
            return List.of(ERDA, ERDA_CLEANING);
        }

        @Override
        public int order() {
            return 0;
        }

        /** Its planted bugs (DESIGN §5a): {@link ErdaPlantedBug}'s constants. */
        @Override
        public List<io.rdasuite.store.mutation.Plant> plants() {
            return List.of(ErdaPlantedBug.values());
        }
    }

    @Override
    public String cliName() {
        return name;
    }

    @Override
    public Claims claims(ServerConfig config) {
        return CLAIMS;
    }

    @Override
    public boolean cleans() {
        return cleans;
    }

    @Override
    public StoreServer startServer(Node node, ServerSpec spec) {
        ErdaConfig small = spec.exploring() ? ErdaConfig.exploration(spec.shape()) : ErdaConfig.small(spec.shape());
        ErdaServer erda = new ErdaServer(node, new ErdaConfig(spec.shape(), spec.buckets(), small.heads(), small.regionBytes(), small.segmentBytes(),
                Math.max(small.maxClients(), spec.clients())));
        return StoreServer.of(erda, erda::handle, erda::serve, erda::recover, () -> erda.clean(1));
    }

    @Override
    public void writeHandle(Object handle, DataOutputStream out) throws IOException {
        ErdaServer.Handle h = (ErdaServer.Handle) handle;
        ErdaConfig c = h.config();
        shape(out, c.shape());
        out.writeInt(c.buckets());
        out.writeInt(c.heads());
        out.writeLong(c.regionBytes());
        out.writeLong(c.segmentBytes());
        out.writeInt(c.maxClients());
        region(out, h.table());
        region(out, h.requests());
        chains(out, h.heads());
    }

    @Override
    public Object readHandle(DataInputStream in) throws IOException {
        return new ErdaServer.Handle(new ErdaConfig(shape(in), in.readInt(), in.readInt(), in.readLong(), in.readLong(), in.readInt()), region(in),
                region(in), chains(in));
    }

    @Override
    public KvShape shapeOf(Object handle) {
        return ((ErdaServer.Handle) handle).config().shape();
    }

    @Override
    public KvClient client(Node node, QueuePair requester, Object handle, int clientId, String clientName) {
        return new ErdaClient(node, requester, (ErdaServer.Handle) handle, clientId, clientName);
    }

    @Override
    public String toString() {
        return name;
    }
}
