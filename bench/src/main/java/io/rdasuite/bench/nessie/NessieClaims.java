package io.rdasuite.bench.nessie;

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
    /** One claim: the paper's words, the model's figures, whether they agree. */
    public record Claim(String paper, String model, boolean agrees) {
    }

    private NessieClaims() {
    }

    public static List<Claim> evaluate(List<NessieBench.Result> results) {
        List<Claim> claims = new ArrayList<>();
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
    private static void fig12(List<Claim> claims, List<NessieBench.Result> rs) {
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
                    claims.add(new Claim(at + "small values are negatively impacted by Nessie's round trips (< 1)", model, k < 1));
                } else if (size >= 16384 && Math.abs(f - 0.5) < 1e-9) {
                    claims.add(new Claim(at + "an improvement of over 50 percent compared to NessieSD (>= 1.5)", model, k >= 1.5));
                } else if (size >= 16384 && Math.abs(f - 0.99) < 1e-9) {
                    claims.add(new Claim(at + "outperforming NessieSD by over 40 percent (>= 1.4)", model, k >= 1.4));
                }
            }
        }
    }

    /**
     * Fig. 13 (Zipf 0.99, 16 KB): all optimizations together give about 60% over basic Nessie at 50% GETs and about
     * 90% at 99% GETs (band: half to one and a half times the stated improvement); caching pays at 99% GETs only.
     */
    private static void fig13(List<Claim> claims, List<NessieBench.Result> rs) {
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
                    claims.add(new Claim(at + "the optimizations give a 60 percent improvement over basic Nessie (+30% to +90%)", model, gain >= 0.3 && gain <= 0.9));
                } else if (Math.abs(f - 0.99) < 1e-9) {
                    claims.add(new Claim(at + "the optimizations give a 90 percent improvement over basic Nessie (+45% to +135%)", model, gain >= 0.45 && gain <= 1.35));
                }
                double caching = goodput[2] / Math.max(1e-9, goodput[1]) - 1;
                String cm = String.format("+cache changes goodput by %+.0f%%", 100 * caching);
                if (f >= 0.9) {
                    claims.add(new Claim(at + "GET-heavy workloads make good use of caching (read: +5% or more)", cm, caching >= 0.05));
                } else if (f <= 0.5) {
                    claims.add(new Claim(at + "caching is not useful for PUT-heavy workloads (read: within 10%)", cm, Math.abs(caching) <= 0.10));
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
    private static void fig4(List<Claim> claims, List<NessieBench.Result> rs) {
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
                claims.add(new Claim("Fig. 4 (" + at + "): Nessie remains relatively unaffected (kept within 10%)",
                        String.format("Nessie keeps %.0f%% of its goodput", 100 * k), k >= 0.9));
            }
            if (sd0.isPresent() && sdN.isPresent()) {
                double k = ratio(sdN.get(), sd0.get());
                claims.add(new Claim("Fig. 4 (" + at + "): NessieSD's throughput declines dramatically (read: loses at least half)",
                        String.format("NessieSD keeps %.0f%% of its goodput", 100 * k), k <= 0.5));
            }
            if (cd0.isPresent() && sd0.isPresent()) {
                double k = ratio(cd0.get(), sd0.get());
                claims.add(new Claim("Fig. 4 (" + kb(size) + ", no background): Nessie and NessieSD perform equivalently well (within 15%)",
                        String.format("Nessie/NessieSD goodput %.2f", k), k >= 0.85 && k <= 1.15));
            }
            if (sd0.isPresent() && sdN.isPresent() && hy0.isPresent() && hyN.isPresent() && cd0.isPresent() && cdN.isPresent()) {
                double sd = ratio(sdN.get(), sd0.get());
                double hy = ratio(hyN.get(), hy0.get());
                double cd = ratio(cdN.get(), cd0.get());
                claims.add(new Claim("Fig. 4 (" + at + "): NessieHY declines, less than NessieSD and more than Nessie",
                        String.format("kept: Nessie %.0f%%, NessieHY %.0f%%, NessieSD %.0f%%", 100 * cd, 100 * hy, 100 * sd), hy > sd && hy < cd));
            }
        }
    }

    /** Figs. 5-7 at 50% GETs, uniform keys: Nessie 30% below NessieSD at 2 KB, ahead from 8 KB, ~70% ahead at 128 KB; NessieHY lowest. */
    private static void fig5to7(List<Claim> claims, List<NessieBench.Result> rs) {
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
                    claims.add(new Claim("Figs. 5-7 (2 KB, 50% GETs): Nessie performs 30% worse than NessieSD (0.55-0.85)", model, k >= 0.55 && k <= 0.85));
                } else if (size >= 8192 && size < 131072) {
                    claims.add(new Claim("Figs. 5-7 (" + kb(size) + ", 50% GETs): from 8 KB Nessie outpaces NessieSD (>= 0.95)", model, k >= 0.95));
                } else if (size == 131072) {
                    claims.add(new Claim("Figs. 5-7 (128 KB, 50% GETs): Nessie's throughput about 70% above NessieSD's (1.4-2.0)", model, k >= 1.4 && k <= 2.0));
                }
                if (size <= 131072) {
                    claims.add(new Claim("Table 1 (" + kb(size) + ", 50% GETs): Nessie's mean GET latency is below NessieSD's",
                            String.format("GET latency Nessie %.1f us, NessieSD %.1f us", cd.get().meanGetLatencyNs() / 1e3, sd.get().meanGetLatencyNs() / 1e3),
                            cd.get().meanGetLatencyNs() < sd.get().meanGetLatencyNs()));
                }
            }
            if (cd.isPresent() && sd.isPresent() && hy.isPresent()) {
                double h = hy.get().goodputBytesPerSecond();
                claims.add(new Claim("Figs. 5-7 (" + kb(size) + "): NessieHY's throughput is consistently lower than Nessie's and NessieSD's",
                        String.format("goodput MB/s: Nessie %.0f, NessieSD %.0f, NessieHY %.0f", cd.get().goodputBytesPerSecond() / 1e6,
                                sd.get().goodputBytesPerSecond() / 1e6, h / 1e6),
                        h < cd.get().goodputBytesPerSecond() && h < sd.get().goodputBytesPerSecond()));
            }
        }
    }

    /** Figs. 8-11 (16 KB, 50% GETs): verbs and bytes per operation. */
    private static void fig8to11(List<Claim> claims, List<NessieBench.Result> all) {
        List<NessieBench.Result> rs = all.stream().filter(r -> Math.abs(r.spec().getFraction() - 0.5) < 1e-9
                && r.spec().distribution() == Ycsb.Distribution.UNIFORM).toList();
        var cd = find(rs, NessieMode.NESSIE, 16384, 0);
        var sd = find(rs, NessieMode.NESSIE_SD, 16384, 0);
        var hy = find(rs, NessieMode.NESSIE_HY, 16384, 0);
        if (cd.isPresent()) {
            claims.add(new Claim("Fig. 9: Nessie's PUTs need at least 5 RDMA READs of ITEs and a CAS (>= 6 verbs)",
                    String.format("Nessie: %.2f verbs per PUT", cd.get().putVerbsPerOp()), cd.get().putVerbsPerOp() >= 6));
        }
        if (sd.isPresent()) {
            int nodes = sd.get().spec().nodes();
            double remote = 1 - 1.0 / nodes;
            double messages = sd.get().getVerbsPerOp() / 2; // a GET's request and reply are each a body WRITE and a doorbell WRITE
            claims.add(new Claim("Figs. 8-9: a non-local NessieSD operation uses two RDMA WRITEs (request and response); local ones none",
                    String.format("NessieSD: %.2f verbs per GET = %.2f messages (2 per remote GET: expected %.2f); %.2f verbs per PUT (its reply has no value)."
                            + " The model sends each message as a body WRITE and a doorbell WRITE", sd.get().getVerbsPerOp(), messages, 2 * remote,
                            sd.get().putVerbsPerOp()), Math.abs(messages - 2 * remote) < 0.25));
        }
        if (cd.isPresent() && sd.isPresent()) {
            double p = cd.get().putBytesPerOp() / Math.max(1, sd.get().putBytesPerOp());
            claims.add(new Claim("Fig. 11: Nessie transfers far fewer bytes than NessieSD during PUTs (read: under half)",
                    String.format("bytes per PUT: Nessie %.0f, NessieSD %.0f", cd.get().putBytesPerOp(), sd.get().putBytesPerOp()), p < 0.5));
            double g = cd.get().getBytesPerOp() / Math.max(1, sd.get().getBytesPerOp());
            claims.add(new Claim("Fig. 10: Nessie and NessieSD transfer similar bytes during GETs (within 25%)",
                    String.format("bytes per GET: Nessie %.0f, NessieSD %.0f", cd.get().getBytesPerOp(), sd.get().getBytesPerOp()), g >= 0.75 && g <= 1.25));
        }
        if (cd.isPresent() && hy.isPresent()) {
            claims.add(new Claim("Fig. 10: NessieHY GETs (no filter bits) transfer more bytes than Nessie's",
                    String.format("bytes per GET: Nessie %.0f, NessieHY %.0f", cd.get().getBytesPerOp(), hy.get().getBytesPerOp()),
                    hy.get().getBytesPerOp() > 1.1 * cd.get().getBytesPerOp()));
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
