package io.rdasuite.cli;

import io.rdasuite.linearizability.txn.SyntheticHistory;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The workload {@code ./rda} runs once per build to write the JDK's ahead-of-time cache (JEP 483/514/515:
 * {@code -XX:AOTCacheOutput}): the classes it loads are stored parsed, verified and linked, with their lambdas and
 * method profiles, so that every later {@code rda} starts from them. It runs, in one JVM and with their output
 * discarded, {@code rda --version} and {@code rda lin check} (text and JSON) on generated Jepsen logs of about the
 * etcd set's size, linearizable and not, beside generated EDN histories in Jepsen's layout (register and mutex), and
 * on a generated list-append history (serializable, and strict serializable with one anomaly to explain), so that
 * Elle's checker starts from its classes, lambdas and loop profiles (a 4-transaction file's check: ~100 ms before, ~10
 * ms after; {@code rda --version} unchanged). It trains the short command whose start-up is most of its run; a cache
 * of every command's classes was tried and is slower, as the JVM loads all of a cache's classes at each start.
 *
 * <p>picocli's classes are compiled for Java 5, which the cache cannot hold, so they are still loaded and verified
 * at each start; every other class the workload touches comes from the cache. A constructor reference to one of
 * them ({@code CommandLine.HelpCommand::new}) made JDK 25.0.3 abort while writing the cache (a failed guarantee in
 * {@code ArchiveHeapWriter}); {@link Rda} uses a lambda there instead.
 */
public final class StartupTraining {
    /** Linearizable histories written; with the one that is not, about as many lines as Jepsen's 102 etcd logs. */
    private static final int FILES = 8;
    private static final int ROUNDS = 300;
    /** EDN histories as Jepsen writes them (one vector over many lines), for the EDN reader and the mutex model. */
    private static final int EDN_FILES = 6;
    /** Transactions of the generated list-append history (Elle's shape; a G-single-item-realtime when strict). */
    private static final int TXNS = 3000;

    private StartupTraining() {
    }

    public static void main(String[] args) throws IOException {
        Path dir = Files.createTempDirectory("rda-startup-training");
        PrintStream out = System.out;
        PrintStream err = System.err;
        PrintStream discard = new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
        try {
            Path good = Files.writeString(dir.resolve("a0.log"), jepsenLog(false), StandardCharsets.UTF_8);
            for (int i = 1; i < FILES; i++) {
                Files.writeString(dir.resolve("a" + i + ".log"), jepsenLog(false), StandardCharsets.UTF_8);
            }
            Files.writeString(dir.resolve("b.log"), jepsenLog(true), StandardCharsets.UTF_8);
            for (int i = 0; i < EDN_FILES; i++) {
                Files.writeString(dir.resolve("c" + i + ".edn"), ednHistory(i), StandardCharsets.UTF_8);
            }
            System.setOut(discard);
            System.setErr(discard);
            run(0, "--version");
            run(0, "lin", "check", good.toString());
            run(1, "lin", "check", dir.toString(), "--json");
            run(1, "lin", "check", dir.toString(), "--initial", "0", "--nil-reads", "unknown");
            Path txns = Files.writeString(dir.resolve("txns.edn"), SyntheticHistory.edn(TXNS, 1, true), StandardCharsets.UTF_8);
            run(1, "lin", "check", "--model", "txn-list-append", "--strict", txns.toString());
            run(0, "lin", "check", "--model", "txn-list-append", "--json", txns.toString());
        } finally {
            System.setOut(out);
            System.setErr(err);
            try (var files = Files.list(dir)) {
                for (Path f : files.toList()) {
                    Files.deleteIfExists(f);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            Files.deleteIfExists(dir);
        }
    }

    /** Runs {@code rda args}; an exit code other than {@code expected} fails the training (no cache is written). */
    private static void run(int expected, String... args) {
        int exit = Rda.commandLine(args).execute(args);
        if (exit != expected) {
            throw new IllegalStateException("rda " + String.join(" ", args) + " exited with " + exit + ", expected " + expected);
        }
    }

    /**
     * Three processes on one compare-and-set register: writes, reads and a successful cas; with {@code stale} the
     * last read returns a value no write left there, so the history is not linearizable.
     */
    private static String jepsenLog(boolean stale) {
        StringBuilder log = new StringBuilder();
        int value = 0;
        for (int round = 0; round < ROUNDS; round++) {
            int p = round % 3;
            log.append("INFO  jepsen.util - ").append(p).append("\t:invoke\t:write\t").append(round).append('\n');
            log.append("INFO  jepsen.util - ").append(p).append("\t:ok\t:write\t").append(round).append('\n');
            value = round;
            log.append(p).append(" :invoke :cas [").append(value).append(' ').append(value + 100).append("]\n");
            log.append(p).append(" :ok :cas [").append(value).append(' ').append(value + 100).append("]\n");
            value += 100;
            log.append((p + 1) % 3).append(" :invoke :read nil\n");
            log.append((p + 1) % 3).append(" :ok :read ").append(stale && round == ROUNDS - 1 ? -1 : value).append('\n');
        }
        log.append(":nemesis :info :start nil\n");
        return log.toString();
    }

    /**
     * A history in Jepsen's EDN layout, one vector of maps over many lines with Jepsen's fields: the odd ones a mutex
     * taken and given back in turns, the even ones the register workload of {@link #jepsenLog} (without the stale read).
     */
    private static String ednHistory(int n) {
        StringBuilder edn = new StringBuilder("; generated for the start-up cache\n[");
        int index = 0;
        for (int round = 0; round < ROUNDS / 3; round++) {
            int p = (round + n) % 3;
            String[][] ops = n % 2 == 1
                    ? new String[][] {{":acquire", "nil", "nil"}, {":release", "nil", "nil"}}
                    : new String[][] {{":write", String.valueOf(round), String.valueOf(round)},
                            {":cas", "[" + round + " " + (round + 1) + "]", "[" + round + " " + (round + 1) + "]"},
                            {":read", "nil", String.valueOf(round + 1)}};
            for (String[] op : ops) {
                for (int half = 0; half < 2; half++) {
                    edn.append(index == 0 ? "" : "\n ").append("{:type ").append(half == 0 ? ":invoke" : ":ok").append(", :f ")
                            .append(op[0]).append(", :value ").append(op[1 + half]).append(", :process ").append(p)
                            .append(", :time ").append(1_000L * index).append(", :index ").append(index).append('}');
                    index++;
                }
            }
        }
        return edn.append("\n {:type :info, :f :start, :value nil, :process :nemesis, :index ").append(index).append("}]\n").toString();
    }
}
