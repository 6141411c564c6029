package io.rdasuite.bench.kv;

import io.rdasuite.bench.fidelity.PaperClaim;
import io.rdasuite.store.efactory.EfProtocol;
import io.rdasuite.store.erda.ErdaProtocol;
import io.rdasuite.store.protocol.KvProtocol;
import io.rdasuite.store.workload.Ycsb;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Paper 001's throughput claims (§6.1 with 8 clients, §6.2 scalability) set beside the model's ratios. A claim
 * "agrees" when the model's ratio falls in the band written next to it: the paper's own range where it gives
 * one, otherwise ±25% around its single figure ("about" and "nearly the same" get ±5%).
 */
public final class EfactoryClaims {
    /** Where the claims of {@link #forWorkload} and {@link #forScaling} are made. */
    static final String SECTION_6_1 = "paper 001 §6.1";
    static final String SECTION_6_2 = "paper 001 §6.2, Fig. 10";

    private EfactoryClaims() {
    }

    /** The §6.1 claims that apply to a YCSB workload, for the protocols present in {@code results}. */
    public static List<PaperClaim> forWorkload(Ycsb.Workload workload, int valueSize, List<YcsbBench.Result> results) {
        List<PaperClaim> claims = new ArrayList<>();
        switch (workload) {
            case C -> {
                ratio(claims, results, EfProtocol.IMM, "read-only: eFactory within ~2% of IMM", 1.0, 0.95, 1.05);
                ratio(claims, results, EfProtocol.SAW, "read-only: eFactory within ~2% of SAW", 1.0, 0.95, 1.05);
                if (valueSize == 4096) {
                    ratio(claims, results, ErdaProtocol.ERDA, "read-only, 4 KB: eFactory 1.96x Erda", 1.96, 1.96 * 0.75, 1.96 * 1.25);
                    ratio(claims, results, EfProtocol.FORCA, "read-only, 4 KB: eFactory 1.67x Forca", 1.67, 1.67 * 0.75, 1.67 * 1.25);
                } else if (valueSize > 64) {
                    ratio(claims, results, ErdaProtocol.ERDA, "read-only, 128 B-4 KB: eFactory 1.3-1.96x Erda", (1.3 + 1.96) / 2, 1.3, 1.96);
                    ratio(claims, results, EfProtocol.FORCA, "read-only, 128 B-4 KB: eFactory 1.24-1.67x Forca", (1.24 + 1.67) / 2, 1.24, 1.67);
                }
            }
            case B -> {
                ratio(claims, results, EfProtocol.SAW, "read-intensive: eFactory about SAW", 1.0, 0.95, 1.05);
                ratio(claims, results, EfProtocol.IMM, "read-intensive: eFactory ~95% of IMM", 0.95, 0.90, 1.0);
                ratio(claims, results, ErdaProtocol.ERDA, "read-intensive: eFactory 1.74x Erda", 1.74, 1.74 * 0.75, 1.74 * 1.25);
                ratio(claims, results, EfProtocol.FORCA, "read-intensive: eFactory 1.61x Forca", 1.61, 1.61 * 0.75, 1.61 * 1.25);
                ratio(claims, results, EfProtocol.EFACTORY_NOHR, "read-intensive: hybrid read adds 11-24%", (1.11 + 1.24) / 2, 1.11, 1.24);
            }
            case A -> {
                highest(claims, results);
                ratio(claims, results, EfProtocol.EFACTORY_NOHR, "write-intensive: hybrid read adds ~13% (4 KB)", 1.13, 1.13 * 0.75 + 0.25, 1.13 * 1.25);
            }
            case UPDATE_ONLY -> {
                ratio(claims, results, ErdaProtocol.ERDA, "write-only: eFactory 5-22% above Erda", (1.05 + 1.22) / 2, 1.05, 1.22);
                ratio(claims, results, EfProtocol.IMM, "write-only: eFactory 42-279% above IMM", (1.42 + 3.79) / 2, 1.42, 3.79);
                ratio(claims, results, EfProtocol.SAW, "write-only: eFactory 66-285% above SAW", (1.66 + 3.85) / 2, 1.66, 3.85);
            }
        }
        return claims;
    }

