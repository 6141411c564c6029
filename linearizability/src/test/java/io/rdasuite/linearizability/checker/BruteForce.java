package io.rdasuite.linearizability.checker;

import io.rdasuite.linearizability.history.CrashPoint;
import io.rdasuite.linearizability.history.Fn;
import io.rdasuite.linearizability.history.History;
import io.rdasuite.linearizability.history.Operation;
import io.rdasuite.linearizability.history.Status;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A test oracle written independently of the search: for a small single-register history (read/write/cas),
 * tries every subset of the optional operations and every order of the rest (plus, under the buffered semantics,
 * the crashes as markers) that respects real-time order, simulating the register, and under buffered semantics
 * every rollback to a prefix of the epoch at each crash marker. Exponential: keep histories tiny.
 */
final class BruteForce {
    /** An op or a crash marker with doubled positions: a crashed op returns just before its crash's marker. */
    private record Item(Operation op, long call, long ret) {
    }

    private BruteForce() {
    }

    static boolean linearizable(History h, CrashSemantics semantics) {
        List<Item> required = new ArrayList<>();
        List<Item> optional = new ArrayList<>();
        for (Operation op : h.operations()) {
            if (op.status() == Status.FAIL || (op.f() == Fn.READ && op.status() != Status.OK)) {
                continue;
            }
            long ret = switch (op.status()) {
                case OK -> 2L * op.returnIndex();
                case CRASHED -> semantics == CrashSemantics.OPEN ? Long.MAX_VALUE : 2L * op.returnIndex() - 1;
                default -> Long.MAX_VALUE;
            };
            (op.status() == Status.OK ? required : optional).add(new Item(op, 2L * op.callIndex(), ret));
        }
        if (semantics == CrashSemantics.BUFFERED) {
            for (CrashPoint c : h.crashes()) {
                required.add(new Item(null, 2L * c.eventIndex(), 2L * c.eventIndex()));
            }
        }
        for (int mask = 0; mask < 1 << optional.size(); mask++) {
            List<Item> items = new ArrayList<>(required);
            for (int i = 0; i < optional.size(); i++) {
                if ((mask & 1 << i) != 0) {
                    items.add(optional.get(i));
                }
            }
            List<Object> epoch = new ArrayList<>();
            epoch.add(null);
            if (search(items, new boolean[items.size()], 0, null, epoch)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the unplaced items can follow, from {@code state}; {@code epoch} holds the states since the last crash. */
    private static boolean search(List<Item> items, boolean[] placed, int count, Object state, List<Object> epoch) {
        if (count == items.size()) {
            return true;
        }
        for (int i = 0; i < items.size(); i++) {
            if (placed[i] || !minimal(items, placed, i)) {
                continue;
            }
            Item it = items.get(i);
            placed[i] = true;
            if (it.op() == null) { // a crash: the state after some prefix of the epoch survives
                for (Object survivor : new ArrayList<>(epoch)) {
                    List<Object> next = new ArrayList<>();
                    next.add(survivor);
                    if (search(items, placed, count + 1, survivor, next)) {
                        return true;
                    }
                }
            } else {
                Object[] after = step(it.op(), state);
                if (after != null) {
                    epoch.add(after[0]);
                    boolean ok = search(items, placed, count + 1, after[0], epoch);
                    epoch.removeLast();
                    if (ok) {
                        return true;
                    }
                }
            }
            placed[i] = false;
        }
        return false;
    }

    /** Whether no unplaced item must precede item i (returned before it was called). */
    private static boolean minimal(List<Item> items, boolean[] placed, int i) {
        for (int j = 0; j < items.size(); j++) {
            if (!placed[j] && j != i && items.get(j).ret() < items.get(i).call()) {
                return false;
            }
        }
        return true;
    }

    /** {new state} or null when the op cannot take effect in {@code state}. */
    private static Object[] step(Operation op, Object state) {
        return switch (op.f()) {
            case READ -> Objects.equals(state, op.result()) ? new Object[] {state} : null;
            case WRITE -> new Object[] {op.value()};
            case CAS -> {
                List<?> pair = (List<?>) op.value();
                yield Objects.equals(state, pair.get(0)) ? new Object[] {pair.get(1)} : null;
            }
            default -> throw new IllegalArgumentException(op.describe());
        };
    }
}
