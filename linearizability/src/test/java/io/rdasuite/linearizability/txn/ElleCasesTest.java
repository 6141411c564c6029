package io.rdasuite.linearizability.txn;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The cases of Elle's list_append_test.clj and rw_register_test.clj, rebuilt as history files of our own
 * (src/test/resources/elle-cases, rw-* for rw-register), each headed by the consistency models (Elle's
 * {@code :consistency-models}; {@code none} for nil) and anomalies (Elle's {@code :anomalies}) the Elle test checks,
 * and the anomaly types it expects, and Elle's rw-register options the test passes ({@code ; options:}, see
 * {@link #assumptions}). Where ours differs on purpose an {@code ours:} line says what we report instead
 * (docs/USAGE.md says why); every other case must agree with Elle exactly.
 */
class ElleCasesTest {
    static Stream<Path> cases() throws IOException {
        Path dir = Path.of("src/test/resources/elle-cases");
        return Files.list(dir).filter(p -> p.toString().endsWith(".edn")).sorted();
    }

    static String header(List<String> lines, String field) {
        return lines.stream().filter(l -> l.startsWith("; " + field + ":")).map(l -> l.substring(field.length() + 3).strip())
                .findFirst().orElse(null);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void agreesWithElle(Path file) throws Exception {
        List<String> lines = Files.readAllLines(file);
        Set<ConsistencyModel> models = EnumSet.noneOf(ConsistencyModel.class);
        if (!header(lines, "models").equals("none")) {
            Arrays.stream(header(lines, "models").split(",")).map(String::strip).map(ConsistencyModel::byName).forEach(models::add);
        }
        Set<String> anomalies = header(lines, "anomalies") == null ? Set.of() : Set.of(header(lines, "anomalies").split(" "));
        String expect = header(lines, "expect");
        String ours = header(lines, "ours");
        var dataType = file.getFileName().toString().startsWith("rw-") ? SerializabilityChecker.DataType.RW_REGISTER
                : SerializabilityChecker.DataType.LIST_APPEND;
        List<Txn> txns = TxnHistory.read(new BufferedReader(new StringReader(String.join("\n", lines))), file.toString());
        SerializabilityChecker.Result r = SerializabilityChecker.check(txns, dataType, models, anomalies, assumptions(header(lines, "options")));
        Set<String> got = new TreeSet<>(r.types().stream().map(AnomalyType::elleName).toList());
        Set<String> want = names(ours != null ? ours : expect);
        System.out.printf("elle-case %-42s elle: %-40s ours: %-40s %s%n", file.getFileName(), names(expect).isEmpty() ? "valid" : names(expect),
                got.isEmpty() ? "valid" : got, ours == null ? (got.equals(want) ? "agree" : "DIFFER") : "differs on purpose");
        assertThat(got).as(file + ": " + r.anomalies()).isEqualTo(want);
        if (want.isEmpty()) {
            assertThat(r.verdict()).isEqualTo(SerializabilityChecker.Verdict.VALID);
        }
    }

    /**
     * Elle's rw-register options as a case's {@code ; options:} line writes them: {@code wfr-keys=false},
     * {@code sequential-keys}, {@code linearizable-keys}, {@code transaction-order=0:2,1:1} (completion index: place).
     */
    static KeyAssumptions assumptions(String options) {
        KeyAssumptions a = KeyAssumptions.DEFAULT;
        if (options == null) {
            return a;
        }
        boolean wfr = a.wfrKeys();
        boolean sequential = false;
        boolean linearizable = false;
        java.util.Map<Long, Long> order = new java.util.TreeMap<>();
        for (String o : options.split(" ")) {
            switch (o.split("=")[0]) {
                case "wfr-keys" -> wfr = !o.endsWith("=false");
                case "sequential-keys" -> sequential = true;
                case "linearizable-keys" -> linearizable = true;
                case "transaction-order" -> Arrays.stream(o.split("=")[1].split(",")).map(kv -> kv.split(":"))
                        .forEach(kv -> order.put(Long.parseLong(kv[0]), Long.parseLong(kv[1])));
                default -> throw new IllegalArgumentException("unknown option " + o);
            }
        }
        return new KeyAssumptions(wfr, sequential, linearizable, order);
    }

    private static Set<String> names(String s) {
        return s.equals("valid") ? Set.of() : new TreeSet<>(List.of(s.split(" ")));
    }
}
