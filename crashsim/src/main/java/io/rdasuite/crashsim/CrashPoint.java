package io.rdasuite.crashsim;

import io.rdasuite.crashsim.cluster.Topology;
import io.rdasuite.hwsim.engine.Trace;
import io.rdasuite.hwsim.engine.TraceKind;
import io.rdasuite.store.fabric.Opcode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;

/**
 * Where a crash cut the run, in the steps of the operations it cut (issue 27: findings that explain themselves): for
 * each client, the operation in flight and how far it got — each of its verbs, in order, posted or completed — and for
 * each node that stores locally, how many stores it had made since its last persist. A verb is a step of the
 * protocol's own description (Erda's WRITE of the object, SAW's commit SEND, Read After Write's READ after its WRITE),
 * so "step 3 of put k0=7: SEND posted, not completed" names the step the crash fell in.
 */
public final class CrashPoint {
    private CrashPoint() {
    }

    /** A verb of one operation: its opcode, when it was posted, and when it completed (-1: not by the crash). */
    private record Verb(Opcode opcode, long posted, long completed) {
    }

    /**
     * The description of a crash before event {@code crashAt} (a line each), from the run's trace records and history;
     * empty when the trace was not captured. Each client in flight also gets a line naming its step in the protocol's
     * words ({@link ProtocolSteps}) where {@code subject}'s store is in that table.
     */
    public static List<String> describe(String subject, List<Trace.Record> records, List<OpRecord> history, Topology topology, long crashAt,
                                        int clients) {
        List<Trace.Record> before = records.stream().filter(r -> r.eventIndex() <= crashAt).toList(); // a cluster runs on past it
        if (before.isEmpty() || crashAt < 0) {
            return List.of();
        }
        records = before;
        List<String> out = new ArrayList<>();
        long crashTime = records.getLast().timeNanos();
        out.add(String.format(Locale.ROOT, "power failure before event %d (t=%.2f us)", crashAt, crashTime / 1e3));
        for (int c = 0; c < clients; c++) {
            out.addAll(client(subject, c, topology.clientNode(c), records, history, crashAt));
        }
        out.addAll(localStores(records, topology, clients));
        return out;
    }

    /** The client's line, and the line of its protocol step when the table names it. */
    private static List<String> client(String subject, int c, int node, List<Trace.Record> records, List<OpRecord> history, long crashAt) {
        OpRecord inFlight = null;
        OpRecord last = null;
        for (OpRecord r : history) {
            if (r.client() != c || r.invokeEvent() >= crashAt) {
                continue;
            }
            if (r.completed() && r.completeEvent() < crashAt) {
                last = r;
            } else if (inFlight == null) {
                inFlight = r;
            }
        }
        if (inFlight == null) {
            return List.of("client " + c + ": no operation in flight" + (last == null ? " (none started)" : " (its last, " + describe(last.op())
                    + ", completed at e" + last.completeEvent() + ")"));
        }
        List<Verb> verbs = verbs(node, inFlight.invokeEvent(), records);
        StringBuilder s = new StringBuilder("client " + c + ": " + describe(inFlight.op()) + " in flight since e" + inFlight.invokeEvent()
                + (inFlight.completed() ? " (acknowledged at e" + inFlight.completeEvent() + ", as the power failed)" : ""));
        if (verbs.isEmpty()) {
            String before = ProtocolSteps.describe(subject, inFlight.op().kind(), List.of(), false);
            s.append(", cut before its first verb");
            return before == null ? List.of(s.toString()) : List.of(s.toString(), "client " + c + " in the protocol's steps: " + before);
        }
        s.append(", cut at step ").append(verbs.size()).append(" of its verbs:");
        for (int i = 0; i < verbs.size(); i++) {
            Verb v = verbs.get(i);
            s.append(i == 0 ? " " : ", ").append(i + 1).append(' ').append(v.opcode()).append(v.completed() >= 0 ? " completed" : " posted, not completed");
        }
        String step = ProtocolSteps.describe(subject, inFlight.op().kind(), verbs.stream().map(Verb::opcode).toList(), verbs.getLast().completed() >= 0);
        return step == null ? List.of(s.toString()) : List.of(s.toString(), "client " + c + " in the protocol's steps: " + step);
    }

    /** The verbs node {@code node} posted from event {@code from} on, each matched with its completion. */
    private static List<Verb> verbs(int node, long from, List<Trace.Record> records) {
        List<Verb> verbs = new ArrayList<>();
        TreeMap<Long, Integer> open = new TreeMap<>(); // request id -> index in verbs
        Opcode[] opcodes = Opcode.values();
        for (Trace.Record r : records) {
            if (r.nodeId() != node || r.eventIndex() < from) {
                continue;
            }
            if (r.kind() == TraceKind.POST) {
                int op = (int) ((r.argument() >>> 32) & 0xFF);
                open.put(r.argument() & 0xFFFF_FFFFL, verbs.size());
                verbs.add(new Verb(op < opcodes.length ? opcodes[op] : null, r.eventIndex(), -1));
            } else if (r.kind() == TraceKind.COMPLETE) {
                Integer i = open.remove(r.argument() & 0xFFFF_FFFFL);
                if (i != null) {
                    Verb v = verbs.get(i);
                    verbs.set(i, new Verb(v.opcode(), v.posted(), r.eventIndex()));
                }
            }
        }
        return verbs;
    }

    /** Per node that is not a client: its local stores since its last persist, when it made any. */
    private static List<String> localStores(List<Trace.Record> records, Topology topology, int clients) {
        java.util.TreeSet<Integer> clientNodes = new java.util.TreeSet<>();
        for (int c = 0; c < clients; c++) {
            clientNodes.add(topology.clientNode(c));
        }
        TreeMap<Integer, long[]> byNode = new TreeMap<>(); // node -> {stores since persist, event of last store, event of last persist}
        for (Trace.Record r : records) {
            if (clientNodes.contains(r.nodeId()) || r.nodeId() < 0) {
                continue;
            }
            long[] s = byNode.computeIfAbsent(r.nodeId(), n -> new long[] {0, -1, -1});
            if (r.kind() == TraceKind.LOCAL_STORE) {
                s[0]++;
                s[1] = r.eventIndex();
            } else if (r.kind() == TraceKind.LOCAL_PERSIST) {
                s[0] = 0;
                s[2] = r.eventIndex();
            }
        }
        List<String> out = new ArrayList<>();
        byNode.forEach((n, s) -> {
            if (s[0] > 0) {
                out.add("node " + n + ": " + s[0] + " local store(s) not yet persisted by its CPU (the last at e" + s[1] + "; last persist "
                        + (s[2] < 0 ? "none" : "at e" + s[2]) + ")");
            } else if (s[2] >= 0) {
                out.add("node " + n + ": every local store persisted (last persist at e" + s[2] + ")");
            }
        });
        return out;
    }

    /** An operation as the reports show it: {@code put k1=2}, {@code get k1}. */
    static String describe(Op op) {
        return op.kind().name().toLowerCase(Locale.ROOT) + " k" + op.key() + (op.kind() == Op.Kind.PUT ? "=" + op.value() : "");
    }
}
