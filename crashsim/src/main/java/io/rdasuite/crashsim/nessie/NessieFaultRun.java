package io.rdasuite.crashsim.nessie;

import io.rdasuite.crashsim.Invariant;
import io.rdasuite.crashsim.Invariants;
import io.rdasuite.crashsim.Observation;
import io.rdasuite.crashsim.Op;
import io.rdasuite.crashsim.OpRecord;
import io.rdasuite.hwsim.engine.Actor;
import io.rdasuite.hwsim.engine.Engine;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.kv.KvClient;
import io.rdasuite.store.kv.StoreFullException;
import io.rdasuite.store.nessie.DataEntry;
import io.rdasuite.store.nessie.IndexEntry;
import io.rdasuite.store.nessie.NessieClient;
import io.rdasuite.store.nessie.NessieCluster;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One run of a {@link NessieFaultCase}: the clients run their programs on a simulated cluster, the victim is killed or
 * stalled just before one dispatched event (or not at all: the dry run), then every node's tables are inspected and a
 * surviving client reads every key back. Deterministic for the case's seed.
 *
 * <p>What it checks (issue 27, deliverable 5):
 * <ul>
 *   <li><b>LIVENESS</b>: every operation of the other clients, and after a stall the victim's too, completes within
 *       {@link io.rdasuite.store.nessie.NessieConfig#maxAttempts()} attempts (the bound; each attempt ends within the
 *       operation timeout, §4.3.1). A dead client's half-done PUT, DELETE or MIGRATE leaves an ITE naming its invalid DTE,
 *       which every later PUT, DELETE and MIGRATE of that key backs off from for good (§4.3.2 "abort rather than
 *       interrupt") and GETs too when the entry has no valid previous version; paper 004 §4.3.1 ("Consistency and
 *       Availability During Node Failure") says keys a failed node was operating on may be unavailable. Such keys are
 *       {@link Outcome#lockedKeys}, read from the tables after the run: their operations' failures are expected
 *       findings; anything else that does not complete is a failure.</li>
 *   <li>The history checks of {@link Invariants#check}: RDA (no torn or mixed value is read), DURABILITY and
 *       MONOTONIC_READS of the read-back, and LINEARIZABILITY (durable linearizability, the dead client's operation
 *       left open) where the checker is on the class path.</li>
 * </ul>
 */
public final class NessieFaultRun {
    /** The check name of liveness failures. */
    public static final String LIVENESS = "LIVENESS";

    /**
     * What one run found.
     *
     * @param history      every client's operations (the read-back is in {@code observed})
     * @param observed     what a surviving client read back after the run
     * @param events       dispatched events of the clients' phase
     * @param window       per victim operation, its [invoke, complete] events (complete -1 when it did not complete)
     * @param lockedKeys   keys whose ITE names an invalid DTE after the run (a dead client's half-done write)
     * @param failures     "CHECK: detail" lines, claimed properties that failed (LIVENESS, RDA, LINEARIZABILITY, ...)
     * @param findings     expected findings: operations of locked keys that could not complete
     * @param victimRollbacks candidate-ITE CASes of the victim that its post-CAS timeout check undid (§4.3.1)
     * @param victimMigrationTimeouts MIGRATEs of the victim aborted by the timeout check right before a CAS (§4.3.1)
     */
    public record Outcome(List<OpRecord> history, Observation observed, long events, List<long[]> window, TreeSet<Integer> lockedKeys,
                          List<String> failures, List<String> findings, long victimRollbacks,
                          long victimMigrationTimeouts) {
        public boolean passed() {
            return failures.isEmpty();
        }
    }

    private NessieFaultRun() {
    }

    /**
     * Runs {@code c} with {@code fault} on the victim just before event {@code atEvent} (null fault: no fault). A client
     * that stops on one of the protocol's own integrity checks (an {@link IllegalStateException} of the client, e.g. an
     * ITE that only its owner may change was changed) fails the run as STRUCTURE.
     */
    public static Outcome run(NessieFaultCase c, NessieFault fault, long atEvent) {
        try {
            return runChecked(c, fault, atEvent);
        } catch (io.rdasuite.hwsim.engine.SimulationException e) {
            Throwable root = e;
            while (root.getCause() != null) {
                root = root.getCause();
            }
            return new Outcome(List.of(), new Observation(new TreeMap<>(), List.of()), 0, List.of(), new TreeSet<>(),
                    List.of(Invariant.STRUCTURE + ": " + root.getMessage()), List.of(), 0, 0);
        }
    }

    private static Outcome runChecked(NessieFaultCase c, NessieFault fault, long atEvent) {
        NessieHistorySubject subject = new NessieHistorySubject(c.config().shape());
        SimFabric.Builder b = SimFabric.builder().seed(c.seed()).transport(c.transport()).maxEvents(20_000_000L);
        for (int n = 0; n < c.nodes(); n++) {
            b.node(c.serverConfig());
        }
        try (SimFabric fabric = b.build()) {
            NessieCluster cluster = NessieCluster.deploy(fabric, c.nodes(), c.config());
            List<NessieClient> clients = cluster.clients();
            List<List<OpRecord>> perClient = new ArrayList<>();
            for (int i = 0; i < c.nodes(); i++) {
                List<OpRecord> records = new ArrayList<>();
                perClient.add(records);
                int client = i;
                fabric.node(i).spawn("nessie-client-" + i, () -> runClient(fabric, subject, clients.get(client), client, c.program().clients().get(client), records));
            }
            Engine engine = fabric.engine();
            Actor victim = engine.actors().stream().filter(a -> a.name().equals("nessie-client-" + c.victim())).findFirst().orElseThrow();
            if (fault != null) {
                engine.atEvent(atEvent, () -> {
                    if (fault == NessieFault.KILL) {
                        engine.kill(victim);
                    } else {
                        engine.stall(victim, engine.now() + (fault == NessieFault.PAUSE ? c.pauseNs() : c.stallNs()));
                    }
                });
            }
            Engine.RunStatus status = fabric.run();
            long events = engine.dispatched();
            List<String> failures = new ArrayList<>();
            if (status != Engine.RunStatus.FINISHED) {
                failures.add(LIVENESS + ": the clients did not finish (" + status + " at event " + events + ")");
            }
            TreeSet<Integer> locked = lockedKeys(fabric, cluster, subject, keysOf(c));
            int reader = (c.victim() + 1) % c.nodes();
            TreeMap<Integer, byte[]> values = new TreeMap<>();
            TreeSet<Integer> unreadable = new TreeSet<>();
            fabric.node(reader).spawn("nessie-readback", () -> {
                for (int k : keysOf(c)) {
                    try {
                        byte[] v = clients.get(reader).get(subject.keyBytes(k));
                        if (v != null) {
                            values.put(k, v);
                        }
                    } catch (KvClient.KvReadException e) {
                        unreadable.add(k);
                    }
                }
            });
            fabric.run();
            List<OpRecord> history = new ArrayList<>();
            perClient.forEach(history::addAll);
            List<String> findings = new ArrayList<>();
            liveness(c, fault, perClient, locked, unreadable, failures, findings);
            Observation observed = new Observation(values, List.of(), unreadable);
            // An unreadable key is judged by liveness above (held by the dead client's invalid DTE, §4.3.1, or not): the
            // history checks see only the keys that were read, or they would fail it again as a lost version.
            Observation read = new Observation(values, List.of(), new TreeSet<>());
            List<OpRecord> readKeys = history.stream().filter(r -> !unreadable.contains(r.op().key())).toList();
            for (Invariants.Failure f : Invariants.check(subject, c.serverConfig(), readKeys, read)) {
                failures.add(f.invariant() + ": " + f.detail());
            }
            staleReads(subject, history, failures);
            List<long[]> window = new ArrayList<>();
            for (OpRecord r : perClient.get(c.victim())) {
                window.add(new long[] {r.invokeEvent(), r.completeEvent()});
            }
            return new Outcome(history, observed, events, window, locked, failures, findings, clients.get(c.victim()).stats().rollbacks,
                    clients.get(c.victim()).stats().migrationTimeouts);
        }
    }

    private static void runClient(SimFabric fabric, NessieHistorySubject subject, NessieClient client, int id, List<Op> ops, List<OpRecord> records) {
        for (Op op : ops) {
            long invoked = fabric.engine().dispatched();
            records.add(new OpRecord(id, op, invoked, -1, null));
            byte[] result = execute(subject, client, op);
            if (result != null) {
                records.set(records.size() - 1, new OpRecord(id, op, invoked, fabric.engine().dispatched(), op.kind() == Op.Kind.GET ? result : null));
            }
        }
    }

    /** A GET's bytes (empty: absent), an empty array for a completed PUT or DELETE, null when it gave up. */
    private static byte[] execute(NessieHistorySubject subject, NessieClient client, Op op) {
        byte[] key = subject.keyBytes(op.key());
        try {
            return switch (op.kind()) {
                case PUT -> client.put(key, subject.valueBytes(op.key(), op.value())) ? new byte[0] : null;
                case DELETE -> client.delete(key) ? new byte[0] : null;
                case GET -> {
                    byte[] v = client.get(key);
                    yield v == null ? new byte[0] : v;
                }
            };
        } catch (KvClient.KvReadException | StoreFullException e) {
            return null;
        }
    }

    private static void liveness(NessieFaultCase c, NessieFault fault, List<List<OpRecord>> perClient, TreeSet<Integer> locked,
                                 TreeSet<Integer> unreadable, List<String> failures, List<String> findings) {
        for (int i = 0; i < perClient.size(); i++) {
            if (fault == NessieFault.KILL && i == c.victim()) {
                continue; // the dead client's operation stays open
            }
            List<OpRecord> records = perClient.get(i);
            if (records.size() < c.program().clients().get(i).size()) {
                failures.add(LIVENESS + ": client " + i + " ran " + records.size() + " of its " + c.program().clients().get(i).size() + " operations");
            }
            for (OpRecord r : records) {
                if (r.completed()) {
                    continue;
                }
                String what = "client " + i + "'s " + r.op().encode() + " (invoked at event " + r.invokeEvent() + ") did not complete within "
                        + c.config().maxAttempts() + " attempts";
                if (fault == NessieFault.KILL && locked.contains(r.op().key())) {
                    findings.add(what + ": key " + r.op().key() + " is held by the dead client's invalid DTE (§4.3.1, node failure)");
                } else {
                    failures.add(LIVENESS + ": " + what);
                }
            }
        }
        for (int k : unreadable) {
            if (fault == NessieFault.KILL && locked.contains(k)) {
                findings.add("the read-back of key " + k + " found only the dead client's invalid DTE (§4.3.1, node failure)");
            } else {
                failures.add(LIVENESS + ": the read-back of key " + k + " did not complete within " + c.config().maxAttempts() + " attempts");
            }
        }
    }

    /**
     * STALE_READ, the part of linearizability that needs no search (so that it holds where the checker is not on the
     * class path): a GET must not return what a put (or, for "absent", a delete or the initial state) left when every
     * such write completed before another write of the key that itself completed before the GET was invoked.
     */
    static void staleReads(NessieHistorySubject subject, List<OpRecord> history, List<String> failures) {
        // the writes of each key, in history order, each with the bytes it wrote (built once, not once per GET)
        TreeMap<Integer, List<OpRecord>> writesOf = new TreeMap<>();
        IdentityHashMap<OpRecord, byte[]> written = new IdentityHashMap<>();
        for (OpRecord w : history) {
            if (w.op().writes()) {
                writesOf.computeIfAbsent(w.op().key(), k -> new ArrayList<>()).add(w);
                if (w.op().kind() == Op.Kind.PUT) {
                    written.put(w, subject.valueBytes(w.op().key(), w.op().value()));
                }
            }
        }
        List<OpRecord> sources = new ArrayList<>();
        for (OpRecord g : history) {
            if (g.op().kind() != Op.Kind.GET || !g.completed()) {
                continue;
            }
            int key = g.op().key();
            List<OpRecord> writes = writesOf.getOrDefault(key, List.of());
            boolean absent = g.result() == null || g.result().length == 0;
            sources.clear();
            for (OpRecord w : writes) {
                boolean explains = absent ? w.op().kind() == Op.Kind.DELETE
                        : w.op().kind() == Op.Kind.PUT && Arrays.equals(written.get(w), g.result());
                if (explains) {
                    sources.add(w);
                }
            }
            if (!absent && sources.isEmpty()) {
                continue; // bytes no put wrote: RDA's business
            }
            for (OpRecord later : writes) {
                if (!later.completed() || later.completeEvent() >= g.invokeEvent()) {
                    continue;
                }
                if (overwrites(later, sources)) {
                    failures.add("STALE_READ: client " + g.client() + "'s get of key " + key + " (events " + g.invokeEvent() + "-" + g.completeEvent()
                            + ") returned " + (absent ? "absent" : "a value") + " that " + later.op().encode() + " (client " + later.client()
                            + ", completed at event " + later.completeEvent() + ") had overwritten");
                    break;
                }
            }
        }
    }

    /** Whether {@code later} is another write that began after every one of {@code sources} had completed. */
    private static boolean overwrites(OpRecord later, List<OpRecord> sources) {
        for (OpRecord src : sources) {
            if (src == later || !src.completed() || src.completeEvent() >= later.invokeEvent()) {
                return false;
            }
        }
        return true;
    }

    /** The program's keys, in order. */
    static TreeSet<Integer> keysOf(NessieFaultCase c) {
        TreeSet<Integer> keys = new TreeSet<>();
        c.program().clients().forEach(ops -> ops.forEach(o -> keys.add(o.key())));
        return keys;
    }

    /**
     * The keys an ITE still names with an invalid DTE: each node reads its own index and data tables (local loads by an
     * actor of that node), then the words are matched with the entries they name.
     */
    private static TreeSet<Integer> lockedKeys(SimFabric fabric, NessieCluster cluster, NessieHistorySubject subject, TreeSet<Integer> keys) {
        int nodes = cluster.indexTables().size();
        DataEntry layout = new DataEntry(cluster.config().shape());
        IndexEntry ite = new IndexEntry(cluster.config().filterBits());
        long[][] words = new long[nodes][];
        DataEntry.View[][] entries = new DataEntry.View[nodes][];
        for (int n = 0; n < nodes; n++) {
            int node = n;
            fabric.node(n).spawn("nessie-inspect-" + n, () -> {
                MemoryRegion index = cluster.indexTables().get(node);
                var im = fabric.node(node).local(index);
                long[] w = new long[cluster.config().indexSlotsPerNode()];
                for (int s = 0; s < w.length; s++) {
                    w[s] = im.load8(8L * s);
                }
                words[node] = w;
                var dm = fabric.node(node).local(cluster.dataTables().get(node));
                DataEntry.View[] e = new DataEntry.View[cluster.config().dataEntriesPerNode()];
                for (int d = 0; d < e.length; d++) {
                    byte[] bytes = new byte[layout.metaBytes()];
                    dm.load((long) d * layout.bytes(), java.lang.foreign.MemorySegment.ofArray(bytes));
                    e[d] = layout.view(bytes);
                }
                entries[node] = e;
            });
        }
        fabric.run();
        TreeSet<Integer> locked = new TreeSet<>();
        for (long[] table : words) {
            for (long w : table) {
                if (IndexEntry.isEmpty(w)) {
                    continue;
                }
                DataEntry.View v = entries[IndexEntry.dti(w)][(int) ite.dte(w)];
                if (!v.valid()) {
                    for (int k : keys) {
                        if (Arrays.equals(Arrays.copyOf(v.key() == null ? new byte[0] : v.key(), subject.keyBytes(k).length), subject.keyBytes(k))) {
                            locked.add(k);
                        }
                    }
                }
            }
        }
        return locked;
    }
}
