package io.rdasuite.crashsim.fs;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;

/**
 * Shrinks a pDFS finding (issue 27: the smallest program): drops whole clients, then single operations, keeping each
 * well-formed smaller program ({@link FsProgram#wellFormed()}) that still breaks the same namespace invariant
 * ({@link #claimOf}: DUPLICATE, ORPHAN, CYCLE, STATE, MOUNT) under the same target and image. The crash point is
 * re-located in each smaller program inside the same operation the original crash cut (a rename first: the multi-step
 * operation of paper 002 §4.2 whose atomicity is at stake), the same number of events into it, then at four evenly
 * spread points inside it. Seeded throughout: the same finding shrinks to the same program. At most
 * {@code maxCandidates} smaller programs are tried.
 */
public final class PdfsShrinker {
    /** Smaller programs tried per finding by default. */
    public static final int MAX_CANDIDATES = 24;
    private static final int INSIDE = 4;

    private PdfsShrinker() {
    }

    /** The shrunk finding (its token carries the smaller program), the program it came from, candidates tried, whether smaller. */
    public record Shrunk(PdfsExplorer.Finding finding, FsProgram original, FsProgram program, int candidates, boolean smaller) {
    }

    /** The invariant a violation breaks: its first word ({@code ORPHAN or CYCLE} counts as one). */
    public static String claimOf(String violation) {
        int colon = violation.indexOf(':');
        return colon < 0 ? violation : violation.substring(0, colon);
    }

    public static Shrunk shrink(PdfsExplorer.Finding found) {
        return shrink(found, MAX_CANDIDATES);
    }

    /** Shrinks {@code found}, trying at most {@code maxCandidates} smaller programs. */
    public static Shrunk shrink(PdfsExplorer.Finding found, int maxCandidates) {
        PdfsExplorer explorer = new PdfsExplorer();
        PdfsExplorer.Replay r = PdfsExplorer.decode(found.token());
        PdfsExplorer.Scenario s = r.scenario();
        String claim = claimOf(found.violation());
        PdfsExplorer.Run originalUncut = explorer.runOn(s, null, -1);
        List<Anchor> anchors = r.target() == null ? List.of() : anchors(originalUncut, s.program(), r.crashAt());
        boolean uncutMayFail = originalUncut.violation() != null; // else a crash finding must stay one (see attempt)
        FsProgram best = s.program();
        PdfsExplorer.Finding bestFinding = found;
        int tried = 0;
        boolean progress = true;
        while (progress && tried < maxCandidates) {
            progress = false;
            for (int kind = 0; kind < 2 && tried < maxCandidates; kind++) {
                int at = 0;
                while (tried < maxCandidates) {
                    FsProgram candidate = removal(best, kind, at);
                    if (candidate == null) {
                        break;
                    }
                    if (!candidate.wellFormed() || r.target() != null && anchors.stream().noneMatch(a -> position(candidate, a.op()) != null)) {
                        at++;
                        continue;
                    }
                    tried++;
                    PdfsExplorer.Finding f = attempt(explorer, s.withProgram(candidate), r, anchors, claim, uncutMayFail);
                    if (f != null) {
                        best = candidate;
                        bestFinding = f;
                        progress = true;
                    } else {
                        at++;
                    }
                }
            }
        }
        return new Shrunk(bestFinding, s.program(), best, tried, best.size() < s.program().size() || best.clients().size() < s.program().clients().size());
    }

    /** The {@code at}-th removal of {@code kind} (0 a client, 1 an operation), or null past the last; a client's last operation goes with it. */
    private static FsProgram removal(FsProgram p, int kind, int at) {
        List<List<FsOp>> all = p.clients();
        if (kind == 0) {
            if (at >= all.size()) {
                return null;
            }
            if (all.size() == 1) {
                return new FsProgram(all.subList(0, 0)); // never well formed: skipped
            }
            List<List<FsOp>> fewer = new ArrayList<>(all);
            fewer.remove(at);
            return new FsProgram(fewer);
        }
        int index = 0;
        for (int c = 0; c < all.size(); c++) {
            for (int i = 0; i < all.get(c).size(); i++) {
                if (index++ == at) {
                    List<FsOp> mine = new ArrayList<>(all.get(c));
                    mine.remove(i);
                    List<List<FsOp>> out = new ArrayList<>(all);
                    out.set(c, mine);
                    return new FsProgram(out);
                }
            }
        }
        return null;
    }

