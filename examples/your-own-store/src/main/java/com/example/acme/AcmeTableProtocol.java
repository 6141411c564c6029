package com.example.acme;

import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.kv.KvClient;
import io.rdasuite.store.kv.KvShape;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.mutation.PlantedBugs;
import io.rdasuite.store.protocol.Claims;
import io.rdasuite.store.protocol.KvProtocol;
import io.rdasuite.store.protocol.KvProtocolFamily;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.List;

/**
 * The Acme table as RDA Suite sees it: one {@link KvProtocol}. {@link Family} registers it, and its planted bug
 * ({@link AcmeTablePlant}), in {@code META-INF/services/io.rdasuite.store.protocol.KvProtocolFamily}.
 */
public final class AcmeTableProtocol implements KvProtocol {
    /** The table: it claims every property (atomic, durable at the acknowledgement, linearizable). */
    public static final AcmeTableProtocol TABLE = new AcmeTableProtocol("acme-table");

    private final String name;

    private AcmeTableProtocol(String name) {
        this.name = name;
    }

    // tag::family[]
    /** What ServiceLoader finds. */
    public static final class Family implements KvProtocolFamily {
        @Override
        public List<KvProtocol> protocols() {
            return List.of(TABLE);
        }

        @Override
        public List<Plant> plants() {
            return List.of(AcmeTablePlant.values());
        }
    }
    // end::family[]

    /** What a client needs: the sizes only; requests and replies travel by SEND, so no region is named. */
    record Handle(KvShape shape) {
    }

    // tag::claims[]
    @Override
    public String cliName() {
        return name;
    }

    @Override
    public Claims claims(ServerConfig config) {
        return Claims.ALL;
    }
    // end::claims[]

    @Override
    public StoreServer startServer(Node node, ServerSpec spec) {
        boolean earlyAck = PlantedBugs.on(AcmeTablePlant.EARLY_ACK); // read once, when the server is built
        AcmeTableServer server = new AcmeTableServer(node, spec.shape(), spec.buckets(), spec.clients(), earlyAck);
        return StoreServer.of(server, () -> new Handle(spec.shape()), server::serve, server::recover, null); // no log cleaner
    }

    @Override
    public void writeHandle(Object handle, DataOutputStream out) throws IOException {
        KvShape shape = ((Handle) handle).shape();
        out.writeInt(shape.keyBytes());
        out.writeInt(shape.valueBytes());
    }

    @Override
    public Object readHandle(DataInputStream in) throws IOException {
        return new Handle(new KvShape(in.readInt(), in.readInt()));
    }

    @Override
    public KvShape shapeOf(Object handle) {
        return ((Handle) handle).shape();
    }

    @Override
    public KvClient client(Node node, QueuePair requester, Object handle, int clientId, String clientName) {
        return new AcmeTableClient(node, requester, ((Handle) handle).shape(), clientName);
    }

    @Override
    public String toString() {
        return name;
    }
}
