package io.rdasuite.linearizability.format;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.linearizability.checker.CheckOptions;
import io.rdasuite.linearizability.checker.CheckResult;
import io.rdasuite.linearizability.checker.LinearizabilityChecker;
import io.rdasuite.linearizability.history.History;
import io.rdasuite.linearizability.model.Model;
import io.rdasuite.linearizability.model.ModelMismatchException;
import io.rdasuite.linearizability.model.Models;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.statistics.Statistics;

/**
 * No input is an internal error: a random history of any model, in any format, mutated at random (cut, spliced
 * with pieces of EDN and JSON, lines doubled or swapped), then read and checked against every model, ends in a
 * verdict, a {@link HistoryParseException} (naming the file) or a {@link ModelMismatchException} (naming the
 * operation, so the line); never any other exception.
 */
class MutatedInputProperties {
    private static final String[] PIECES = {":txn", "nil", "]", "}", "{", "[", "(", ")", "\"", ";", "#_", "#{", "#", ":",
        ":key nil", ":f :frob", ":process :nemesis", ":process -1", "1.5", "99999999999999999999", "\\", "\\u12", "#inst",
        ":type :ok", ":type :invoke", "\n", ":value [[:append 1 2]]", ":value [1]", ":value [[:read :x 1]]", "é", "-",
        ":f :acquire", ":f :cas", ":f :txn", "\"type\":\"ok\"", "\"process\":0", ",", " ", "N", "M", "1/2", ":time 1.5", "0x10"};
    private static final List<Model> MODELS = List.of(Models.REGISTER, Models.CAS_REGISTER, Models.KV, Models.KV_STRING,
            Models.MUTEX, Models.MULTI_REGISTER, Models.MULTI_REGISTER.initially(0L).nilReadsUnknown(),
            Models.CAS_REGISTER.initially(0L).nilReadsUnknown());

    @Property(tries = 3000, seed = "20261126")
    void aMutatedHistoryIsAVerdictOrANamedError(@ForAll @LongRange(min = 0, max = Long.MAX_VALUE / 2) long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        HistoryFormat format = HistoryFormat.values()[1 + rnd.nextInt(3)];
        String text = mutate(history(rnd, format), rnd);
        String outcome;
        try {
            History h = HistoryFormat.AUTO.read(text, rnd.nextInt(2) == 0 ? "h" : "h." + format.cliName());
            outcome = "read";
            for (Model m : MODELS) {
                try {
                    CheckResult r = LinearizabilityChecker.check(h, m, CheckOptions.defaults().withTimeoutNanos(2_000_000_000L));
                    assertThat(r.verdict()).isNotNull();
                } catch (ModelMismatchException e) {
                    assertThat(e.operation()).isNotNull();
                    assertThat(e.getMessage()).contains("expect");
                }
            }
        } catch (HistoryParseException e) {
            outcome = "parse error";
            assertThat(e.getMessage()).startsWith("h");
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
        try {
            HistoryFormat.AUTO.readMaps(text, "t");
        } catch (HistoryParseException e) {
            assertThat(e.source()).isEqualTo("t");
        }
        Statistics.label("outcome").collect(outcome);
    }

    private static String history(SplittableRandom rnd, HistoryFormat format) {
        int kind = rnd.nextInt(4); // 0 register, 1 key-value, 2 mutex, 3 multi-register
        List<String> events = new ArrayList<>();
        for (int i = 0, ops = 1 + rnd.nextInt(8); i < ops; i++) {
            int p = rnd.nextInt(3);
            String f;
            String value;
            String result;
            switch (kind) {
                case 2 -> {
                    f = rnd.nextBoolean() ? "acquire" : "release";
                    value = "nil";
                    result = "nil";
                }
                case 3 -> {
                    f = "txn";
                    value = "[[:write :x " + rnd.nextInt(3) + "] [:read :y nil]]";
                    result = "[[:write :x 1] [:read :y " + rnd.nextInt(3) + "]]";
                }
                default -> {
                    int which = rnd.nextInt(3);
                    f = new String[] {"read", "write", "cas"}[which];
                    value = which == 0 ? "nil" : which == 1 ? String.valueOf(rnd.nextInt(3)) : "[" + rnd.nextInt(3) + " " + rnd.nextInt(3) + "]";
                    result = which == 0 ? String.valueOf(rnd.nextInt(3)) : value;
                }
            }
            String key = kind == 1 ? String.valueOf(rnd.nextInt(2)) : null;
            String end = new String[] {"ok", "ok", "fail", "info"}[rnd.nextInt(4)];
            events.add(event(format, "invoke", p, f, key, value));
            events.add(event(format, end, p, f, key, result));
        }
        if (format == HistoryFormat.EDN && rnd.nextBoolean()) {
            return "; a history\n[" + String.join("\n ", events) + "]\n";
        }
        return String.join("\n", events) + "\n";
    }

    private static String event(HistoryFormat format, String type, int p, String f, String key, String value) {
        return switch (format) {
            case JSONL -> "{\"type\":\"" + type + "\",\"process\":" + p + ",\"f\":\"" + f + "\""
                    + (key == null ? "" : ",\"key\":\"" + key + "\"") + ",\"value\":" + json(value) + "}";
            case JEPSEN_LOG -> p + " :" + type + " :" + f + " " + value;
            default -> "{:type :" + type + ", :process " + p + ", :f :" + f + (key == null ? "" : ", :key " + key)
                    + ", :value " + value + "}";
        };
    }

    private static String json(String edn) {
        return edn.replace("nil", "null").replace(" ", ",").replace(":write", "\"write\"").replace(":read", "\"read\"")
                .replace(":x", "\"x\"").replace(":y", "\"y\"");
    }

    private static String mutate(String text, SplittableRandom rnd) {
        StringBuilder sb = new StringBuilder(text);
        for (int m = 0, n = rnd.nextInt(4); m < n; m++) {
            int at = sb.isEmpty() ? 0 : rnd.nextInt(sb.length() + 1);
            switch (rnd.nextInt(4)) {
                case 0 -> sb.delete(at, Math.min(sb.length(), at + 1 + rnd.nextInt(12)));
                case 1, 2 -> sb.insert(at, PIECES[rnd.nextInt(PIECES.length)]);
                default -> {
                    String[] lines = sb.toString().split("\n", -1);
                    int a = rnd.nextInt(lines.length);
                    int b = rnd.nextInt(lines.length);
                    String t = lines[a];
                    lines[a] = lines[b];
                    lines[b] = rnd.nextBoolean() ? t : t + "\n" + t;
                    sb = new StringBuilder(String.join("\n", lines));
                }
            }
        }
        return sb.toString();
    }
}
