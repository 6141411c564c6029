package io.rdasuite.linearizability.checker;

import io.rdasuite.linearizability.model.Spec;

/**
 * The Wing–Gong search (Wing &amp; Gong 1993) with Lowe's configuration cache (Lowe 2017, "Testing for
 * linearizability"), for the operations of one key.
 *
 * <p>Each operation contributes a call entry and, unless it stays open to the end, a return entry; the entries
 * sit in history order in an array-backed doubly linked list. The search walks the list from its head: at a
 * call entry it tries to linearize that operation next (the model step must accept it, and the resulting
 * (decided set, state) configuration must be new), and if so lifts the operation's entries out of the list and
 * restarts from the head; at the return entry of an undecided operation nothing more can be linearized before
 * it, so it backtracks: pops the last choice, puts its entries back, and moves on past its call entry. The
 * history is linearizable once no return entry is left; it is not when the stack is empty at a return entry.
 *
 * <p>Optional operations (pending at a crash, under the durable semantics) have a return entry at the crash;
 * reaching it undecided means the operation did not take effect: it is decided as dropped, a choice undone by
 * backtracking like any other. Under the buffered semantics every crash is a pseudo-operation whose two entries
 * sit at the crash, and the state carries, besides the model state, the state persisted so far: the search may
 * freeze it before any operation of the epoch (the operations after it are the lost suffix), and the crash
 * restores it. The cache key is (decided set, model state, frozen state), so caching stays exact.
 *
 * <p>One reduction on top: a read-only operation ({@link Spec#readOnly}) that the state allows when the walk
 * reaches it is linearized there and at no later point. Every operation that must precede it is decided by
 * then, and any linearization placing it later can move it here without changing any other operation's state;
 * so if that branch fails (or its configuration was seen before), the configuration it came from fails too.
 */
final class WglSearch {
    private static final int NORMAL = 0;
    private static final int FREEZE = 1;
    private static final int DROP = 2;
    /** A read-only op linearized as soon as it could be: deferring it is never better, so no alternative. */
    private static final int OBSERVED = 3;
    private static final int HEAD = 0;

    /** Verdict, and the deepest linearized prefix (op indices in order) with the op that blocked it. */
    record Outcome(Verdict verdict, int[] deepestPrefix, int blockingOp, String reason, int cacheEntries) {
    }

    private final Spec spec;
    private final int ops;
    private final boolean[] optional;
    private final boolean buffered;
    private final int[] next;
    private final int[] prev;
    private final int[] entryOp;
    /** The return entry of a call entry (-1 when open); the call entry of a return entry. */
    private final int[] match;
    private final boolean[] isCall;
    private final int returnEntries;
    private final int crashCount;
    private final long[] opKey;
    private final boolean[] readOnly;

    private WglSearch(Spec spec, KeyHistory h, boolean buffered) {
        int ops = h.ops();
        int[] callPos = h.callPos();
        int[] retPos = h.retPos();
        boolean[] optional = h.optional();
        int[] crashPos = h.crashPos();
        this.spec = spec;
        this.ops = ops;
        this.optional = optional;
        this.buffered = buffered;
        this.crashCount = buffered ? crashPos.length : 0;
        // entries as sortable longs: position * 4 + sub-order (a crashed op's return, then its crash's call and
        // return entries), then the op index (ties among crashed returns), then the call bit; no lambdas, so a
        // cold JVM pays no bootstrap on the first check
        int count = 2 * crashCount;
        for (int i = 0; i < ops; i++) {
            count += retPos[i] >= 0 ? 2 : 1;
        }
        long[] raws = new long[count];
        int k0 = 0;
        for (int i = 0; i < ops; i++) {
            raws[k0++] = sortKey(callPos[i] * 4L, i, true);
            if (retPos[i] >= 0) {
                raws[k0++] = sortKey(retPos[i] * 4L, i, false); // a crashed op returns just before its crash's entries
            }
        }
        for (int c = 0; c < crashCount; c++) {
            raws[k0++] = sortKey(crashPos[c] * 4L + 1, ops + c, true);
            raws[k0++] = sortKey(crashPos[c] * 4L + 2, ops + c, false);
        }
        java.util.Arrays.sort(raws);
        int n = raws.length;
        next = new int[n + 2];
        prev = new int[n + 2];
        entryOp = new int[n + 2];
        match = new int[n + 2];
        isCall = new boolean[n + 2];
        int[] callEntry = new int[ops + crashCount];
        int returns = 0;
        for (int k = 0; k < n; k++) {
            int e = k + 1;
            int op = (int) ((raws[k] >>> 1) & OP_MASK);
            boolean call = (raws[k] & 1) != 0;
            entryOp[e] = op;
            isCall[e] = call;
            next[e] = e + 1;
            prev[e] = e - 1;
            if (call) {
                callEntry[op] = e;
                match[e] = -1;
            } else {
                match[e] = callEntry[op];
                match[callEntry[op]] = e;
                returns++;
            }
        }
        next[HEAD] = 1;
        prev[n + 1] = n;
        next[n + 1] = -1;
        entryOp[HEAD] = -1;
        this.returnEntries = returns;
        readOnly = new boolean[ops];
        for (int i = 0; i < ops; i++) {
            readOnly[i] = spec.readOnly(i);
        }
        opKey = new long[ops + crashCount];
        for (int i = 0; i < opKey.length; i++) {
            opKey[i] = StateCache.mix(0x9E3779B97F4A7C15L * (i + 1)); // fixed per index: no randomness
        }
    }