    /**
     * §6.2 (Fig. 10): eFactory's throughput grows about linearly with clients; IMM's and SAW's flatten when
     * writes dominate. {@code throughput} maps protocol to the figures at each client count of {@code clients}.
     */
    public static List<PaperClaim> forScaling(Ycsb.Workload workload, int[] clients, Map<KvProtocol, long[]> throughput) {
        List<PaperClaim> claims = new ArrayList<>();
        long[] ef = throughput.get(EfProtocol.EFACTORY);
        if (ef == null || clients.length < 2) {
            return claims;
        }
        int last = clients.length - 1;
        double growth = (double) clients[last] / clients[0];
        double efGrowth = (double) ef[last] / ef[0];
        claims.add(PaperClaim.atLeast(SECTION_6_2, workload + ": eFactory grows about linearly with clients (at least 70% of " + fmt(growth) + "x)",
                "eFactory " + fmt(efGrowth) + "x from " + clients[0] + " to " + clients[last] + " clients", growth, efGrowth, 0.7 * growth));
        if (workload == Ycsb.Workload.A || workload == Ycsb.Workload.UPDATE_ONLY) {
            for (KvProtocol p : List.of(EfProtocol.IMM, EfProtocol.SAW)) {
                long[] t = throughput.get(p);
                if (t != null) {
                    double g = (double) t[last] / t[0];
                    claims.add(PaperClaim.atMost(SECTION_6_2, workload + ": " + p.cliName() + " flattens when writes dominate (grows under 75% of eFactory's growth)",
                            p.cliName() + " " + fmt(g) + "x", Double.NaN, g, 0.75 * efGrowth));
                }
            }
        }
        return claims;
    }

    private static Optional<YcsbBench.Result> find(List<YcsbBench.Result> results, KvProtocol p) {
        return results.stream().filter(r -> r.protocol() == p).findFirst();
    }

    private static void ratio(List<PaperClaim> claims, List<YcsbBench.Result> results, KvProtocol other, String paper, double paperRatio, double low, double high) {
        Optional<YcsbBench.Result> ef = find(results, EfProtocol.EFACTORY);
        Optional<YcsbBench.Result> o = find(results, other);
        if (ef.isEmpty() || o.isEmpty()) {
            return;
        }
        double r = (double) ef.get().throughputOpsPerSecond() / o.get().throughputOpsPerSecond();
        claims.add(new PaperClaim(SECTION_6_1, paper + " [band " + fmt(low) + "-" + fmt(high) + "]", "eFactory/" + other.cliName() + " " + fmt(r) + "x",
                paperRatio, r, low, high));
    }

    private static void highest(List<PaperClaim> claims, List<YcsbBench.Result> results) {
        Optional<YcsbBench.Result> ef = find(results, EfProtocol.EFACTORY);
        if (ef.isEmpty() || results.size() < 2) {
            return;
        }
        YcsbBench.Result best = results.stream().filter(r -> r.protocol() != EfProtocol.EFACTORY)
                .max(java.util.Comparator.comparingLong(YcsbBench.Result::throughputOpsPerSecond)).orElseThrow();
        double r = (double) ef.get().throughputOpsPerSecond() / best.throughputOpsPerSecond();
        claims.add(PaperClaim.atLeast(SECTION_6_1, "write-intensive: eFactory has the highest throughput of all", "eFactory/" + best.protocol().cliName()
                + " (best of the rest) " + fmt(r) + "x", 1.0, r, 0.98));
    }

    private static String fmt(double x) {
        return String.format(java.util.Locale.ROOT, "%.2f", x);
    }
}
