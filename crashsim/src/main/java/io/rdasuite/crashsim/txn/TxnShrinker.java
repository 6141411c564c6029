package io.rdasuite.crashsim.txn;

import io.rdasuite.store.thdpms.txn.TxnOp;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Shrinks a transaction finding (issue 27: the smallest program, DESIGN §5 for the stores): drops whole clients, then
 * single transactions, then single operations of a transaction, keeping each removal after which the smaller program
 * still fails the same claim ({@link #claimOf}) under the same crash target and image. The crash point is re-located in
 * each smaller program at the protocol step it followed in the original (paper 002 §4.1.6: the n-th LOCK,
 * COMMIT-BACKUP, COMMIT-PRIMARY, … that the same transaction's participant on the same server handled), the same number
 * of events after it, then {@link TxnExplorer#AIM_OFFSETS} around it. Everything is seeded: the same finding shrinks to
 * the same program. At most {@code maxCandidates} smaller programs are tried (each costs an uncut run and up to six crash
 * states), so the result is the smallest found within that bound, not necessarily a minimum.
 */
public final class TxnShrinker {
    /** Smaller programs tried per finding by default. */
    public static final int MAX_CANDIDATES = 40;

    private TxnShrinker() {
    }

    /**
     * The shrunk finding (its token carries the smaller program), the program it came from, how many smaller programs
     * were tried, and whether one smaller than the original still fails.
     */
    public record Shrunk(TxnExplorer.Finding finding, TxnProgram original, TxnProgram program, int candidates, boolean smaller) {
    }

    /**
     * The claim a violation breaks: {@code STUCK} (recovery left a lock held), {@code REPLICAS} (a segment's copies
     * differ), else {@code STRICT_SERIALIZABILITY} (the checker named an anomaly).
     */
    public static String claimOf(String violation) {
        if (violation.startsWith("STUCK")) {
            return "STUCK";
        }
        return violation.startsWith("REPLICAS") ? "REPLICAS" : "STRICT_SERIALIZABILITY";
    }

    /** Shrinks {@code found} with at most {@link #MAX_CANDIDATES} smaller programs. */
    public static Shrunk shrink(TxnExplorer.Finding found, TxnHistoryCheck check) {
        return shrink(found, check, MAX_CANDIDATES);
    }

    /** Shrinks {@code found}, trying at most {@code maxCandidates} smaller programs. */
    public static Shrunk shrink(TxnExplorer.Finding found, TxnHistoryCheck check, int maxCandidates) {
        TxnExplorer explorer = new TxnExplorer();
        TxnExplorer.Replay r = TxnExplorer.decode(found.token());
        TxnExplorer.Scenario s = r.scenario();
        String claim = claimOf(found.violation());
        TxnExplorer.Probe probe = explorer.probe(s);
        Anchor anchor = r.target() == null ? null : anchor(probe, r.crashAt());
        // a crash finding of a program that passes without the crash must stay one; if the program fails uncut too (a
        // bug no crash is needed for), a smaller program may as well
        boolean uncutMayFail = TxnExplorer.verdict(probe.run(), check) != null;
        Shape best = new Shape(s.program(), anchor);
        TxnExplorer.Finding bestFinding = found;
        int tried = 0;
        boolean progress = true;
        while (progress && tried < maxCandidates) {
            progress = false;
            for (int kind = 0; kind < 3 && tried < maxCandidates; kind++) {
                int at = 0;
                while (tried < maxCandidates) {
                    Removal removal = removal(best, kind, at);
                    if (removal == null) {
                        break;
                    }
                    if (removal.shape() == null) {
                        at++;
                        continue;
                    }
                    tried++;
                    TxnExplorer.Finding f = attempt(explorer, s.withProgram(removal.shape().program()), r, removal.shape().anchor(), claim, check,
                            uncutMayFail);
                    if (f != null) {
                        best = removal.shape();
                        bestFinding = f;
                        progress = true; // the next element now sits at the same index
                    } else {
                        at++;
                    }
                }
            }
        }
        return new Shrunk(bestFinding, s.program(), best.program(), tried, best.program().size() < s.program().size()
                || best.program().clients().size() < s.program().clients().size());
    }

    /**
     * Where the original crash fell: {@code offset} events after the {@code occurrence}-th step {@code phase} that server
     * node {@code server} handled for transaction {@code txn} of client {@code client} (positions in the program, moved
     * along as earlier clients and transactions are dropped); null when the crash came before any participant step.
     */
    record Anchor(int client, int txn, String phase, int server, int occurrence, long offset) {
    }

    /** A program and where its anchor transaction sits in it. */
    record Shape(TxnProgram program, Anchor anchor) {
    }

    /** A smaller program to try; a null shape: a removal not allowed (the last writer, the anchor's transaction). */
    record Removal(Shape shape) {
    }

    /** The {@code at}-th removal of {@code kind} (0 a client, 1 a transaction, 2 an operation), or null past the last. */
    private static Removal removal(Shape from, int kind, int at) {
        TxnProgram p = from.program();
        Anchor a = from.anchor();
        int index = 0;
        for (int c = 0; c < p.clients().size(); c++) {
            List<List<TxnOp>> txns = p.clients().get(c);
            if (kind == 0) {
                if (index++ == at) {
                    boolean poller = c >= p.clients().size() - p.readers();
                    boolean lastWriter = !poller && p.clients().size() - p.readers() == 1;
                    if (lastWriter || a != null && a.client() == c) {
                        return new Removal(null);
                    }
                    List<List<List<TxnOp>>> fewer = new ArrayList<>(p.clients());
                    fewer.remove(c);
                    Anchor moved = a == null ? null : a.client() > c ? new Anchor(a.client() - 1, a.txn(), a.phase(), a.server(), a.occurrence(), a.offset()) : a;
                    return new Removal(new Shape(new TxnProgram(fewer, p.readers() - (poller ? 1 : 0)), moved));
                }
                continue;
            }
            for (int t = 0; t < txns.size(); t++) {
                List<TxnOp> ops = txns.get(t);
                boolean anchored = a != null && a.client() == c && a.txn() == t;
                if (kind == 1) {
                    if (index++ == at) {
                        if (txns.size() == 1 || anchored) {
                            return new Removal(null); // a client's last transaction goes with the client (kind 0)
                        }
                        List<List<TxnOp>> mine = new ArrayList<>(txns);
                        mine.remove(t);
                        Anchor moved = a != null && a.client() == c && a.txn() > t
                                ? new Anchor(a.client(), a.txn() - 1, a.phase(), a.server(), a.occurrence(), a.offset()) : a;
                        return new Removal(new Shape(replace(p, c, mine), moved));
                    }
                    continue;
                }
                for (int i = 0; i < ops.size(); i++) {
                    if (index++ == at) {
                        if (ops.size() == 1) {
                            return new Removal(null);
                        }
                        List<TxnOp> fewer = new ArrayList<>(ops);
                        fewer.remove(i);
                        List<List<TxnOp>> mine = new ArrayList<>(txns);
                        mine.set(t, fewer);
                        return new Removal(new Shape(replace(p, c, mine), a));
                    }
                }
            }
        }
        return null;
    }

    private static TxnProgram replace(TxnProgram p, int client, List<List<TxnOp>> txns) {
        List<List<List<TxnOp>>> all = new ArrayList<>(p.clients());
        all.set(client, txns);
        return new TxnProgram(all, p.readers());
    }

    /**
     * The smaller program's crash state that fails {@code claim}, or null: the uncut run must hold unless
     * {@code uncutMayFail} (else the program fails without the crash: another finding), then the crash points
     * re-located from {@code anchor} are tried in order.
     */
    private static TxnExplorer.Finding attempt(TxnExplorer explorer, TxnExplorer.Scenario s, TxnExplorer.Replay original, Anchor anchor, String claim,
                                               TxnHistoryCheck check, boolean uncutMayFail) {
        if (original.target() == null) {
            TxnExplorer.Run run = explorer.run(s, null, -1, 0);
            String v = TxnExplorer.verdict(run, check);
            return v != null && claimOf(v).equals(claim) ? new TxnExplorer.Finding(TxnExplorer.token(s, null, -1, 0), null, -1, 0, v, run.history()) : null;
        }
        TxnExplorer.Probe probe = explorer.probe(s);
        if (!uncutMayFail && TxnExplorer.verdict(probe.run(), check) != null) {
            return null;
        }
        List<Long> points = points(probe, anchor, original.crashAt());
        Map<Long, TxnExplorer.Prefix> prefixes = null;
        if (!original.target().runsOn() && !points.isEmpty()) {
            TreeMap<Long, Integer> wanted = new TreeMap<>();
            points.forEach(p -> wanted.put(p, original.image() + 1));
            prefixes = explorer.crashPrefixes(s, wanted);
        }
        for (long at : points) {
            TxnExplorer.Run run = original.target().runsOn() ? explorer.run(s, original.target(), at, original.image())
                    : explorer.restart(s, original.target(), prefixes.get(at), original.image());
            if (!run.crashed()) {
                continue;
            }
            String v = TxnExplorer.verdict(run, check);
            if (v != null && claimOf(v).equals(claim)) {
                return new TxnExplorer.Finding(TxnExplorer.token(s, original.target(), at, original.image()), original.target(), at, original.image(), v,
                        run.history());
            }
        }
        return null;
    }

    /** The anchor step's event in the smaller program plus the original offset, then plus each aimed offset; inside the run. */
    private static List<Long> points(TxnExplorer.Probe probe, Anchor anchor, long originalCrash) {
        long events = probe.run().events();
        List<Long> out = new ArrayList<>();
        if (anchor == null) {
            if (originalCrash > 0 && originalCrash < events) {
                out.add(originalCrash); // before any participant step: the same event count in
            }
            return out;
        }
        Long step = find(probe, anchor);
        if (step == null) {
            return out;
        }
        TreeSet<Long> seen = new TreeSet<>();
        List<Long> offsets = new ArrayList<>(List.of(anchor.offset()));
        for (long d : TxnExplorer.AIM_OFFSETS) {
            offsets.add(d);
        }
        for (long d : offsets) {
            long at = step + d;
            if (at > 0 && at < events && seen.add(at)) {
                out.add(at);
            }
        }
        return out;
    }

    /** The anchor of the original crash: its last participant step before the crash, located in the program. */
    private static Anchor anchor(TxnExplorer.Probe probe, long crashAt) {
        Located last = null;
        List<Located> located = locate(probe);
        for (Located l : located) {
            if (l.step().event() < crashAt && l.txn() >= 0) {
                last = l;
            }
        }
        if (last == null) {
            return null;
        }
        int occurrence = 0;
        for (Located l : located) {
            if (l == last) {
                break;
            }
            if (l.same(last)) {
                occurrence++;
            }
        }
        return new Anchor(last.step().coordinator(), last.txn(), last.step().phase(), last.step().server(), occurrence, crashAt - last.step().event());
    }

    /** The event of the anchor's step in a probed program, or null when that program never reaches it. */
    private static Long find(TxnExplorer.Probe probe, Anchor a) {
        int seen = 0;
        for (Located l : locate(probe)) {
            if (l.step().coordinator() == a.client() && l.txn() == a.txn() && l.step().phase().equals(a.phase()) && l.step().server() == a.server()
                    && seen++ == a.occurrence()) {
                return l.step().event();
            }
        }
        return null;
    }

    /** A participant step with the index, in its client's program, of the transaction it belongs to (-1: not found). */
    private record Located(TxnCrashPoint.Step step, int txn) {
        boolean same(Located o) {
            return step.coordinator() == o.step.coordinator() && txn == o.txn && step.phase().equals(o.step.phase()) && step.server() == o.step.server();
        }
    }

    /**
     * Each step of a probe with its transaction: the record of the step's coordinator in flight at the step's event,
     * numbered by that client's transactions in program order (a poller's cycle wraps).
     */
    private static List<Located> locate(TxnExplorer.Probe probe) {
        TreeMap<Integer, List<TxnRecord>> byClient = new TreeMap<>();
        for (TxnRecord r : probe.run().history()) {
            byClient.computeIfAbsent(r.client(), k -> new ArrayList<>()).add(r);
        }
        List<Located> out = new ArrayList<>();
        for (TxnCrashPoint.Step s : probe.steps()) {
            List<TxnRecord> mine = byClient.getOrDefault(s.coordinator(), List.of());
            int txn = -1;
            for (int i = 0; i < mine.size(); i++) {
                TxnRecord r = mine.get(i);
                if (r.invoke() <= s.event() && s.event() <= r.complete()) {
                    txn = i;
                }
            }
            out.add(new Located(s, txn));
        }
        return out;
    }
}
