package io.rdasuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The command line's contract: exit codes, errors that name the valid choices, deterministic JSON. */
class RdaCommandLineTest {

    private static RdaRun rda(String... args) {
        return RdaRun.of(args);
    }

    /** Drops fields that measure wall-clock time (named wall* or *PerSecond), recursively. */
    private static JsonNode withoutWallClock(String json) throws Exception {
        return RdaRun.withoutWallClock(json);
    }

    @Test
    void unknownConfigurationIsAnErrorListingTheValidOnes() {
        RdaRun r = rda("check", "--config", "DMP+TURBO+DRAM-RQWRB");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("unknown server configuration 'DMP+TURBO+DRAM-RQWRB'")
                .contains("DMP+DDIO+DRAM-RQWRB").contains("WSP+NODDIO+PM-RQWRB");
    }

    @Test
    void unknownTransportIsAnErrorListingTheValidOnes() {
        RdaRun r = rda("sim-bench", "--transport", "carrier-pigeon");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("unknown transport 'carrier-pigeon'").contains("IB, IWARP");
    }

    /** The text report of a store with findings prints each shown example (a typed invariant once broke this path only). */
    @Test
    void checkTextReportPrintsStoreFindings() {
        RdaRun r = rda("check", "--seed", "1", "--config", "DMP+DDIO+DRAM-RQWRB", "--transport", "IB", "--op", "WRITE", "--update", "singleton",
                "--protocols", "erda", "--budget", "0.5");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("erda").contains("DURABILITY");
        assertThat(r.err()).doesNotContain("internal error");
    }

    @Test
    void checkJsonIsIdenticalForTheSameSeed() throws Exception {
        String[] args = {"check", "--json", "--seed", "5", "--config", "DMP+DDIO+PM-RQWRB,MHP+NODDIO+DRAM-RQWRB", "--transport", "IB",
                "--op", "WRITE", "--budget", "0.3"};
        RdaRun first = rda(args);
        RdaRun second = rda(args);
        assertThat(first.exitCode()).isZero();
        JsonNode a = withoutWallClock(first.out());
        assertThat(withoutWallClock(second.out())).isEqualTo(a);
        assertThat(a.get("results")).hasSize(4);
        assertThat(a.get("verdict").asText()).isEqualTo("PASS");
        assertThat(a.get("controls")).allSatisfy(c -> assertThat(c.get("verdict").asText()).isEqualTo("CAUGHT"));
    }

    /** The in-place control's torn value is caught by the history checker too, and its history drawn as a timeline. */
    @Test
    void theInPlaceControlFailsLinearizabilityWithATimeline() throws Exception {
        java.nio.file.Path report = java.nio.file.Files.createTempDirectory("inplace-report");
        JsonNode doc = new ObjectMapper().readTree(rda("check", "--json", "--config", "MHP+NODDIO+DRAM-RQWRB", "--transport", "IB",
                "--op", "WRITE", "--update", "singleton", "--protocols", "redo", "--budget", "0.5", "--report", report.toString()).out());
        JsonNode inplace = null;
        for (JsonNode c : doc.get("controls")) {
            if (c.get("subject").asText().startsWith("inplace/")) {
                inplace = c;
            }
        }
        assertThat(inplace).isNotNull();
        assertThat(inplace.get("caughtBy").toString()).contains("LINEARIZABILITY").contains("RDA");
        java.nio.file.Path timeline = java.nio.file.Path.of(inplace.get("counterexample").get("timeline").asText());
        assertThat(timeline).startsWith(report.resolve("timelines")); // drawn where --report asked, nowhere else
        assertThat(java.nio.file.Files.readString(timeline)).contains("<html").contains("inplace/WRITE");
        String token = inplace.get("counterexample").get("replay").asText().substring("rda replay ".length());
        java.nio.file.Path history = java.nio.file.Files.createTempFile("inplace", ".jsonl");
        assertThat(rda("replay", token, "--history", history.toString()).exitCode()).isEqualTo(1);
        assertThat(java.nio.file.Files.readString(history)).contains("\"type\":\"crash\"").contains("\"type\":\"recovery\"");
        assertThat(rda("lin", "check", history.toString(), "--crashes", "durable").exitCode()).as("the torn read").isEqualTo(1);
        JsonNode redo = doc.get("stores").get(0).get("properties");
        assertThat(redo.get("LINEARIZABILITY").asText()).as("Redo Logging: durably linearizable").isEqualTo("PASS");
    }

