package io.rdasuite.bench.nessie;

import io.rdasuite.bench.fidelity.PaperClaim;
import io.rdasuite.store.nessie.NessieMode;
import io.rdasuite.store.nessie.NessieOptimization;
import io.rdasuite.store.workload.Ycsb;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Paper 004's §6 claims set beside the model's numbers, for whichever results a run produced: Fig. 4 needs
 * several background levels, Figs. 5-7 and Table 1 uniform keys without background, Figs. 8-11 a 16 KB run with
 * 50% GETs. A claim "agrees" when the model's figure falls in the band written next to it; the bands are the
 * paper's words turned into ranges, not fitted to the model.
 */
public final class NessieClaims {
    private static final String F4 = "paper 004 Fig. 4";
    private static final String F5 = "paper 004 Figs. 5-7, Table 1";
    private static final String F8 = "paper 004 Figs. 8-11";
    private static final String F12 = "paper 004 Fig. 12";
    private static final String F13 = "paper 004 Fig. 13";

    private NessieClaims() {
    }

    public static List<PaperClaim> evaluate(List<NessieBench.Result> results) {
        List<PaperClaim> claims = new ArrayList<>();
        List<NessieBench.Result> full = results.stream().filter(r -> r.spec().optimizations().equals(NessieOptimization.all())).toList();
        List<NessieBench.Result> uniform = full.stream().filter(r -> r.spec().distribution() == Ycsb.Distribution.UNIFORM).toList();
        fig4(claims, uniform);
        fig5to7(claims, uniform);
        fig8to11(claims, uniform);
        fig12(claims, full.stream().filter(r -> r.spec().distribution() == Ycsb.Distribution.ZIPF && r.spec().background() == 0).toList());
        fig13(claims, results.stream().filter(r -> r.spec().distribution() == Ycsb.Distribution.ZIPF && r.spec().background() == 0
                && r.spec().mode() == NessieMode.NESSIE).toList());
        return claims;
    }

    /**
     * Fig. 12 (Zipf 0.99): Nessie over NessieSD by more than 50% for large values at 50% GETs and by more than 40% at
     * 99% GETs; behind it for 256-byte values.
     */
    private static void fig12(List<PaperClaim> claims, List<NessieBench.Result> rs) {
        TreeSet<Integer> sizes = distinct(rs, NessieBench.Spec::valueSize);
        for (double f : distinct(rs, NessieBench.Spec::getFraction)) {
            for (int size : sizes) {
                var cd = rs.stream().filter(r -> r.spec().mode() == NessieMode.NESSIE && r.spec().valueSize() == size && r.spec().getFraction() == f).findFirst();
                var sd = rs.stream().filter(r -> r.spec().mode() == NessieMode.NESSIE_SD && r.spec().valueSize() == size && r.spec().getFraction() == f).findFirst();
                if (cd.isEmpty() || sd.isEmpty()) {
                    continue;
                }
                double k = ratio(cd.get(), sd.get());
                String at = String.format("Fig. 12 (Zipf, %s, %.0f%% GETs): ", kb(size), 100 * f);
                String model = String.format("Nessie/NessieSD goodput %.2f", k);
                if (size <= 256) {
                    claims.add(PaperClaim.atMost(F12, at + "small values are negatively impacted by Nessie's round trips (< 1)", model, Double.NaN, k, Math.nextDown(1.0)));
                } else if (size >= 16384 && Math.abs(f - 0.5) < 1e-9) {
                    claims.add(PaperClaim.atLeast(F12, at + "an improvement of over 50 percent compared to NessieSD (>= 1.5)", model, 1.5, k, 1.5));
                } else if (size >= 16384 && Math.abs(f - 0.99) < 1e-9) {
                    claims.add(PaperClaim.atLeast(F12, at + "outperforming NessieSD by over 40 percent (>= 1.4)", model, 1.4, k, 1.4));
                }
            }
        }
    }