    /** An operation the original crash cut, and how far into it (events, and the fraction of its span). */
    record Anchor(FsOp op, long offset, double fraction) {
    }

    /** The operations in flight at the crash in the uncut run, renames first, then by client. */
    private static List<Anchor> anchors(PdfsExplorer.Run uncut, FsProgram program, long crashAt) {
        List<PdfsExplorer.Call> cut = new ArrayList<>();
        for (PdfsExplorer.Call c : uncut.calls()) {
            if (c.index() >= 0 && c.invoke() < crashAt && c.complete() >= crashAt) {
                cut.add(c);
            }
        }
        cut.sort(Comparator.comparing((PdfsExplorer.Call c) -> !c.text().startsWith("rename ")).thenComparingInt(PdfsExplorer.Call::client));
        List<Anchor> out = new ArrayList<>();
        for (PdfsExplorer.Call c : cut) {
            FsOp op = program.clients().get(c.client()).get(c.index());
            long span = Math.max(1, c.complete() - c.invoke());
            out.add(new Anchor(op, crashAt - c.invoke(), (double) (crashAt - c.invoke()) / span));
        }
        return out;
    }

    /** Where {@code op} is in {@code p}: {client, index}, or null. */
    private static int[] position(FsProgram p, FsOp op) {
        for (int c = 0; c < p.clients().size(); c++) {
            int i = p.clients().get(c).indexOf(op);
            if (i >= 0) {
                return new int[] {c, i};
            }
        }
        return null;
    }

    /**
     * The smaller program's crash state that breaks {@code claim}, or null: its uncut run must pass unless the
     * original's failed too ({@code uncutMayFail}), then the re-located crash points are tried in order.
     */
    private static PdfsExplorer.Finding attempt(PdfsExplorer explorer, PdfsExplorer.Scenario s, PdfsExplorer.Replay original, List<Anchor> anchors,
                                                String claim, boolean uncutMayFail) {
        PdfsExplorer.Run uncut = explorer.runOn(s, null, -1);
        if (original.target() == null) {
            return uncut.violation() != null && claimOf(uncut.violation()).equals(claim)
                    ? new PdfsExplorer.Finding(PdfsExplorer.token(s, null, -1, 0), null, -1, 0, uncut.violation()) : null;
        }
        if (uncut.violation() != null && !uncutMayFail) {
            return null; // the smaller program fails without a crash: another finding
        }
        for (long at : points(uncut, s.program(), anchors)) {
            PdfsExplorer.Prefix prefix = original.target().runsOn() ? null : explorer.crashPrefix(s, at, original.image() + 1);
            PdfsExplorer.Run run = explorer.run(s, original.target(), at, prefix, original.image());
            if (run.crashed() && run.violation() != null && claimOf(run.violation()).equals(claim)) {
                return new PdfsExplorer.Finding(PdfsExplorer.token(s, original.target(), at, original.image()), original.target(), at, original.image(),
                        run.violation());
            }
        }
        return null;
    }

    /** Each present anchor's operation, the same events into it; then evenly spread points inside the first. */
    private static List<Long> points(PdfsExplorer.Run uncut, FsProgram program, List<Anchor> anchors) {
        TreeSet<Long> seen = new TreeSet<>();
        List<Long> out = new ArrayList<>();
        PdfsExplorer.Call first = null;
        for (Anchor a : anchors) {
            PdfsExplorer.Call c = call(uncut, program, a.op());
            if (c == null || c.complete() == Long.MAX_VALUE) {
                continue;
            }
            first = first == null ? c : first;
            long span = c.complete() - c.invoke();
            long at = a.offset() <= span ? c.invoke() + a.offset() : c.invoke() + Math.round(a.fraction() * span);
            add(out, seen, at, uncut.events());
        }
        if (first != null) {
            for (int j = 1; j <= INSIDE; j++) {
                add(out, seen, first.invoke() + (first.complete() - first.invoke()) * j / (INSIDE + 1), uncut.events());
            }
        }
        return out;
    }

    private static void add(List<Long> out, TreeSet<Long> seen, long at, long events) {
        if (at > 0 && at < events && seen.add(at)) {
            out.add(at);
        }
    }

    private static PdfsExplorer.Call call(PdfsExplorer.Run uncut, FsProgram program, FsOp op) {
        int[] p = position(program, op);
        if (p == null) {
            return null;
        }
        for (PdfsExplorer.Call c : uncut.calls()) {
            if (c.client() == p[0] && c.index() == p[1]) {
                return c;
            }
        }
        return null;
    }
}
