import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * The default {@code rda sim-bench} workload from two builds in one JVM, in alternation: each build's jars in a class
 * loader of its own (so each is compiled on its own profile), A then B then B then A, round after round. The host's
 * slow spells, which last seconds to minutes here, then hit both alike; the per-round ratio is the figure to read.
 *
 * <p>Usage: {@code java SimAb.java DIR_A DIR_B [ROUNDS]}, each DIR holding {@code rda-cli.jar} and its {@code lib/}.
 */
public class SimAb {
    private record Build(String name, Method run, Object spec) {
        long timeOneRun(long[] digest) throws Exception {
            long start = System.nanoTime();
            Object outcome = run.invoke(null, spec);
            long nanos = System.nanoTime() - start;
            digest[0] = (long) outcome.getClass().getMethod("traceDigest").invoke(outcome);
            return nanos;
        }
    }

    private static Build load(String dir) throws Exception {
        List<URL> jars = new ArrayList<>();
        jars.add(Path.of(dir, "rda-cli.jar").toUri().toURL());
        try (Stream<Path> lib = Files.list(Path.of(dir, "lib"))) {
            for (Path jar : lib.sorted().toList()) {
                jars.add(jar.toUri().toURL());
            }
        }
        ClassLoader loader = new URLClassLoader(jars.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
        Object config = loader.loadClass("io.rdasuite.store.fabric.ServerConfig").getMethod("parse", String.class)
                .invoke(null, "MHP+NODDIO+PM-RQWRB");
        Object ib = loader.loadClass("io.rdasuite.store.fabric.Transport").getField("IB").get(null);
        Class<?> workload = loader.loadClass("io.rdasuite.hwsim.bench.VerbThroughputWorkload");
        Class<?> specClass = loader.loadClass("io.rdasuite.hwsim.bench.VerbThroughputWorkload$Spec");
        Object spec = specClass.getConstructors()[0].newInstance(config, ib, 4, 250_000, 64, 16, 1L); // rda sim-bench's defaults
        return new Build(dir, workload.getMethod("run", specClass), spec);
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: java SimAb.java DIR_A DIR_B [ROUNDS]");
            System.exit(2);
        }
        Build[] builds = {load(args[0]), load(args[1])};
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 20;
        long[][] nanos = new long[2][rounds];
        long[] digests = new long[2];
        long[] digest = new long[1];
        for (int round = -2; round < rounds; round++) { // two warm-up rounds
            for (int k = 0; k < 2; k++) {
                int which = (round & 1) == 0 ? k : 1 - k;
                long t = builds[which].timeOneRun(digest);
                digests[which] = digest[0];
                if (round >= 0) {
                    nanos[which][round] = t;
                }
            }
        }
        for (int k = 0; k < 2; k++) {
            long[] sorted = nanos[k].clone();
            Arrays.sort(sorted);
            System.out.printf("%s: median %.2f M verbs/s, best %.2f M, digest %x%n", builds[k].name(),
                    1e6 * 1e3 / sorted[rounds / 2], 1e6 * 1e3 / sorted[0], digests[k]);
        }
        double[] ratio = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            ratio[r] = (double) nanos[0][r] / nanos[1][r];
        }
        Arrays.sort(ratio);
        System.out.printf("B's speed over A's, per round: median %.3f (range %.3f-%.3f over %d rounds)%n",
                ratio[rounds / 2], ratio[0], ratio[rounds - 1], rounds);
        if (digests[0] != digests[1]) {
            System.out.println("the two builds' traces differ (digests above)");
        }
    }
}
