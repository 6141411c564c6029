package io.rdasuite.hwreal.crash;

import io.rdasuite.hwreal.loopback.LoopbackFabric;
import io.rdasuite.hwreal.pm.MappedFilePm;
import io.rdasuite.store.kv.KvClient;
import io.rdasuite.store.protocol.KvProtocol;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Recovers a store from the PM files a killed {@link KillableWorkload} left and checks what it claims: every
 * key reads back without error (the index is consistent), every value is whole and one the workload wrote
 * (no torn values), and no key is older than its last acknowledged put (a killed process loses no PM: the
 * page cache keeps its stores, so every store's acknowledged writes must survive).
 */
public final class CrashCheck {
    private CrashCheck() {
    }

    /** The problems found; empty when every claim holds. {@code acked} maps key to its last acknowledged sequence. */
    public static List<String> check(KvProtocol protocol, Path dir, Map<Integer, Long> acked) {
        List<String> problems = java.util.Collections.synchronizedList(new ArrayList<>());
        try (MappedFilePm pm = new MappedFilePm(dir)) {
            LoopbackFabric.Builder b = LoopbackFabric.builder().node(KillableWorkload.CONFIG).pm(pm);
            for (int c = 0; c < KillableWorkload.CLIENTS; c++) {
                b.node(KillableWorkload.CONFIG); // the same deployment as the workload's: region sizes depend on it
            }
            try (LoopbackFabric fabric = b.build()) {
                int keys = KillableWorkload.CLIENTS * KillableWorkload.KEYS_PER_CLIENT;
                KvClient reader = protocol.deploy(fabric, WorkloadValues.SHAPE, KillableWorkload.CLIENTS, true, keys).clients().getFirst();
                fabric.node(1).spawn("checker", () -> {
                    for (int k = 0; k < keys; k++) {
                        try {
                            byte[] v = reader.get(WorkloadValues.key(k));
                            long last = acked.getOrDefault(k, 0L);
                            if (v == null) {
                                if (last > 0) {
                                    problems.add("key " + k + " is gone after recovery; its put " + last + " was acknowledged");
                                }
                                continue;
                            }
                            long seq = WorkloadValues.sequence(k, v);
                            if (seq < 0) {
                                problems.add("key " + k + " holds a torn or foreign value");
                            } else if (seq < last) {
                                problems.add("key " + k + " recovered at sequence " + seq + ", older than its acknowledged put " + last);
                            }
                        } catch (KvClient.KvReadException e) {
                            problems.add("key " + k + " cannot be read: " + e.getMessage());
                        }
                    }
                });
                fabric.join();
            }
        }
        return problems;
    }
}