    /**
     * Fig. 13 (Zipf 0.99, 16 KB): all optimizations together give about 60% over basic Nessie at 50% GETs and about
     * 90% at 99% GETs (band: half to one and a half times the stated improvement); caching pays at 99% GETs only.
     */
    private static void fig13(List<PaperClaim> claims, List<NessieBench.Result> rs) {
        TreeSet<Double> fractions = distinct(rs, NessieBench.Spec::getFraction);
        TreeSet<Integer> sizes = distinct(rs, NessieBench.Spec::valueSize);
        List<java.util.Set<NessieOptimization>> ladder = NessieOptimization.ladder();
        for (int size : sizes.contains(16384) ? java.util.List.of(16384) : java.util.List.<Integer>of()) { // Fig. 13 is 16 KB
            for (double f : fractions) {
                double[] goodput = new double[ladder.size()];
                boolean complete = true;
                for (int i = 0; i < ladder.size(); i++) {
                    var on = ladder.get(i);
                    var r = rs.stream().filter(x -> x.spec().valueSize() == size && x.spec().getFraction() == f && x.spec().optimizations().equals(on)).findFirst();
                    complete &= r.isPresent();
                    goodput[i] = r.map(NessieBench.Result::goodputBytesPerSecond).orElse(0.0);
                }
                if (!complete) {
                    continue;
                }
                double gain = goodput[ladder.size() - 1] / Math.max(1e-9, goodput[0]) - 1;
                StringBuilder steps = new StringBuilder();
                for (int i = 0; i < ladder.size(); i++) {
                    steps.append(i == 0 ? "" : ", ").append(i == 0 ? "basic" : "+" + NessieOptimization.values()[i - 1].cliName())
                            .append(String.format(" %.1f", goodput[i] / 1e6));
                }
                String at = String.format("Fig. 13 (Zipf, %s, %.0f%% GETs): ", kb(size), 100 * f);
                String model = String.format("all/basic %+.0f%%; MB/s: %s", 100 * gain, steps);
                if (Math.abs(f - 0.5) < 1e-9) {
                    claims.add(new PaperClaim(F13, at + "the optimizations give a 60 percent improvement over basic Nessie (+30% to +90%)", model, 0.6, gain, 0.3, 0.9));
                } else if (Math.abs(f - 0.99) < 1e-9) {
                    claims.add(new PaperClaim(F13, at + "the optimizations give a 90 percent improvement over basic Nessie (+45% to +135%)", model, 0.9, gain, 0.45, 1.35));
                }
                double caching = goodput[2] / Math.max(1e-9, goodput[1]) - 1;
                String cm = String.format("+cache changes goodput by %+.0f%%", 100 * caching);
                if (f >= 0.9) {
                    claims.add(PaperClaim.atLeast(F13, at + "GET-heavy workloads make good use of caching (read: +5% or more)", cm, Double.NaN, caching, 0.05));
                } else if (f <= 0.5) {
                    claims.add(new PaperClaim(F13, at + "caching is not useful for PUT-heavy workloads (read: within 10%)", cm, 0, caching, -0.10, 0.10));
                }
            }
        }
    }

    private static Optional<NessieBench.Result> find(List<NessieBench.Result> rs, NessieMode m, int size, int background) {
        return rs.stream().filter(r -> r.spec().mode() == m && r.spec().valueSize() == size && r.spec().background() == background).findFirst();
    }

    private static String kb(int bytes) {
        return bytes % 1024 == 0 ? bytes / 1024 + " KB" : bytes + " B";
    }