    private static final int OP_BITS = 24;
    private static final long OP_MASK = (1L << OP_BITS) - 1;

    private static long sortKey(long position, int op, boolean call) {
        if (op > OP_MASK || position >= 1L << (62 - OP_BITS)) {
            throw new IllegalArgumentException("history too large for one key: " + op + " operations");
        }
        return (position << (OP_BITS + 1)) | ((long) op << 1) | (call ? 1 : 0);
    }

    /**
     * One key's operations as event positions (what the search reads of a history).
     *
     * @param ops      how many operations
     * @param callPos  each operation's invocation, as an event index
     * @param retPos   each operation's completion; {@code < 0} keeps it open to the end
     * @param optional whether an operation may be left out (it may not have taken effect)
     * @param crashPos the crashes' event indices, used under the buffered semantics only
     */
    record KeyHistory(int ops, int[] callPos, int[] retPos, boolean[] optional, int[] crashPos) {
    }

    /**
     * How far a search may go.
     *
     * @param deadlineNanos   {@link System#nanoTime()} at which it gives up (UNKNOWN)
     * @param maxCacheEntries the configuration cache's size at most
     */
    record Limits(long deadlineNanos, long maxCacheEntries) {
    }

    /** Searches for a linearization of {@code history} under {@code spec}; {@code buffered}: the buffered-durable crash semantics. */
    static Outcome run(Spec spec, KeyHistory history, boolean buffered, Limits limits) {
        return new WglSearch(spec, history, buffered).search(limits.deadlineNanos(), limits.maxCacheEntries());
    }

