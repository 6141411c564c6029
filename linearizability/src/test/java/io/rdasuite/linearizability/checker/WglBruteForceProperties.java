package io.rdasuite.linearizability.checker;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.linearizability.history.Event;
import io.rdasuite.linearizability.history.Fn;
import io.rdasuite.linearizability.history.History;
import io.rdasuite.linearizability.model.Models;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.statistics.Statistics;

/**
 * The search agrees with a brute-force oracle on small random cas-register histories (random results, so many
 * are not linearizable), with info and failed operations and crashes, under every crash semantics.
 */
class WglBruteForceProperties {
    @Property(tries = 1500, seed = "20240611")
    void searchAgreesWithBruteForce(@ForAll @LongRange(min = 0, max = Long.MAX_VALUE / 2) long seed) {
        History h = randomHistory(new SplittableRandom(seed));
        for (CrashSemantics s : CrashSemantics.values()) {
            Verdict expected = BruteForce.linearizable(h, s) ? Verdict.LINEARIZABLE : Verdict.NOT_LINEARIZABLE;
            Verdict actual = LinearizabilityChecker.check(h, Models.CAS_REGISTER, CheckOptions.defaults().withCrashes(s)).verdict();
            assertThat(actual).as("%s under %s:%n%s", seed, s, describe(h)).isEqualTo(expected);
            Statistics.label(s.cliName()).collect(expected, h.crashes().isEmpty() ? "no crash" : "crash");
        }
    }

    private static History randomHistory(SplittableRandom rnd) {
        History.Builder b = new History.Builder();
        Fn[] pending = new Fn[3];
        Object[] args = new Object[3];
        int invoked = 0;
        int crashes = 0;
        int ops = 3 + rnd.nextInt(4);
        long t = 0;
        while (invoked < ops || Arrays.stream(pending).anyMatch(f -> f != null)) {
            int p = rnd.nextInt(3);
            if (crashes < 2 && rnd.nextInt(12) == 0) {
                b.add(Event.crash(null, t++));
                crashes++;
                Arrays.fill(pending, null);
            } else if (pending[p] == null && invoked < ops) {
                Fn f = new Fn[] {Fn.READ, Fn.WRITE, Fn.WRITE, Fn.CAS}[rnd.nextInt(4)];
                args[p] = switch (f) {
                    case READ -> null;
                    case WRITE -> value(rnd);
                    default -> Arrays.asList(value(rnd), value(rnd));
                };
                b.add(Event.invoke(p, f, null, args[p], t++));
                pending[p] = f;
                invoked++;
            } else if (pending[p] != null) {
                int outcome = rnd.nextInt(10);
                Fn f = pending[p];
                Object result = f == Fn.READ ? value(rnd) : args[p];
                b.add(outcome < 7 ? Event.ok(p, f, null, result, t++)
                        : outcome < 8 ? Event.fail(p, f, null, null, t++) : Event.info(p, f, null, null, t++));
                pending[p] = null;
            }
        }
        return b.build();
    }

    private static Object value(SplittableRandom rnd) {
        int v = rnd.nextInt(4);
        return v == 3 ? null : (long) v;
    }

    private static String describe(History h) {
        List<String> lines = new ArrayList<>();
        h.events().forEach(e -> lines.add(e.toString()));
        return String.join("\n", lines);
    }
}
