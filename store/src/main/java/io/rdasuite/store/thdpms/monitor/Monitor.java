package io.rdasuite.store.thdpms.monitor;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The monitor as its users call it (paper 002 §4.1.3): typed commands and queries over any {@link ReplicatedLog}. A
 * command the state machine refuses (mapping a segment of a dead server, an unknown segment) is an
 * {@link IllegalStateException} with its reason.
 */
public final class Monitor {
    private final ReplicatedLog log;

    public Monitor(ReplicatedLog log) {
        this.log = log;
    }

    /** A PM server joins with its free segments (each its own registered region); the epoch moves. Returns it. */
    public long join(int nodeId, List<Replica> freeSegments) {
        return readLong(log.submit(stripStatus(MonitorStateMachine.ok(out -> {
            out.writeByte(MonitorStateMachine.JOIN);
            out.writeInt(nodeId);
            out.writeInt(freeSegments.size());
            for (Replica r : freeSegments) {
                MonitorStateMachine.writeReplica(out, r);
            }
        }))));
    }

    /** §4.1.3 steps i–v: maps a server's local segment under a new global number, with up to {@code backups} backups on other servers. */
    public MappingItem mapSegment(int nodeId, int localSegment, int backups) {
        byte[] reply = log.submit(stripStatus(MonitorStateMachine.ok(out -> {
            out.writeByte(MonitorStateMachine.MAP);
            out.writeInt(nodeId);
            out.writeInt(localSegment);
            out.writeInt(backups);
        })));
        return read(reply, MonitorStateMachine::readItem);
    }

    /** The failure detector's verdict: the epoch moves and the server's segments fail over to their backups. */
    public long declareDead(int nodeId) {
        return declareDead(nodeId, 0);
    }

    /**
     * As above, and in the same epoch every segment that lost a replica is remapped to free segments of other live servers
     * until it has {@code backups} backups again (§4.1.3: "remapped to the new places"; 0: no remapping).
     */
    public long declareDead(int nodeId, int backups) {
        return readLong(log.submit(stripStatus(MonitorStateMachine.ok(out -> {
            out.writeByte(MonitorStateMachine.DEAD);
            out.writeInt(nodeId);
            if (backups > 0) {
                out.writeInt(backups);
            }
        }))));
    }

    /**
     * Re-replication's first step (§4.1.7): reserves a free segment of a live server holding no replica of
     * {@code segmentNo} for a new replica; the mapping does not change until {@link #attach}. Refused when no server can
     * take one.
     */
    public Replica reserve(long segmentNo) {
        byte[] reply = log.submit(stripStatus(MonitorStateMachine.ok(out -> {
            out.writeByte(MonitorStateMachine.RESERVE);
            out.writeLong(segmentNo);
        })));
        return read(reply, MonitorStateMachine::readReplica);
    }

    /** Re-replication's last step: the reserved place holds the segment's data and joins its replicas; returns the new epoch. */
    public long attach(long segmentNo, Replica place) {
        return readLong(log.submit(stripStatus(MonitorStateMachine.ok(out -> {
            out.writeByte(MonitorStateMachine.ATTACH);
            out.writeLong(segmentNo);
            MonitorStateMachine.writeReplica(out, place);
        }))));
    }

    /** Grants client {@code clientId} the keys of a segment (§4.1.2: only clients with access rights get rkeys). */
    public void grant(int clientId, long segmentNo) {
        readLong(log.submit(stripStatus(MonitorStateMachine.ok(out -> {
            out.writeByte(MonitorStateMachine.GRANT);
            out.writeLong(segmentNo);
            out.writeInt(clientId);
        }))));
    }

    /** A segment's item, with rkeys only for a granted client (a negative id is a trusted server). */
    public MappingItem lookup(int clientId, long segmentNo) {
        byte[] reply = log.query(stripStatus(MonitorStateMachine.ok(out -> {
            out.writeByte(MonitorStateMachine.LOOKUP);
            out.writeInt(clientId);
            out.writeLong(segmentNo);
        })));
        return read(reply, MonitorStateMachine::readItem);
    }

    public MonitorView view() {
        byte[] reply = log.query(stripStatus(MonitorStateMachine.ok(out -> out.writeByte(MonitorStateMachine.VIEW))));
        return read(reply, in -> {
            long epoch = in.readLong();
            TreeSet<Integer> live = MonitorStateMachine.readLive(in);
            TreeMap<Long, MappingItem> table = new TreeMap<>();
            for (int i = in.readInt(); i > 0; i--) {
                MappingItem item = MonitorStateMachine.readItem(in);
                table.put(item.segmentNo(), item);
            }
            return new MonitorView(epoch, live, table);
        });
    }

    /** The current epoch (the same as {@code view().epoch()}, without encoding the mapping table). */
    public long epoch() {
        byte[] reply = log.query(stripStatus(MonitorStateMachine.ok(out -> out.writeByte(MonitorStateMachine.EPOCH))));
        return read(reply, DataInputStream::readLong);
    }

    /** The live servers (the same as {@code view().liveServers()}, without encoding the mapping table). */
    public java.util.SortedSet<Integer> liveServers() {
        byte[] reply = log.query(stripStatus(MonitorStateMachine.ok(out -> out.writeByte(MonitorStateMachine.LIVE))));
        return read(reply, in -> java.util.Collections.unmodifiableSortedSet(MonitorStateMachine.readLive(in)));
    }

    private interface Reader<T> {
        T read(DataInputStream in) throws IOException;
    }

    /** Drops the status byte {@code ok()} wrote in front of a command (commands are built with the reply encoder). */
    private static byte[] stripStatus(byte[] encoded) {
        return java.util.Arrays.copyOfRange(encoded, 1, encoded.length);
    }

    private static <T> T read(byte[] reply, Reader<T> reader) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(reply))) {
            if (in.readByte() != 0) {
                throw new IllegalStateException("monitor: " + in.readUTF());
            }
            return reader.read(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long readLong(byte[] reply) {
        return read(reply, DataInputStream::readLong);
    }
}