    private Outcome search(long deadlineNanos, long maxCacheEntries) {
        int bitCount = ops + crashCount;
        long[] bits = new long[Math.max(1, (bitCount + 63) >>> 6)];
        long bitsHash = 0;
        StateCache cache = new StateCache(bits.length, maxCacheEntries);
        int[] frameEntry = new int[bitCount + 1];
        long[] frameState = new long[bitCount + 1];
        int[] frameAlt = new int[bitCount + 1];
        int depth = 0;
        int remaining = returnEntries;
        int crashesLeft = crashCount;
        // low 32 bits: model state; high 32 bits: frozen state + 1 (0: not frozen)
        long state = spec.initialState() & 0xffffffffL;
        int[] best = new int[0];
        int bestDepth = -1;
        int blocking = -1;
        int e = next[HEAD];
        long iterations = 0;
        while (remaining > 0) {
            if ((++iterations & 0x3ff) == 0 && (System.nanoTime() - deadlineNanos > 0 || cache.full())) {
                String reason = cache.full() ? "cache limit of " + maxCacheEntries + " configurations reached"
                        : "time budget exceeded";
                return new Outcome(Verdict.UNKNOWN, best, blocking, reason, cache.size());
            }
            int op = entryOp[e];
            long newState = -1;
            int alt = NORMAL;
            if (isCall[e]) {
                if (op >= ops) {
                    long frozen = state >>> 32;
                    newState = frozen == 0 ? state : frozen - 1; // the crash restores what was persisted
                    crashesLeft--;
                } else {
                    int s = spec.step((int) state, op);
                    if (s >= 0) {
                        newState = (state & 0xffffffff00000000L) | (s & 0xffffffffL);
                        alt = readOnly[op] ? OBSERVED : NORMAL;
                    }
                }
            } else if (op < ops && optional[op]) {
                newState = state; // undecided at its crash: it never took effect
                alt = DROP;
                e = match[e];
            }
            if (newState >= 0) {
                int bitOp = entryOp[e];
                bits[bitOp >>> 6] ^= 1L << bitOp;
                long h = bitsHash ^ opKey[bitOp];
                if (cache.add(bits, h, newState)) {
                    bitsHash = h;
                    frameEntry[depth] = e;
                    frameState[depth] = state;
                    frameAlt[depth++] = alt;
                    state = newState;
                    remaining -= lift(e);
                    e = next[HEAD];
                    continue;
                }
                bits[bitOp >>> 6] ^= 1L << bitOp;
                if (isCall[e] && op >= ops) {
                    crashesLeft++;
                }
                if (alt == NORMAL && isCall[e] && op < ops && tryFreeze(e, state, newState, crashesLeft, bits, bitsHash, cache)) {
                    // the op's configuration was seen, but freezing the persisted state before it, from this state,
                    // is a sibling the cache has not judged (the same child can be reached from another state)
                    bitsHash ^= opKey[op];
                    frameEntry[depth] = e;
                    frameState[depth] = state;
                    frameAlt[depth++] = FREEZE;
                    state = ((state & 0xffffffffL) + 1) << 32 | (newState & 0xffffffffL);
                    remaining -= lift(e);
                    e = next[HEAD];
                    continue;
                }
                if (alt == NORMAL) {
                    e = next[e];
                    continue;
                }
                if (alt == DROP) {
                    e = match[e]; // the drop was seen before: back at the return entry, backtrack
                }
            } else if (isCall[e]) {
                e = next[e];
                continue;
            }
            // a return entry of an undecided operation, or a read-only op whose configuration failed before: backtrack
            if (!isCall[e] && depth > bestDepth && entryOp[e] < ops) {
                bestDepth = depth;
                best = prefix(frameEntry, frameAlt, depth);
                blocking = entryOp[e];
            }
            while (true) {
                if (depth == 0) {
                    return new Outcome(Verdict.NOT_LINEARIZABLE, best, blocking, null, cache.size());
                }
                int c = frameEntry[--depth];
                int cop = entryOp[c];
                remaining += unlift(c);
                bits[cop >>> 6] ^= 1L << cop;
                bitsHash ^= opKey[cop];
                long undone = state;
                state = frameState[depth];
                if (cop >= ops) {
                    crashesLeft++;
                }
                if (frameAlt[depth] == DROP || frameAlt[depth] == OBSERVED) {
                    continue; // nothing else to try here: back further
                }
                if (frameAlt[depth] == NORMAL && buffered && cop < ops && (state >>> 32) == 0 && crashesLeft > 0) {
                    long frozen = ((state & 0xffffffffL) + 1) << 32 | (undone & 0xffffffffL);
                    bits[cop >>> 6] ^= 1L << cop;
                    long h = bitsHash ^ opKey[cop];
                    if (cache.add(bits, h, frozen)) { // persist up to here: this op and the rest of the epoch are lost
                        bitsHash = h;
                        frameAlt[depth++] = FREEZE;
                        state = frozen;
                        remaining -= lift(c);
                        e = next[HEAD];
                        break;
                    }
                    bits[cop >>> 6] ^= 1L << cop;
                }
                e = next[c];
                break;
            }
        }
        return new Outcome(Verdict.LINEARIZABLE, best, blocking, null, cache.size());
    }

    /**
     * Under the buffered semantics, whether op entry {@code e} can be linearized with the persisted state frozen just
     * before it (from {@code state}, to {@code stepped} after it) in a configuration not seen yet; if so its bit is
     * set and the configuration cached.
     */
    private boolean tryFreeze(int e, long state, long stepped, int crashesLeft, long[] bits, long bitsHash, StateCache cache) {
        if (!buffered || (state >>> 32) != 0 || crashesLeft == 0) {
            return false;
        }
        int op = entryOp[e];
        long frozen = ((state & 0xffffffffL) + 1) << 32 | (stepped & 0xffffffffL);
        bits[op >>> 6] ^= 1L << op;
        if (cache.add(bits, bitsHash ^ opKey[op], frozen)) {
            return true;
        }
        bits[op >>> 6] ^= 1L << op;
        return false;
    }

    /** The real operations that took effect in frames [0, depth), in order. */
    private int[] prefix(int[] frameEntry, int[] frameAlt, int depth) {
        int[] out = new int[depth];
        int n = 0;
        for (int i = 0; i < depth; i++) {
            int op = entryOp[frameEntry[i]];
            if (op < ops && frameAlt[i] != DROP) {
                out[n++] = op;
            }
        }
        return java.util.Arrays.copyOf(out, n);
    }

    /** Removes call entry c and its return entry; the number of return entries removed. */
    private int lift(int c) {
        next[prev[c]] = next[c];
        prev[next[c]] = prev[c];
        int r = match[c];
        if (r < 0) {
            return 0;
        }
        next[prev[r]] = next[r];
        prev[next[r]] = prev[r];
        return 1;
    }

    /** Undoes {@link #lift(int)} (in reverse order, so the links it left intact are the ones to restore). */
    private int unlift(int c) {
        int r = match[c];
        if (r >= 0) {
            prev[next[r]] = r;
            next[prev[r]] = r;
        }
        prev[next[c]] = c;
        next[prev[c]] = c;
        return r < 0 ? 0 : 1;
    }
}