    /** Fig. 4: with background processes Nessie stays flat, NessieSD collapses, NessieHY declines less than NessieSD. */
    private static void fig4(List<PaperClaim> claims, List<NessieBench.Result> rs) {
        TreeSet<Integer> levels = distinct(rs, NessieBench.Spec::background);
        TreeSet<Integer> sizes = distinct(rs, NessieBench.Spec::valueSize);
        if (levels.size() < 2 || levels.first() != 0) {
            return;
        }
        int max = levels.last();
        for (int size : sizes) {
            var cd0 = find(rs, NessieMode.NESSIE, size, 0);
            var cdN = find(rs, NessieMode.NESSIE, size, max);
            var sd0 = find(rs, NessieMode.NESSIE_SD, size, 0);
            var sdN = find(rs, NessieMode.NESSIE_SD, size, max);
            var hy0 = find(rs, NessieMode.NESSIE_HY, size, 0);
            var hyN = find(rs, NessieMode.NESSIE_HY, size, max);
            String at = kb(size) + ", 0 -> " + max + " background processes";
            if (cd0.isPresent() && cdN.isPresent()) {
                double k = ratio(cdN.get(), cd0.get());
                claims.add(PaperClaim.atLeast(F4, "Fig. 4 (" + at + "): Nessie remains relatively unaffected (kept within 10%)",
                        String.format("Nessie keeps %.0f%% of its goodput", 100 * k), 1.0, k, 0.9));
            }
            if (sd0.isPresent() && sdN.isPresent()) {
                double k = ratio(sdN.get(), sd0.get());
                claims.add(PaperClaim.atMost(F4, "Fig. 4 (" + at + "): NessieSD's throughput declines dramatically (read: loses at least half)",
                        String.format("NessieSD keeps %.0f%% of its goodput", 100 * k), Double.NaN, k, 0.5));
            }
            if (cd0.isPresent() && sd0.isPresent()) {
                double k = ratio(cd0.get(), sd0.get());
                claims.add(PaperClaim.within(F4, "Fig. 4 (" + kb(size) + ", no background): Nessie and NessieSD perform equivalently well (within 15%)",
                        String.format("Nessie/NessieSD goodput %.2f", k), 1.0, k, 0.15));
            }
            if (sd0.isPresent() && sdN.isPresent() && hy0.isPresent() && hyN.isPresent() && cd0.isPresent() && cdN.isPresent()) {
                double sd = ratio(sdN.get(), sd0.get());
                double hy = ratio(hyN.get(), hy0.get());
                double cd = ratio(cdN.get(), cd0.get());
                claims.add(PaperClaim.holds(F4, "Fig. 4 (" + at + "): NessieHY declines, less than NessieSD and more than Nessie",
                        String.format("kept: Nessie %.0f%%, NessieHY %.0f%%, NessieSD %.0f%%", 100 * cd, 100 * hy, 100 * sd), hy > sd && hy < cd));
            }
        }
    }

    /** Figs. 5-7 at 50% GETs, uniform keys: Nessie 30% below NessieSD at 2 KB, ahead from 8 KB, ~70% ahead at 128 KB; NessieHY lowest. */
    private static void fig5to7(List<PaperClaim> claims, List<NessieBench.Result> rs) {
        List<NessieBench.Result> plain = rs.stream().filter(r -> r.spec().background() == 0 && r.spec().distribution() == Ycsb.Distribution.UNIFORM).toList();
        for (int size : distinct(plain, NessieBench.Spec::valueSize)) {
            var cd = find(plain, NessieMode.NESSIE, size, 0);
            var sd = find(plain, NessieMode.NESSIE_SD, size, 0);
            var hy = find(plain, NessieMode.NESSIE_HY, size, 0);
            boolean half = cd.isPresent() && Math.abs(cd.get().spec().getFraction() - 0.5) < 1e-9;
            if (cd.isPresent() && sd.isPresent() && half) {
                double k = ratio(cd.get(), sd.get());
                String model = String.format("Nessie/NessieSD goodput %.2f", k);
                if (size == 2048) {
                    claims.add(new PaperClaim(F5, "Figs. 5-7 (2 KB, 50% GETs): Nessie performs 30% worse than NessieSD (0.55-0.85)", model, 0.7, k, 0.55, 0.85));
                } else if (size >= 8192 && size < 131072) {
                    claims.add(PaperClaim.atLeast(F5, "Figs. 5-7 (" + kb(size) + ", 50% GETs): from 8 KB Nessie outpaces NessieSD (>= 0.95)", model, Double.NaN, k, 0.95));
                } else if (size == 131072) {
                    claims.add(new PaperClaim(F5, "Figs. 5-7 (128 KB, 50% GETs): Nessie's throughput about 70% above NessieSD's (1.4-2.0)", model, 1.7, k, 1.4, 2.0));
                }
                if (size <= 131072) {
                    claims.add(PaperClaim.atMost(F5, "Table 1 (" + kb(size) + ", 50% GETs): Nessie's mean GET latency is below NessieSD's",
                            String.format("GET latency Nessie %.1f us, NessieSD %.1f us", cd.get().meanGetLatencyNs() / 1e3, sd.get().meanGetLatencyNs() / 1e3),
                            Double.NaN, (double) cd.get().meanGetLatencyNs() / sd.get().meanGetLatencyNs(), Math.nextDown(1.0)));
                }
            }
            if (cd.isPresent() && sd.isPresent() && hy.isPresent()) {
                double h = hy.get().goodputBytesPerSecond();
                claims.add(PaperClaim.holds(F5, "Figs. 5-7 (" + kb(size) + "): NessieHY's throughput is consistently lower than Nessie's and NessieSD's",
                        String.format("goodput MB/s: Nessie %.0f, NessieSD %.0f, NessieHY %.0f", cd.get().goodputBytesPerSecond() / 1e6,
                                sd.get().goodputBytesPerSecond() / 1e6, h / 1e6),
                        h < cd.get().goodputBytesPerSecond() && h < sd.get().goodputBytesPerSecond()));
            }
        }
    }

