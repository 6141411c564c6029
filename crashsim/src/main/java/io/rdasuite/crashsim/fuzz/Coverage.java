package io.rdasuite.crashsim.fuzz;

import io.rdasuite.hwsim.engine.TraceKind;
import io.rdasuite.hwsim.memory.CrashFrontier;
import java.util.Collection;
import java.util.TreeMap;

/**
 * What "not seen before" means for the fuzzer's coverage feedback (DESIGN §5): a crash state's signature, a 64-bit
 * hash of
 * <ul>
 *   <li>the store (subject name) and the shape of the schedule (process crash or power failure, repeated or not);</li>
 *   <li>the crash frontier the state was taken from: per PM region, how many dirty lines were pending outside the
 *   persistence domain and how many unit writes were still in the volatile NIC/PCIe FIFO, each bucketed
 *   (0, 1, 2–3, 4–7, … powers of two);</li>
 *   <li>the recovery path: how many trace events of each kind (actor steps, posts, arrivals, placements, local
 *   stores and persists, …) the restart's recovery and read-back took, bucketed the same way;</li>
 *   <li>which invariants failed there.</li>
 * </ul>
 * Two states with equal signatures stressed the same lines and took a recovery of the same shape; a run that
 * reaches a signature no earlier run reached is kept and mutated more often.
 */
public final class Coverage {
    private Coverage() {
    }

    /** 0 for 0, else 1 + floor(log2 n), at most 12. */
    static int bucket(long n) {
        return n <= 0 ? 0 : Math.min(12, 64 - Long.numberOfLeadingZeros(n));
    }

    static long signature(String subject, FaultSchedule schedule, CrashFrontier frontier, long[] recoveryKindCounts, Collection<io.rdasuite.crashsim.Invariant> failed) {
        long h = mix(0x5EED_F00DL, subject.hashCode());
        h = mix(h, schedule.serverCrash().ordinal());
        h = mix(h, schedule.repeat().ordinal());
        if (frontier == null) {
            h = mix(h, -1); // a process crash: no frontier
        } else {
            TreeMap<String, long[]> perRegion = new TreeMap<>();
            for (int s = 0; s < frontier.slots(); s++) {
                perRegion.computeIfAbsent(frontier.slotRegion(s), k -> new long[2])[0]++;
            }
            for (int w = 0; w < frontier.fifoWrites(); w++) {
                perRegion.computeIfAbsent(frontier.fifoRegion(w), k -> new long[2])[1]++;
            }
            for (var e : perRegion.entrySet()) {
                h = mix(h, e.getKey().hashCode());
                h = mix(h, bucket(e.getValue()[0]) * 16L + bucket(e.getValue()[1]));
            }
        }
        for (TraceKind k : TraceKind.values()) {
            h = mix(h, k.ordinal() * 16L + bucket(recoveryKindCounts[k.ordinal()]));
        }
        for (String f : failed.stream().map(Enum::name).sorted().toList()) {
            h = mix(h, f.hashCode());
        }
        return h;
    }

    private static long mix(long h, long x) {
        long k = h ^ (x * 0x9E3779B97F4A7C15L);
        k ^= k >>> 33;
        k *= 0xff51afd7ed558ccdL;
        k ^= k >>> 33;
        k *= 0xc4ceb9fe1a85ec53L;
        k ^= k >>> 33;
        return k;
    }
}
