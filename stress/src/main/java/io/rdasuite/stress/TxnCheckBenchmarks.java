package io.rdasuite.stress;

import io.rdasuite.linearizability.txn.SerializabilityChecker;
import io.rdasuite.linearizability.txn.SyntheticHistory;
import io.rdasuite.linearizability.txn.Txn;
import io.rdasuite.linearizability.txn.TxnHistory;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * JMH measurements of the transaction checker (`BENCH=TxnCheck ci/jmh.sh`) on a generated list-append history of Elle's
 * shape ({@link SyntheticHistory}, 10,000 transactions with one stale read, about the size of Elle's
 * {@code huge-scc.edn}): serializable (valid) and strict serializable (a G-single-item-realtime), the history parsed
 * once. {@code rda lin check --json} reports the same check end to end, cold, as {@code checkNanos}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
@Fork(value = 1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class TxnCheckBenchmarks {
    @Param("10000")
    int transactions;

    private List<Txn> history;

    @Setup(Level.Trial)
    public void generate() throws IOException {
        String edn = SyntheticHistory.edn(transactions, 1, true);
        history = TxnHistory.read(new BufferedReader(new StringReader(edn)), "synthetic");
    }

    /** Serializable: inference, ww/wr/rw edges, the cycle search; valid. */
    @Benchmark
    public SerializabilityChecker.Result serializable() {
        return SerializabilityChecker.check(history, SerializabilityChecker.DataModel.LIST_APPEND, false);
    }

    /** Strict serializable: the same plus real-time edges; one G-single-item-realtime, explained. */
    @Benchmark
    public SerializabilityChecker.Result strictSerializable() {
        return SerializabilityChecker.check(history, SerializabilityChecker.DataModel.LIST_APPEND, true);
    }
}