    /** Figs. 8-11 (16 KB, 50% GETs): verbs and bytes per operation. */
    private static void fig8to11(List<PaperClaim> claims, List<NessieBench.Result> all) {
        List<NessieBench.Result> rs = all.stream().filter(r -> Math.abs(r.spec().getFraction() - 0.5) < 1e-9
                && r.spec().distribution() == Ycsb.Distribution.UNIFORM).toList();
        var cd = find(rs, NessieMode.NESSIE, 16384, 0);
        var sd = find(rs, NessieMode.NESSIE_SD, 16384, 0);
        var hy = find(rs, NessieMode.NESSIE_HY, 16384, 0);
        if (cd.isPresent()) {
            claims.add(PaperClaim.atLeast(F8, "Fig. 9: Nessie's PUTs need at least 5 RDMA READs of ITEs and a CAS (>= 6 verbs)",
                    String.format("Nessie: %.2f verbs per PUT", cd.get().putVerbsPerOp()), 6, cd.get().putVerbsPerOp(), 6));
        }
        if (sd.isPresent()) {
            int nodes = sd.get().spec().nodes();
            double remote = 1 - 1.0 / nodes;
            double messages = sd.get().getVerbsPerOp() / 2; // a GET's request and reply are each a body WRITE and a doorbell WRITE
            claims.add(new PaperClaim(F8, "Figs. 8-9: a non-local NessieSD operation uses two RDMA WRITEs (request and response); local ones none",
                    String.format("NessieSD: %.2f verbs per GET = %.2f messages (2 per remote GET: expected %.2f); %.2f verbs per PUT (its reply has no value)."
                            + " The model sends each message as a body WRITE and a doorbell WRITE", sd.get().getVerbsPerOp(), messages, 2 * remote,
                            sd.get().putVerbsPerOp()), 2 * remote, messages, 2 * remote - 0.25, 2 * remote + 0.25));
        }
        if (cd.isPresent() && sd.isPresent()) {
            double p = cd.get().putBytesPerOp() / Math.max(1, sd.get().putBytesPerOp());
            claims.add(PaperClaim.atMost(F8, "Fig. 11: Nessie transfers far fewer bytes than NessieSD during PUTs (read: under half)",
                    String.format("bytes per PUT: Nessie %.0f, NessieSD %.0f", cd.get().putBytesPerOp(), sd.get().putBytesPerOp()), Double.NaN, p, Math.nextDown(0.5)));
            double g = cd.get().getBytesPerOp() / Math.max(1, sd.get().getBytesPerOp());
            claims.add(PaperClaim.within(F8, "Fig. 10: Nessie and NessieSD transfer similar bytes during GETs (within 25%)",
                    String.format("bytes per GET: Nessie %.0f, NessieSD %.0f", cd.get().getBytesPerOp(), sd.get().getBytesPerOp()), 1.0, g, 0.25));
        }
        if (cd.isPresent() && hy.isPresent()) {
            claims.add(PaperClaim.atLeast(F8, "Fig. 10: NessieHY GETs (no filter bits) transfer more bytes than Nessie's",
                    String.format("bytes per GET: Nessie %.0f, NessieHY %.0f", cd.get().getBytesPerOp(), hy.get().getBytesPerOp()),
                    Double.NaN, hy.get().getBytesPerOp() / Math.max(1, cd.get().getBytesPerOp()), Math.nextUp(1.1)));
        }
    }

    /** The distinct values of one spec field among {@code rs}, in order. */
    private static <T extends Comparable<T>> TreeSet<T> distinct(List<NessieBench.Result> rs, java.util.function.Function<NessieBench.Spec, T> field) {
        TreeSet<T> values = new TreeSet<>();
        rs.forEach(r -> values.add(field.apply(r.spec())));
        return values;
    }

    private static double ratio(NessieBench.Result a, NessieBench.Result b) {
        return a.goodputBytesPerSecond() / Math.max(1e-9, b.goodputBytesPerSecond());
    }
}
