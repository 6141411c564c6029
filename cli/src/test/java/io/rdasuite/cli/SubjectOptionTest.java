package io.rdasuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.mutation.PlantedBugs;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code rda check --subject CLASS} (issue 31): one store, named by its class, checked alone; here a shipped one, as
 * the example project's build does for a user's store with {@code --classpath}.
 */
class SubjectOptionTest {
    private static final String BASELINES = "io.rdasuite.store.baseline.BaselineProtocol";
    /** One cell per protocol: a second or two. */
    private static final String[] ONE_CELL = {"check", "--json", "--seed", "1", "--config", "WSP+NODDIO+DRAM-RQWRB", "--transport", "IB",
            "--op", "SEND", "--update", "SINGLETON"};

    @AfterEach
    void unplant() {
        PlantedBugs.plant(Plant.NONE);
    }

    private static RdaRun check(String... extra) {
        List<String> args = new ArrayList<>(List.of(ONE_CELL));
        args.addAll(List.of(extra));
        return RdaRun.of(args.toArray(String[]::new));
    }

    @Test
    void theClassesProtocolsAreCheckedAndNothingElse() throws Exception {
        RdaRun r = check("--subject", BASELINES);
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode doc = new ObjectMapper().readTree(r.out());
        List<String> stores = new ArrayList<>();
        doc.get("stores").forEach(s -> stores.add(s.get("protocol").asText()));
        assertThat(stores).containsExactly("redo", "raw");
        for (String other : List.of("results", "controls", "clusters", "transactions", "nessie", "fileSystem")) {
            assertThat(doc.get(other)).as(other).isEmpty();
        }
        assertThat(doc.get("campaign").get("filters").get("subject").asText()).isEqualTo(BASELINES);
    }

    @Test
    void aPlantOfTheSubjectFailsItsCheck() {
        assertThat(check("--subject", BASELINES, "--plant", "redo-ack-before-persist").exitCode()).isEqualTo(1);
    }

    @Test
    void anUnregisteredClassOrASecondChoiceOfStoresIsBadUsage() {
        RdaRun nowhere = check("--subject", "com.nowhere.Store");
        assertThat(nowhere.exitCode()).isEqualTo(2);
        assertThat(nowhere.err()).contains("--subject: com.nowhere.Store is not on the class path").contains("--classpath")
                .contains("io.rdasuite.store.erda.ErdaProtocol");
        RdaRun both = check("--subject", BASELINES, "--protocols", "erda");
        assertThat(both.exitCode()).isEqualTo(2);
        assertThat(both.err()).contains("drop --protocols");
        assertThat(check("--subject", BASELINES, "--clusters", "none").err()).contains("drop --clusters");
    }
}
