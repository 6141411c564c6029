package io.rdasuite.store.protocol;

import io.rdasuite.store.baseline.BaselineServer;
import io.rdasuite.store.efactory.EfConfig;
import io.rdasuite.store.efactory.EfMode;
import io.rdasuite.store.efactory.EfServer;
import io.rdasuite.store.erda.ErdaConfig;
import io.rdasuite.store.erda.ErdaServer;
import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.kv.KvShape;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * What a client needs to talk to a store's server, as bytes: the protocol, the server's sizes and its
 * registered regions (address, length, rkey). A server in another process sends it to each client that
 * connects (DESIGN §7: the store as a library on any fabric); in one process the deployment passes it too, so
 * every deployment exercises the same path. Format: magic, protocol name, then the protocol's handle.
 */
public final class StoreDescriptor {
    private static final int MAGIC = 0x5244_4131; // "RDA1"

    private StoreDescriptor() {
    }

    public static byte[] encode(KvProtocol protocol, Object handle) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(MAGIC);
            out.writeUTF(protocol.cliName());
            switch (handle) {
                case ErdaServer.Handle h -> {
                    ErdaConfig c = h.config();
                    shape(out, c.shape());
                    out.writeInt(c.buckets());
                    out.writeInt(c.heads());
                    out.writeLong(c.regionBytes());
                    out.writeLong(c.segmentBytes());
                    out.writeInt(c.maxClients());
                    region(out, h.table());
                    region(out, h.requests());
                    out.writeInt(h.heads().size());
                    for (List<MemoryRegion> chain : h.heads()) {
                        regions(out, chain);
                    }
                }
                case EfServer.Handle h -> {
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
                case BaselineServer.Handle h -> {
                    out.writeUTF(h.mode().name());
                    shape(out, h.shape());
                    out.writeBoolean(h.recoverable());
                    region(out, h.requests());
                    region(out, h.ring());
                }
                default -> throw new IllegalArgumentException("no descriptor format for " + handle.getClass().getName());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** The protocol a descriptor is for. */
    public static KvProtocol protocol(byte[] descriptor) {
        try (DataInputStream in = open(descriptor)) {
            return KvProtocol.parse(in.readUTF());
        } catch (IOException e) {
            throw new IllegalArgumentException("not a store descriptor: " + e.getMessage(), e);
        }
    }

    /** The key and value sizes of the store a descriptor describes. */
    public static KvShape shapeOf(byte[] descriptor) {
        return switch (decode(descriptor)) {
            case ErdaServer.Handle h -> h.config().shape();
            case EfServer.Handle h -> h.config().shape();
            case BaselineServer.Handle h -> h.shape();
            default -> throw new IllegalArgumentException("a descriptor of an unknown store");
        };
    }

    /** The handle a descriptor carries: an {@link ErdaServer.Handle}, {@link EfServer.Handle} or {@link BaselineServer.Handle}. */
    public static Object decode(byte[] descriptor) {
        try (DataInputStream in = open(descriptor)) {
            KvProtocol protocol = KvProtocol.parse(in.readUTF());
            return switch (protocol) {
                case ERDA, ERDA_CLEANING -> new ErdaServer.Handle(new ErdaConfig(shape(in), in.readInt(), in.readInt(), in.readLong(), in.readLong(),
                        in.readInt()), region(in), region(in), chains(in));
                case EFACTORY, EFACTORY_CLEANING, EFACTORY_NOHR, SAW, IMM, FORCA -> {
                    EfConfig c = new EfConfig(shape(in), in.readInt(), in.readLong(), in.readInt(), in.readInt(), in.readLong(), in.readLong(),
                            in.readDouble());
                    yield new EfServer.Handle(c, EfMode.valueOf(in.readUTF()), region(in), regions(in));
                }
                case REDO, RAW -> new BaselineServer.Handle(BaselineServer.Mode.valueOf(in.readUTF()), shape(in), in.readBoolean(), region(in), region(in));
            };
        } catch (IOException e) {
            throw new IllegalArgumentException("a truncated or corrupt store descriptor: " + e.getMessage(), e);
        }
    }

    private static DataInputStream open(byte[] descriptor) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(descriptor));
        if (in.readInt() != MAGIC) {
            throw new IOException("it does not start with the descriptor magic");
        }
        return in;
    }

    private static void shape(DataOutputStream out, KvShape s) throws IOException {
        out.writeInt(s.keyBytes());
        out.writeInt(s.valueBytes());
    }

    private static KvShape shape(DataInputStream in) throws IOException {
        return new KvShape(in.readInt(), in.readInt());
    }

    private static void region(DataOutputStream out, MemoryRegion r) throws IOException {
        out.writeInt(r.nodeId());
        out.writeUTF(r.name());
        out.writeUTF(r.kind().name());
        out.writeLong(r.baseAddress());
        out.writeLong(r.lengthBytes());
        out.writeInt(r.rkey());
    }

    private static MemoryRegion region(DataInputStream in) throws IOException {
        return new MemoryRegion(in.readInt(), in.readUTF(), MemoryKind.valueOf(in.readUTF()), in.readLong(), in.readLong(), in.readInt());
    }

    private static void regions(DataOutputStream out, List<MemoryRegion> list) throws IOException {
        out.writeInt(list.size());
        for (MemoryRegion r : list) {
            region(out, r);
        }
    }

    private static List<MemoryRegion> regions(DataInputStream in) throws IOException {
        int n = in.readInt();
        List<MemoryRegion> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            list.add(region(in));
        }
        return list;
    }

    private static List<List<MemoryRegion>> chains(DataInputStream in) throws IOException {
        int n = in.readInt();
        List<List<MemoryRegion>> chains = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            chains.add(regions(in));
        }
        return chains;
    }
}
