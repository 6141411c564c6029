package io.rdasuite.store.thdpms.monitor;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The monitor's logic (paper 002 §4.1.3) as one deterministic state machine: membership, the epoch, the mapping table,
 * each server's free segments and the clients' grants. Every membership change increments the epoch. Mapping a
 * segment (§4.1.3 steps i–v) takes backups from other live servers' free segments, chosen from the seed and the log
 * index (so every replica of the log chooses alike). A dead server's segments fail over to their first live backup;
 * a segment number is never reused. By default a failed-over segment runs with the replicas it has left (a segment with
 * none left is dropped from the table, its data lost); a DEAD command that names a replica count also remaps the lost
 * replicas "to the new places" in the same epoch (§4.1.3): free segments of live servers that hold no replica of the
 * segment yet, chosen as {@link #map} chooses backups, mapped before any data is there. Re-replication as pDSM runs it
 * (§4.1.7: "only after the data have been replicated, the corresponding metadata are updated") is two commands instead:
 * RESERVE takes a free segment for the new replica out of the free lists without mapping it, the primary copies the
 * segment there, then ATTACH maps it (the epoch moves). A reservation whose primary or place dies is dropped (the place,
 * when alive, is free again).
 */
public final class MonitorStateMachine implements StateMachine {
    static final byte JOIN = 1;
    static final byte MAP = 2;
    static final byte DEAD = 3;
    static final byte GRANT = 4;
    /** Re-replication's first half (§4.1.7): reserve a free segment of another live server for a segment's new replica. */
    static final byte RESERVE = 5;
    /** Re-replication's second half: the reserved replica holds the segment's data; it joins the mapping, the epoch moves. */
    static final byte ATTACH = 6;
    static final byte VIEW = 10;
    static final byte LOOKUP = 11;
    /** The epoch alone (what a waiter for a new configuration polls; the whole view costs a table's encoding). */
    static final byte EPOCH = 12;
    /** The live servers alone (what the failure detector probes). */
    static final byte LIVE = 13;

    private final long seed;
    private long epoch;
    private long nextSegmentNo = 1;
    private final TreeSet<Integer> live = new TreeSet<>();
    private final TreeMap<Integer, TreeMap<Integer, Replica>> free = new TreeMap<>();
    private final TreeMap<Long, MappingItem> table = new TreeMap<>();
    private final TreeMap<Long, TreeSet<Integer>> grants = new TreeMap<>();
    /** Re-replication in progress: segment number → the free segment reserved for its new replica, not yet mapped. */
    private final TreeMap<Long, Replica> reserved = new TreeMap<>();

    public MonitorStateMachine(long seed) {
        this.seed = seed;
    }

    @Override
    public byte[] apply(long index, byte[] command) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(command))) {
            byte kind = in.readByte();
            return switch (kind) {
                case JOIN -> {
                    int node = in.readInt();
                    int n = in.readInt();
                    TreeMap<Integer, Replica> segments = new TreeMap<>();
                    for (int i = 0; i < n; i++) {
                        Replica r = readReplica(in);
                        if (r.nodeId() != node) {
                            yield error("server " + node + " offered a segment of node " + r.nodeId());
                        }
                        segments.put(r.localSegment(), r);
                    }
                    live.add(node);
                    free.put(node, segments);
                    epoch++;
                    yield ok(out -> out.writeLong(epoch));
                }
                case MAP -> map(index, in.readInt(), in.readInt(), in.readInt());
                case DEAD -> dead(index, in.readInt(), in.available() >= 4 ? in.readInt() : 0);
                case GRANT -> {
                    long segmentNo = in.readLong();
                    int client = in.readInt();
                    if (!table.containsKey(segmentNo)) {
                        yield error("no segment " + segmentNo);
                    }
                    grants.computeIfAbsent(segmentNo, k -> new TreeSet<>()).add(client);
                    yield ok(out -> out.writeLong(epoch));
                }
                case RESERVE -> reserve(index, in.readLong());
                case ATTACH -> attach(in.readLong(), readReplica(in));
                default -> error("unknown command " + kind);
            };
        } catch (IOException e) {
            return error("malformed command: " + e.getMessage());
        }
    }

    private byte[] map(long index, int node, int localSegment, int backups) {
        if (!live.contains(node)) {
            return error("server " + node + " is not a live member (epoch " + epoch + ")");
        }
        Replica primary = free.get(node).remove(localSegment);
        if (primary == null) {
            return error("server " + node + " has no free segment " + localSegment);
        }
        List<Integer> candidates = new ArrayList<>();
        for (int s : live) {
            if (s != node && !free.get(s).isEmpty()) {
                candidates.add(s);
            }
        }
        SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + index);
        for (int i = candidates.size() - 1; i > 0; i--) { // a seeded shuffle: random backups (§4.1.3 iii)
            int j = random.nextInt(i + 1);
            int t = candidates.get(i);
            candidates.set(i, candidates.get(j));
            candidates.set(j, t);
        }
        List<Replica> replicas = new ArrayList<>(List.of(primary));
        for (int s : candidates.subList(0, Math.min(backups, candidates.size()))) {
            replicas.add(free.get(s).pollLastEntry().getValue()); // backups from the top: servers map their low segments as primaries
        }
        MappingItem item = new MappingItem(nextSegmentNo++, replicas, epoch);
        table.put(item.segmentNo(), item);
        return ok(out -> writeItem(out, item));
    }

    /** Removes {@code node}; with {@code restore} > 0, tops every segment that lost a replica up to 1 + restore replicas. */
    private byte[] dead(long index, int node, int restore) {
        if (!live.remove(node)) {
            return ok(out -> out.writeLong(epoch)); // already declared dead: nothing changes
        }
        free.remove(node);
        epoch++;
        for (Map.Entry<Long, Replica> e : new TreeMap<>(reserved).entrySet()) {
            MappingItem item = table.get(e.getKey());
            boolean targetLost = e.getValue().nodeId() == node;
            if (targetLost || item == null || item.primary().nodeId() == node) { // the copy cannot finish: the place is freed
                reserved.remove(e.getKey());
                if (!targetLost) {
                    free.get(e.getValue().nodeId()).put(e.getValue().localSegment(), e.getValue());
                }
            }
        }
        for (Map.Entry<Long, MappingItem> e : new TreeMap<>(table).entrySet()) {
            MappingItem item = e.getValue();
            List<Replica> left = item.replicas().stream().filter(r -> r.nodeId() != node).toList();
            if (left.size() == item.replicas().size()) {
                continue;
            }
            if (left.isEmpty()) {
                table.remove(e.getKey());
            } else {
                table.put(e.getKey(), new MappingItem(item.segmentNo(), remapped(index, left, 1 + restore), epoch));
            }
        }
        return ok(out -> out.writeLong(epoch));
    }

    /**
     * Reserves a new place for a replica of {@code segmentNo} (§4.1.7 re-replication): a free segment of a live server
     * that holds no replica of it, chosen as {@link #remapped} chooses. The place is not mapped yet: the segment's
     * primary copies the data there first, then {@link #ATTACH} maps it. Asking again returns the same reservation.
     */
    private byte[] reserve(long index, long segmentNo) {
        MappingItem item = table.get(segmentNo);
        if (item == null) {
            return error("no segment " + segmentNo + " (epoch " + epoch + ")");
        }
        Replica held = reserved.get(segmentNo);
        if (held != null) {
            return ok(out -> writeReplica(out, held));
        }
        List<Replica> topped = remapped(index, item.replicas(), item.replicas().size() + 1);
        if (topped.size() == item.replicas().size()) {
            return error("no live server without a replica of segment " + segmentNo + " has a free segment (epoch " + epoch + ")");
        }
        Replica place = topped.getLast();
        reserved.put(segmentNo, place);
        return ok(out -> writeReplica(out, place));
    }

    /** Maps the reserved {@code place} as a backup of {@code segmentNo} once the primary copied the data there; the epoch moves. */
    private byte[] attach(long segmentNo, Replica place) {
        MappingItem item = table.get(segmentNo);
        if (item == null || !place.equals(reserved.get(segmentNo)) || !live.contains(place.nodeId())) {
            return error("segment " + segmentNo + " has no reservation " + place + " on a live server (epoch " + epoch + ")");
        }
        reserved.remove(segmentNo);
        epoch++;
        List<Replica> replicas = new ArrayList<>(item.replicas());
        replicas.add(place);
        table.put(segmentNo, new MappingItem(segmentNo, replicas, epoch));
        return ok(out -> out.writeLong(epoch));
    }

    /** {@code replicas} topped up to {@code count} with free segments of live servers holding none of them (seeded choice). */
    private List<Replica> remapped(long index, List<Replica> replicas, int count) {
        List<Replica> out = new ArrayList<>(replicas);
        List<Integer> candidates = new ArrayList<>();
        for (int s : live) {
            if (!free.get(s).isEmpty() && replicas.stream().noneMatch(r -> r.nodeId() == s)) {
                candidates.add(s);
            }
        }
        SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + index + 31L * replicas.getFirst().nodeId());
        for (int i = candidates.size() - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = candidates.get(i);
            candidates.set(i, candidates.get(j));
            candidates.set(j, t);
        }
        for (int i = 0; i < candidates.size() && out.size() < count; i++) {
            out.add(free.get(candidates.get(i)).pollLastEntry().getValue());
        }
        return out;
    }

    @Override
    public byte[] query(byte[] query) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(query))) {
            byte kind = in.readByte();
            return switch (kind) {
                case VIEW -> ok(out -> {
                    out.writeLong(epoch);
                    writeLive(out, live);
                    out.writeInt(table.size());
                    for (MappingItem item : table.values()) {
                        writeItem(out, item);
                    }
                });
                case EPOCH -> ok(out -> out.writeLong(epoch));
                case LIVE -> ok(out -> writeLive(out, live));
                case LOOKUP -> {
                    int client = in.readInt();
                    long segmentNo = in.readLong();
                    MappingItem item = table.get(segmentNo);
                    if (item == null) {
                        yield error("no segment " + segmentNo + " (epoch " + epoch + ")");
                    }
                    boolean granted = client < 0 || grants.getOrDefault(segmentNo, new TreeSet<>()).contains(client);
                    MappingItem shown = granted ? item : new MappingItem(item.segmentNo(), item.replicas().stream().map(Replica::withoutKey).toList(), item.epoch());
                    yield ok(out -> writeItem(out, shown));
                }
                default -> error("unknown query " + kind);
            };
        } catch (IOException e) {
            return error("malformed query: " + e.getMessage());
        }
    }

    @Override
    public byte[] snapshot() {
        return ok(out -> {
            out.writeLong(epoch);
            out.writeLong(nextSegmentNo);
            writeLive(out, live);
            out.writeInt(free.size());
            for (Map.Entry<Integer, TreeMap<Integer, Replica>> e : free.entrySet()) {
                out.writeInt(e.getKey());
                out.writeInt(e.getValue().size());
                for (Replica r : e.getValue().values()) {
                    writeReplica(out, r);
                }
            }
            out.writeInt(table.size());
            for (MappingItem item : table.values()) {
                writeItem(out, item);
            }
            out.writeInt(grants.size());
            for (Map.Entry<Long, TreeSet<Integer>> e : grants.entrySet()) {
                out.writeLong(e.getKey());
                out.writeInt(e.getValue().size());
                for (int c : e.getValue()) {
                    out.writeInt(c);
                }
            }
            if (reserved.isEmpty()) {
                return; // the snapshot of a monitor that never re-replicated is as it was before reservations existed
            }
            out.writeInt(reserved.size());
            for (Map.Entry<Long, Replica> e : reserved.entrySet()) {
                out.writeLong(e.getKey());
                writeReplica(out, e.getValue());
            }
        });
    }

    @Override
    public void restore(byte[] snapshot) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(snapshot))) {
            if (in.readByte() != 0) {
                throw new IllegalArgumentException("not a monitor snapshot");
            }
            epoch = in.readLong();
            nextSegmentNo = in.readLong();
            live.clear();
            live.addAll(readLive(in));
            free.clear();
            for (int i = in.readInt(); i > 0; i--) {
                int node = in.readInt();
                TreeMap<Integer, Replica> segments = new TreeMap<>();
                for (int j = in.readInt(); j > 0; j--) {
                    Replica r = readReplica(in);
                    segments.put(r.localSegment(), r);
                }
                free.put(node, segments);
            }
            table.clear();
            for (int i = in.readInt(); i > 0; i--) {
                MappingItem item = readItem(in);
                table.put(item.segmentNo(), item);
            }
            grants.clear();
            for (int i = in.readInt(); i > 0; i--) {
                long segmentNo = in.readLong();
                TreeSet<Integer> clients = new TreeSet<>();
                for (int j = in.readInt(); j > 0; j--) {
                    clients.add(in.readInt());
                }
                grants.put(segmentNo, clients);
            }
            reserved.clear();
            for (int i = in.available() > 0 ? in.readInt() : 0; i > 0; i--) {
                reserved.put(in.readLong(), readReplica(in));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ---- encoding: a status byte (0 ok, 1 error + message), then the body ----------------------------------------

    interface Body {
        void write(DataOutputStream out) throws IOException;
    }

    static byte[] ok(Body body) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeByte(0);
            body.write(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    static byte[] error(String message) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeByte(1);
            out.writeUTF(message);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    static void writeReplica(DataOutputStream out, Replica r) throws IOException {
        out.writeInt(r.nodeId());
        out.writeInt(r.localSegment());
        out.writeLong(r.baseAddress());
        out.writeInt(r.rkey());
    }

    static Replica readReplica(DataInputStream in) throws IOException {
        return new Replica(in.readInt(), in.readInt(), in.readLong(), in.readInt());
    }

    /** The live servers: a count, then each id ascending. */
    static void writeLive(DataOutputStream out, java.util.SortedSet<Integer> live) throws IOException {
        out.writeInt(live.size());
        for (int s : live) {
            out.writeInt(s);
        }
    }

    static TreeSet<Integer> readLive(DataInputStream in) throws IOException {
        TreeSet<Integer> live = new TreeSet<>();
        for (int i = in.readInt(); i > 0; i--) {
            live.add(in.readInt());
        }
        return live;
    }

    static void writeItem(DataOutputStream out, MappingItem item) throws IOException {
        out.writeLong(item.segmentNo());
        out.writeLong(item.epoch());
        out.writeInt(item.replicas().size());
        for (Replica r : item.replicas()) {
            writeReplica(out, r);
        }
    }

    static MappingItem readItem(DataInputStream in) throws IOException {
        long segmentNo = in.readLong();
        long itemEpoch = in.readLong();
        List<Replica> replicas = new ArrayList<>();
        for (int i = in.readInt(); i > 0; i--) {
            replicas.add(readReplica(in));
        }
        return new MappingItem(segmentNo, replicas, itemEpoch);
    }
}