    @Test
    void shardsPartitionTheCellsAndTheirResultsMerge() throws Exception {
        String[] base = {"check", "--json", "--config", "WSP+DDIO+PM-RQWRB", "--budget", "0.2"};
        JsonNode whole = new ObjectMapper().readTree(rda(base).out());
        List<Integer> merged = new ArrayList<>();
        for (String shard : new String[] {"0/3", "1/3", "2/3"}) {
            String[] args = java.util.stream.Stream.concat(java.util.Arrays.stream(base), java.util.stream.Stream.of("--shard", shard)).toArray(String[]::new);
            new ObjectMapper().readTree(rda(args).out()).get("results").forEach(r -> merged.add(r.get("cell").asInt()));
        }
        List<Integer> all = new ArrayList<>();
        whole.get("results").forEach(r -> all.add(r.get("cell").asInt()));
        assertThat(all).hasSize(12);
        assertThat(merged).containsExactlyInAnyOrderElementsOf(all);
    }

    @Test
    void badShardAndBadTokenGetClearErrors() {
        RdaRun shard = rda("check", "--shard", "3/3");
        assertThat(shard.exitCode()).isEqualTo(2);
        assertThat(shard.err()).contains("i/N with 0 <= i < N");
        RdaRun replay = rda("replay", "not-a-token");
        assertThat(replay.exitCode()).isEqualTo(2);
        assertThat(replay.err()).contains("malformed replay token");
    }

    @Test
    void replayOfACheckCounterexampleReproducesIt() throws Exception {
        JsonNode doc = new ObjectMapper().readTree(rda("check", "--json", "--config", "WSP+DDIO+PM-RQWRB", "--transport", "IB",
                "--op", "SEND", "--update", "singleton", "--budget", "0.5").out());
        JsonNode control = doc.get("controls").get(0).get("counterexample");
        String token = control.get("replay").asText().substring("rda replay ".length());
        RdaRun replay = rda("replay", "--json", token);
        assertThat(replay.exitCode()).isEqualTo(1);
        JsonNode r = new ObjectMapper().readTree(replay.out());
        assertThat(r.get("reproduced").asBoolean()).isTrue();
        assertThat(r.get("detail").asText()).isEqualTo(control.get("detail").asText());
        assertThat(r.get("trace")).isEqualTo(control.get("trace"));
    }

