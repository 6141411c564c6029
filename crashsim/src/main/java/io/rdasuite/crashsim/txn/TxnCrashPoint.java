package io.rdasuite.crashsim.txn;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where a crash cut the transactions in flight, in the steps of paper 002 §4.1.6 (issue 27: findings that explain
 * themselves): for each client, its transaction at the crash, the participant steps it had reached (LOCK at the
 * primaries, COMMIT-BACKUP at the backups, COMMIT-PRIMARY, TRUNCATE), and the step it stood between.
 */
public final class TxnCrashPoint {
    private TxnCrashPoint() {
    }

    /** A participant's step of a run: at event {@code event}, server node {@code server} handled {@code phase} of coordinator {@code c}'s {@code txn}. */
    public record Step(long event, String phase, int server, int coordinator, long txn) {
    }

    /** The commit's steps in the paper's words, by the participant step that ends them (table order is protocol order). */
    private static final Map<String, String> WORDS = Map.of(
            "LOCK", "step 2, Lock: the primary stores the record durably in its log and locks the written items",
            "LOCK-CONFLICT", "step 2, Lock, refused on a conflict: the transaction aborts",
            "COMMIT-BACKUP", "step 4, Commit-backup: each backup persists the record before it replies",
            "COMMIT-PRIMARY", "step 5, Commit-primary: the primaries log the decision, install the writes and unlock",
            "ABORT", "abort: the participants unlock and mark the record aborted",
            "TRUNCATE", "truncation: the coordinator lets the participants apply and drop the record");
    private static final List<String> ORDER = List.of("LOCK-CONFLICT", "LOCK", "COMMIT-BACKUP", "COMMIT-PRIMARY", "ABORT", "TRUNCATE");

    /** A line each: the crash, and for each client its transaction in flight and the steps it had reached. */
    public static List<String> describe(TxnCrashTarget target, long crashAt, List<TxnRecord> history, List<Step> steps) {
        List<String> out = new ArrayList<>();
        out.add("power failure of " + target.label() + " before event " + crashAt);
        TreeMap<Integer, TxnRecord> inFlight = new TreeMap<>();
        TreeMap<Integer, TxnRecord> last = new TreeMap<>();
        for (TxnRecord r : history) {
            if (r.invoke() >= crashAt) {
                continue;
            }
            if (r.complete() < crashAt) {
                last.put(r.client(), r);
            } else {
                inFlight.putIfAbsent(r.client(), r);
            }
        }
        TreeMap<Integer, Boolean> clients = new TreeMap<>();
        history.forEach(r -> clients.put(r.client(), true));
        for (int c : clients.keySet()) {
            TxnRecord r = inFlight.get(c);
            if (r == null) {
                TxnRecord l = last.get(c);
                out.add("client " + c + ": no transaction in flight" + (l == null ? "" : " (its last, " + l + ", ended at e" + l.complete() + ")"));
                continue;
            }
            out.add("client " + c + ": " + r + " in flight since e" + r.invoke() + (r.complete() == Long.MAX_VALUE ? "" : ", ended at e" + r.complete()
                    + " after the crash"));
            out.add("client " + c + " in the protocol's steps: " + position(c, r.invoke(), crashAt, steps));
        }
        return out;
    }

    /** The steps coordinator {@code c}'s transaction begun at {@code from} reached before {@code crashAt}, and the last of them. */
    private static String position(int c, long from, long crashAt, List<Step> steps) {
        long txn = -1;
        for (Step s : steps) {
            if (s.coordinator() == c && s.event() >= from && s.event() < crashAt) {
                txn = Math.max(txn, s.txn());
            }
        }
        if (txn < 0) {
            return "pDSM transaction (002 §4.1.6), before any participant handled its Lock: executing (step 1, one-sided READs), or its LOCKs"
                    + " still on the way; nothing of it is in any log";
        }
        StringBuilder reached = new StringBuilder();
        String furthest = null;
        for (Step s : steps) {
            if (s.coordinator() == c && s.txn() == txn && s.event() < crashAt) {
                reached.append(reached.isEmpty() ? "" : ", ").append(s.phase()).append(" at server ").append(s.server()).append(" (e").append(s.event()).append(')');
                if (furthest == null || ORDER.indexOf(s.phase()) > ORDER.indexOf(furthest)) {
                    furthest = s.phase();
                }
            }
        }
        String next = switch (furthest) {
            case "LOCK" -> "; not yet: step 4, Commit-backup (validation, step 3, reads the read set's versions in between)";
            case "COMMIT-BACKUP" -> "; not yet at every participant, or next: step 5, Commit-primary";
            case "COMMIT-PRIMARY" -> "; next: truncation";
            default -> "";
        };
        return "pDSM transaction " + txn + " (002 §4.1.6), after " + WORDS.get(furthest) + next + "; participant steps before the crash: " + reached;
    }
}
