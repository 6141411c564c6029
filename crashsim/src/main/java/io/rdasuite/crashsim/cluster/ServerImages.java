package io.rdasuite.crashsim.cluster;

import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.hwsim.memory.CrashFrontier;
import io.rdasuite.hwsim.memory.CrashImage;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * Post-crash image sets of several crashed servers, for explorers that restart a whole cluster: set 0 takes each
 * server's oldest image (nothing unpersisted survives), set 1 the newest, the rest seeded samples (set {@code k} from
 * a random seeded by the run's seed and {@code k}, so a set does not depend on how many are taken).
 */
public final class ServerImages {
    private ServerImages() {
    }

    /** Image sets {@code 0 … count-1} of {@code servers} after the power failure {@code fabric} just ran into. */
    public static List<TreeMap<Integer, CrashImage>> take(SimFabric fabric, List<Integer> servers, long seed, int count) {
        java.util.Map<Integer, CrashFrontier> frontiers = new TreeMap<>();
        for (int n : servers) {
            frontiers.put(n, fabric.frontier(n));
        }
        return take(frontiers, servers, seed, count);
    }

    /** As {@link #take(SimFabric, List, long, int)}, from the servers' frontiers (e.g. recorded while the run went on). */
    public static List<TreeMap<Integer, CrashImage>> take(java.util.Map<Integer, CrashFrontier> frontiers, List<Integer> servers, long seed, int count) {
        List<TreeMap<Integer, CrashImage>> all = new ArrayList<>();
        for (int image = 0; image < count; image++) {
            SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + image);
            TreeMap<Integer, CrashImage> one = new TreeMap<>();
            for (int n : servers) {
                CrashFrontier f = frontiers.get(n);
                one.put(n, image == 0 ? f.oldest() : image == 1 ? f.newest() : f.sample(random));
            }
            all.add(one);
        }
        return all;
    }
}
