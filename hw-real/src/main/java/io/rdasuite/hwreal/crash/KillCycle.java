package io.rdasuite.hwreal.crash;

import io.rdasuite.store.protocol.KvProtocol;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * One kill cycle of the real-process crash test: start {@link KillableWorkload} in a child JVM, let it run for a
 * given time after it is ready, kill it with SIGKILL, then recover the store in this JVM and check its claims
 * ({@link CrashCheck}). The acknowledged sequences carry over from cycle to cycle.
 */
public final class KillCycle {
    /** What one cycle saw: puts acknowledged in it, and the problems the check found. */
    public record Outcome(int acks, List<String> problems) {
    }

    private KillCycle() {
    }

    public static Outcome run(KvProtocol protocol, Path pmDirectory, long seed, long runMillis, Map<Integer, Long> acked, Path stderr) {
        return run(protocol, pmDirectory, seed, runMillis, 0, acked, stderr);
    }

    /**
     * As {@link #run(KvProtocol, Path, long, long, Map, Path)}, but the kill waits, after readiness, for
     * {@code minAcks} acknowledged puts before the {@code runMillis} start (so a loaded machine still kills a
     * workload that got something done; at most 120 s).
     */
    public static Outcome run(KvProtocol protocol, Path pmDirectory, long seed, long runMillis, int minAcks, Map<Integer, Long> acked,
                              Path stderr) {
        String java = ProcessHandle.current().info().command().orElse("java");
        ProcessBuilder pb = new ProcessBuilder(java, "--sun-misc-unsafe-memory-access=allow", "-cp", System.getProperty("java.class.path"),
                KillableWorkload.class.getName(),
                protocol.cliName(), pmDirectory.toString(), Long.toString(seed))
                .redirectError(ProcessBuilder.Redirect.appendTo(stderr.toFile()));
        Process child;
        try {
            child = pb.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the workload JVM " + java, e);
        }
        CountDownLatch ready = new CountDownLatch(1);
        CountDownLatch enoughAcks = new CountDownLatch(minAcks);
        Map<Integer, Long> seen = new ConcurrentHashMap<>();
        int[] acks = new int[1];
        Thread reader = Thread.ofPlatform().start(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(child.getInputStream()))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    if (line.equals("READY")) {
                        ready.countDown();
                    } else if (line.startsWith("ACK ")) {
                        String[] f = line.split(" ");
                        seen.merge(Integer.parseInt(f[1]), Long.parseLong(f[2]), Math::max);
                        acks[0]++;
                        enoughAcks.countDown();
                    }
                }
            } catch (IOException e) {
                // the pipe closes when the child dies
            }
        });
        try {
            if (!ready.await(120, TimeUnit.SECONDS)) {
                child.destroyForcibly();
                throw new IllegalStateException("the workload JVM did not become ready in 120 s; see " + stderr);
            }
            if (!enoughAcks.await(120, TimeUnit.SECONDS)) {
                child.destroyForcibly();
                throw new IllegalStateException("the workload acknowledged fewer than " + minAcks + " puts in 120 s; see " + stderr);
            }
            Thread.sleep(runMillis);
            child.destroyForcibly(); // SIGKILL on Linux and macOS
            child.waitFor();
            reader.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            child.destroyForcibly();
            throw new IllegalStateException("interrupted during a kill cycle", e);
        }
        seen.forEach((k, s) -> acked.merge(k, s, Math::max));
        return new Outcome(acks[0], CrashCheck.check(protocol, pmDirectory, acked));
    }
}
