package io.rdasuite.store.protocol;

import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.kv.KvClient;
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
 * every deployment exercises the same path. Format: magic, protocol name, then the protocol's handle
 * ({@link KvProtocol#writeHandle}, which may use the shape and region codecs here).
 */
public final class StoreDescriptor {
    private static final int MAGIC = 0x5244_4131; // "RDA1"

    private StoreDescriptor() {
    }

    /** The descriptor of {@code protocol}'s server whose handle is {@code handle}. */
    public static byte[] encode(KvProtocol protocol, Object handle) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(MAGIC);
            out.writeUTF(protocol.cliName());
            protocol.writeHandle(handle, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** The descriptor a started server sends its clients. */
    public static byte[] of(KvProtocol protocol, KvProtocol.StoreServer server) {
        return encode(protocol, server.handle());
    }

    /** The protocol a descriptor is for; an unknown name is an error listing the registered ones. */
    public static KvProtocol protocol(byte[] descriptor) {
        try (DataInputStream in = open(descriptor)) {
            return KvProtocols.parse(in.readUTF());
        } catch (IOException e) {
            throw new IllegalArgumentException("not a store descriptor: " + e.getMessage(), e);
        }
    }

    /** The key and value sizes of the store a descriptor describes. */
    public static KvShape shapeOf(byte[] descriptor) {
        return protocol(descriptor).shapeOf(decode(descriptor));
    }

    /** The handle a descriptor carries, as its protocol's {@link KvProtocol#readHandle} reads it. */
    public static Object decode(byte[] descriptor) {
        try (DataInputStream in = open(descriptor)) {
            return KvProtocols.parse(in.readUTF()).readHandle(in);
        } catch (IOException e) {
            throw new IllegalArgumentException("a truncated or corrupt store descriptor: " + e.getMessage(), e);
        }
    }

    /** A client of the store a descriptor describes, over an established connection to its server. */
    public static KvClient client(io.rdasuite.store.fabric.Node node, io.rdasuite.store.fabric.QueuePair requester, byte[] descriptor, int clientId,
                                  String name) {
        return protocol(descriptor).client(node, requester, decode(descriptor), clientId, name);
    }

    private static DataInputStream open(byte[] descriptor) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(descriptor));
        if (in.readInt() != MAGIC) {
            throw new IOException("it does not start with the descriptor magic");
        }
        return in;
    }

    public static void shape(DataOutputStream out, KvShape s) throws IOException {
        out.writeInt(s.keyBytes());
        out.writeInt(s.valueBytes());
    }

    public static KvShape shape(DataInputStream in) throws IOException {
        return new KvShape(in.readInt(), in.readInt());
    }

    public static void region(DataOutputStream out, MemoryRegion r) throws IOException {
        out.writeInt(r.nodeId());
        out.writeUTF(r.name());
        out.writeUTF(r.kind().name());
        out.writeLong(r.baseAddress());
        out.writeLong(r.lengthBytes());
        out.writeInt(r.rkey());
    }

    public static MemoryRegion region(DataInputStream in) throws IOException {
        return new MemoryRegion(in.readInt(), in.readUTF(), MemoryKind.valueOf(in.readUTF()), in.readLong(), in.readLong(), in.readInt());
    }

    public static void regions(DataOutputStream out, List<MemoryRegion> list) throws IOException {
        out.writeInt(list.size());
        for (MemoryRegion r : list) {
            region(out, r);
        }
    }

    public static List<MemoryRegion> regions(DataInputStream in) throws IOException {
        int n = in.readInt();
        List<MemoryRegion> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            list.add(region(in));
        }
        return list;
    }

    public static void chains(DataOutputStream out, List<List<MemoryRegion>> chains) throws IOException {
        out.writeInt(chains.size());
        for (List<MemoryRegion> chain : chains) {
            regions(out, chain);
        }
    }

    public static List<List<MemoryRegion>> chains(DataInputStream in) throws IOException {
        int n = in.readInt();
        List<List<MemoryRegion>> chains = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            chains.add(regions(in));
        }
        return chains;
    }
}
