package io.rdasuite.crashsim.txn;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.hwsim.memory.CrashImage;
import io.rdasuite.hwsim.memory.PmImage;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.mutation.Plant;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The transaction explorer's single pass ({@link TxnExplorer#crashPrefixes}) records, at every crash point, what a run
 * in which every server really loses power there leaves ({@link TxnExplorer#crashPrefix}): the same history, event
 * count, post-crash images of each server and monitor PM. Compared point by point, at evenly spread points, around
 * every commit step (where the explorer aims) and past the end of the run.
 */
class TxnPrefixOnePassTest {
    @ParameterizedTest(name = "{0} over {1}")
    @CsvSource({"DMP+DDIO+DRAM-RQWRB, IB", "MHP+NODDIO+PM-RQWRB, IWARP"})
    void onePassRecordsWhatEachCrashingRunLeaves(String config, String transport) {
        TxnExplorer explorer = new TxnExplorer();
        TxnExplorer.Scenario s = TxnExplorer.Scenario.of(ServerConfig.parse(config), Transport.parse(transport), 1, Plant.NONE);
        TxnExplorer.Run uncut = explorer.run(s, null, -1, 0);
        TreeMap<Long, Integer> points = new TreeMap<>();
        for (int p = 1; p <= 8; p++) {
            points.put(uncut.events() * p / 9, 3);
        }
        for (long step : uncut.commitSteps().subList(0, Math.min(3, uncut.commitSteps().size()))) {
            points.put(step - 1, 1);
            points.put(step + 1, 2);
        }
        points.put(uncut.events() + 5, 2); // after the run: no crash happens there
        Map<Long, TxnExplorer.Prefix> onePass = explorer.crashPrefixes(s, points);
        assertThat(onePass.keySet()).isEqualTo(points.keySet());
        int crashed = 0;
        for (var point : points.entrySet()) {
            String at = config + ", crash before event " + point.getKey();
            TxnExplorer.Prefix expected = explorer.crashPrefix(s, point.getKey(), point.getValue());
            TxnExplorer.Prefix actual = onePass.get(point.getKey());
            assertThat(actual.crashed()).as(at).isEqualTo(expected.crashed());
            assertThat(actual.events()).as(at).isEqualTo(expected.events());
            assertThat(actual.history()).as(at).hasSameSizeAs(expected.history());
            for (int r = 0; r < expected.history().size(); r++) {
                assertThat(new TxnExplorer.CheckedHistory(actual.history().subList(r, r + 1)))
                        .as(at + ", record " + r + ": " + expected.history().get(r))
                        .isEqualTo(new TxnExplorer.CheckedHistory(expected.history().subList(r, r + 1)));
            }
            if (!expected.crashed()) {
                continue;
            }
            crashed++;
            assertSameRegions(at + ", monitor", expected.monitorPm(), actual.monitorPm());
            assertThat(actual.images()).as(at).hasSameSizeAs(expected.images());
            for (int i = 0; i < expected.images().size(); i++) {
                assertThat(actual.images().get(i).keySet()).as(at).isEqualTo(expected.images().get(i).keySet());
                for (Map.Entry<Integer, CrashImage> e : expected.images().get(i).entrySet()) {
                    assertSameRegions(at + ", image " + i + " of server " + e.getKey(), e.getValue().materialize(),
                            actual.images().get(i).get(e.getKey()).materialize());
                }
            }
        }
        assertThat(crashed).as("crash points inside the run").isEqualTo(points.size() - 1);
    }

    private static void assertSameRegions(String at, PmImage expected, PmImage actual) {
        assertThat(actual.regions().keySet()).as(at).isEqualTo(expected.regions().keySet());
        expected.regions().forEach((name, units) -> assertThat(Arrays.equals(actual.units(name), units)).as(at + ", region " + name).isTrue());
    }
}