    @Test
    void nvmWritesPrintsTable1AsMeasured() throws Exception {
        JsonNode erda = new ObjectMapper().readTree(rda("nvm-writes", "--protocol", "erda", "--key-size", "16", "--kv-size", "272", "--json").out());
        assertThat(erda.get("create").asLong()).isEqualTo(16 + 10 + 272);
        assertThat(erda.get("update").asLong()).isEqualTo(9 + 272);
        assertThat(erda.get("delete").asLong()).isEqualTo(16 + 9);
        JsonNode redo = new ObjectMapper().readTree(rda("nvm-writes", "--protocol", "redo", "--key-size", "16", "--kv-size", "272", "--json").out());
        assertThat(redo.get("create").asLong()).isEqualTo(16 + 12 + 2 * 272);
        RdaRun bad = rda("nvm-writes", "--protocol", "octopus", "--key-size", "8", "--kv-size", "64");
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err()).contains("valid: erda").contains("redo").contains("raw");
    }

    @Test
    void versionAloneBuildsNoCommandsAndHelpListsThemAll() {
        assertThat(Rda.commandLine(new String[] {"--version"}).getSubcommands()).isEmpty();
        assertThat(Rda.commandLine(new String[] {"--help"}).getSubcommands()).containsKeys("check", "lin", "sim-bench", "help");
        RdaRun version = rda("--version");
        assertThat(version.exitCode()).isZero();
        assertThat(version.out().strip()).isEqualTo("rda 0.1.0");
        assertThat(rda("--version", "check").exitCode()).isZero(); // more than the version: every command is built
    }

    @Test
    void simBenchReportsVerbsPerSecondAndIsDeterministic() throws Exception {
        String[] args = {"sim-bench", "--json", "--verbs", "2000", "--clients", "2", "--repeats", "3", "--warmups", "1"};
        RdaRun first = rda(args);
        RdaRun second = rda(args);
        assertThat(first.exitCode()).isZero();
        JsonNode doc = new ObjectMapper().readTree(first.out());
        assertThat(doc.get("verbsPerSecond").asLong()).isPositive();
        assertThat(doc.get("bestVerbsPerSecond").asLong()).isGreaterThanOrEqualTo(doc.get("verbsPerSecond").asLong());
        assertThat(doc.get("wallMillisRuns")).hasSize(3);
        assertThat(doc.get("warmups").asInt()).isEqualTo(1);
        assertThat(rda("sim-bench", "--warmups", "-1").exitCode()).isEqualTo(2);
        assertThat(doc.get("verbs").asLong()).isEqualTo(4000);
        List<String> collectors = new ArrayList<>();
        doc.get("collectors").forEach(c -> collectors.add(c.asText()));
        assertThat(collectors).isNotEmpty().isEqualTo(ManagementFactory.getGarbageCollectorMXBeans().stream()
                .map(GarbageCollectorMXBean::getName).toList());
        assertThat(doc.get("jvm").asText()).isEqualTo(Runtime.version().toString());
        assertThat(withoutWallClock(second.out())).isEqualTo(withoutWallClock(first.out()));
    }

    @Test
    void benchYcsbSetsPaper001sClaimsBesideTheEfactoryFamily() throws Exception {
        RdaRun r = rda("bench", "ycsb", "--protocols", "efactory,efactory-nohr,saw,imm,erda,forca", "--workload", "C", "--value-size", "4096",
                "--records", "100", "--ops", "30", "--profile", "efactory-testbed", "--json");
        assertThat(r.exitCode()).isZero();
        JsonNode doc = new ObjectMapper().readTree(r.out());
        assertThat(doc.get("results")).hasSize(6);
        assertThat(doc.get("results").get(0).get("protocol").asText()).isEqualTo("efactory");
        List<String> claims = new ArrayList<>();
        doc.get("paperClaims").forEach(c -> claims.add(c.get("paper").asText() + " -> " + c.get("agrees").asBoolean()));
        assertThat(claims).anyMatch(c -> c.startsWith("read-only: eFactory within ~2% of IMM") && c.endsWith("true"))
                .anyMatch(c -> c.startsWith("read-only, 4 KB: eFactory 1.96x Erda"));
        RdaRun text = rda("bench", "ycsb", "--protocols", "efactory,imm", "--workload", "update-only", "--records", "50", "--ops", "10");
        assertThat(text.out()).contains("Paper 001's claims").contains("write-only: eFactory 42-279% above IMM");
    }

    @Test
    void benchScaleReportsEveryProtocolAtEveryClientCountAndRejectsBadInput() throws Exception {
        RdaRun r = rda("bench", "scale", "--protocols", "efactory,imm", "--workloads", "update-only", "--clients", "1,4",
                "--records", "50", "--ops", "20", "--json");
        assertThat(r.exitCode()).isZero();
        JsonNode doc = new ObjectMapper().readTree(r.out());
        assertThat(doc.get("results")).hasSize(4);
        assertThat(doc.get("results").get(1).get("clients").asInt()).isEqualTo(4);
        assertThat(doc.get("results").get(1).get("valueSize").asInt()).isEqualTo(2048);
        assertThat(doc.get("paperClaims").toString()).contains("flattens when writes dominate");
        assertThat(withoutWallClock(r.out())).isEqualTo(withoutWallClock(rda("bench", "scale", "--protocols", "efactory,imm", "--workloads",
                "update-only", "--clients", "1,4", "--records", "50", "--ops", "20", "--json").out()));
        RdaRun bad = rda("bench", "scale", "--clients", "4,2");
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err()).contains("--clients must be ascending");
        RdaRun unknown = rda("bench", "scale", "--protocols", "efactory,nessie");
        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.err()).contains("unknown protocol 'nessie'").contains("efactory-nohr");
    }

    @Test
    void doctorNamesEveryBackendAndWhyOneIsNotUsable() throws Exception {
        RdaRun r = rda("doctor", "--json");
        assertThat(r.exitCode()).isZero();
        JsonNode backends = new ObjectMapper().readTree(r.out()).get("backends");
        List<String> names = new ArrayList<>();
        backends.forEach(b -> {
            names.add(b.get("backend").asText());
            assertThat(b.get("detail").asText()).as("every verdict says why").isNotBlank();
        });
        assertThat(names).containsExactly("simulator", "loopback", "mapped-file PM", "LLPL PM", "tcp", "DiSNI (RDMA)");
        assertThat(backends.get(0).get("usable").asBoolean()).isTrue();
        assertThat(backends.get(2).get("usable").asBoolean()).as("mapped files work on any file system").isTrue();
        if (!java.nio.file.Files.isDirectory(java.nio.file.Path.of("/sys/class/infiniband"))) {
            assertThat(backends.get(5).get("detail").asText()).contains("/sys/class/infiniband does not exist");
        }
    }
}
