package io.rdasuite.cli;

import io.rdasuite.crashsim.Explorer;
import io.rdasuite.crashsim.Violation;
import io.rdasuite.store.mutation.Plant;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code rda replay <token>}: re-runs one counterexample exactly and prints its trace and violation. */
@Command(name = "replay", mixinStandardHelpOptions = true, description = "Reproduce a counterexample from its token.")
final class ReplayCommand implements Callable<Integer> {
    @Mixin
    JsonOption common;

    @Mixin
    NoSeedOption noSeed;

    @Mixin
    ClasspathOption classpath;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "TOKEN", description = "A token printed by rda check or rda taxonomy (rda2.…, or rdat1.… for a transaction cell), or by rda fuzz (rdaf2.…),"
                    + " with its checksum.")
    String token;

    /** A malformed token: its error on one line, exit 2. */
    private int badToken(IllegalArgumentException e) {
        return Errors.fail(spec, common.json, Errors.EXIT_USAGE, e.getMessage());
    }

    /** A token of {@code rda check}'s transaction cells ({@code rdat1.…}): the run again, its history and its anomaly. */
    private int replayTxn() throws java.io.IOException {
        io.rdasuite.crashsim.txn.TxnExplorer explorer = new io.rdasuite.crashsim.txn.TxnExplorer();
        io.rdasuite.crashsim.txn.TxnExplorer.Finding f;
        io.rdasuite.crashsim.txn.TxnExplorer.Replay what;
        try {
            what = io.rdasuite.crashsim.txn.TxnExplorer.decode(token);
            f = explorer.replay(token, io.rdasuite.linearizability.crash.TxnCrashHistoryCheck.strict());
        } catch (IllegalArgumentException e) {
            return badToken(e);
        }
        java.util.List<io.rdasuite.crashsim.txn.TxnRecord> records = f != null ? f.history() : explorer.replayHistory(token);
        if (history != null) {
            try (java.io.Writer w = java.nio.file.Files.newBufferedWriter(history)) {
                io.rdasuite.linearizability.crash.TxnCrashHistoryCheck.writeJsonLines(records, w);
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        String crash = what.target() == null ? "no crash" : what.target().label() + " crash before event " + what.crashAt() + ", image " + what.image();
        if (common.json) {
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("command", "replay");
            doc.put("reproduced", f != null);
            doc.put("subject", what.scenario().bug() == Plant.NONE ? "thdpms/txn"
                    : "thdpms/txn/" + io.rdasuite.store.thdpms.txn.TxnPlantedBug.labelOf(what.scenario().bug()));
            doc.put("config", what.scenario().config().name());
            doc.put("transport", what.scenario().transport().name());
            doc.put("crash", crash);
            doc.put("program", what.scenario().program().encode()); // a shrunk token's own program, else the seed's
            doc.put("history", records.stream().map(Object::toString).toList());
            if (f != null) {
                doc.put("anomaly", f.violation());
            }
            out.println(Json.write(doc));
        } else {
            out.println("thdpms/txn" + (what.scenario().bug() == Plant.NONE ? "" : "/" + io.rdasuite.store.thdpms.txn.TxnPlantedBug.labelOf(what.scenario().bug()))
                    + " on " + what.scenario().config() + "/" + what.scenario().transport() + ", seed " + what.scenario().seed() + ", " + crash);
            records.forEach(r -> out.println("  " + r));
            out.println(f == null ? "strictly serializable: no anomaly at this crash state (was the code fixed?)" : f.violation());
        }
        out.flush();
        return f == null ? 0 : 1;
    }

    /** A token of {@code rda fuzz} ({@code rdaf2.…}): its crash state re-run, every failing check with the trace before the last crash. */
    private int replayFuzz() {
        java.util.List<io.rdasuite.crashsim.fuzz.FuzzExplorer.Failure> all;
        try {
            all = io.rdasuite.crashsim.fuzz.FuzzExplorer.replay(token);
            if (history != null) {
                io.rdasuite.crashsim.fuzz.FuzzExplorer.StateRun run = io.rdasuite.crashsim.fuzz.FuzzExplorer.stateRun(token);
                try (java.io.Writer w = java.nio.file.Files.newBufferedWriter(history)) {
                    io.rdasuite.linearizability.format.JsonLinesFormat.write(
                            io.rdasuite.linearizability.crash.CrashHistories.of(run.subject(), run.history(), run.observation()), w);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e); // exit 4, one line: Errors
                }
            }
        } catch (IllegalArgumentException e) {
            return badToken(e);
        }
        PrintWriter out = spec.commandLine().getOut();
        io.rdasuite.crashsim.fuzz.FuzzExplorer.Failure v = all.isEmpty() ? null : all.getFirst();
        if (common.json) {
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("command", "replay");
            doc.put("reproduced", v != null);
            if (v != null) {
                doc.put("subject", v.fuzzCase().scenario().subject());
                doc.put("config", v.fuzzCase().scenario().config().name());
                doc.put("transport", v.fuzzCase().scenario().transport().name());
                doc.put("program", v.fuzzCase().program().encode());
                doc.put("faults", v.fuzzCase().schedule().describe());
                doc.put("crash", v.path().describe());
                doc.put("invariant", v.invariant().name());
                doc.put("claimed", v.claimed());
                doc.put("detail", v.detail());
                doc.put("trace", v.trace());
                doc.put("failures", all.stream().map(x -> x.invariant() + (x.claimed() ? "" : " (unclaimed)") + ": " + x.detail()).toList());
            }
            out.println(Json.write(doc));
        } else if (v == null) {
            out.println("no check fails at this crash state: the checks pass (was the code fixed?)");
        } else {
            out.println(v.fuzzCase().scenario().subject() + " on " + v.fuzzCase().scenario().config() + "/" + v.fuzzCase().scenario().transport()
                    + ", seed " + v.fuzzCase().scenario().seed() + ", program " + v.fuzzCase().program().encode());
            out.println("faults: " + v.fuzzCase().schedule().describe());
            out.println("crash: " + v.path().describe());
            v.trace().forEach(l -> out.println("  " + l));
            all.forEach(x -> out.println(x.invariant() + (x.claimed() ? "" : " (unclaimed: a finding)") + ": " + x.detail()));
        }
        out.flush();
        return all.stream().anyMatch(io.rdasuite.crashsim.fuzz.FuzzExplorer.Failure::claimed) ? 1 : 0;
    }

    @picocli.CommandLine.Option(names = "--history", paramLabel = "FILE",
            description = "Also write the crash state's history (operations, crash, recovery, read-back) as JSON Lines, for rda lin check.")
    java.nio.file.Path history;

    @Override
    public Integer call() throws java.io.IOException {
        if (token.startsWith(io.rdasuite.crashsim.fuzz.FuzzToken.PREFIX)) {
            return replayFuzz();
        }
        if (token.startsWith(io.rdasuite.crashsim.txn.TxnExplorer.TOKEN_PREFIX)) {
            return replayTxn();
        }
        if (token.startsWith(io.rdasuite.crashsim.fs.PdfsExplorer.TOKEN_PREFIX)) {
            String violation;
            try {
                violation = new io.rdasuite.crashsim.fs.PdfsExplorer().replay(token);
            } catch (IllegalArgumentException e) {
                return badToken(e);
            }
            PrintWriter out = spec.commandLine().getOut();
            if (common.json) {
                Map<String, Object> doc = new LinkedHashMap<>();
                doc.put("command", "replay");
                doc.put("reproduced", violation != null);
                doc.put("subject", "pdfs/namespace");
                doc.put("program", io.rdasuite.crashsim.fs.PdfsExplorer.decode(token).scenario().program().encode());
                if (violation != null) {
                    doc.put("violation", violation);
                }
                out.println(Json.write(doc));
            } else {
                out.println(violation == null ? "the namespace checks pass at this crash state (was the code fixed?)" : violation);
            }
            out.flush();
            return violation == null ? 0 : 1;
        }
        Violation v;
        java.util.List<Violation> all;
        try {
            all = Explorer.replayAll(token);
            v = all.isEmpty() ? null : all.getFirst();
            if (history != null) {
                Explorer.CrashRun run = Explorer.crashRun(token);
                try (java.io.Writer w = java.nio.file.Files.newBufferedWriter(history)) {
                    io.rdasuite.linearizability.format.JsonLinesFormat.write(
                            io.rdasuite.linearizability.crash.CrashHistories.of(run.subject(), run.history(), run.observed()), w);
                }
            }
        } catch (IllegalArgumentException e) {
            return badToken(e);
        }
        PrintWriter out = spec.commandLine().getOut();
        if (common.json) {
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("command", "replay");
            doc.put("reproduced", v != null);
            if (v != null) {
                doc.put("subject", v.scenario().subject());
                doc.put("config", v.scenario().config().name());
                doc.put("transport", v.scenario().transport().name());
                doc.put("crashEvent", v.crashEvent());
                doc.put("invariant", v.invariant().name());
                doc.put("detail", v.detail());
                doc.put("trace", v.trace());
                doc.put("failures", all.stream().map(x -> x.invariant() + ": " + x.detail()).toList());
            }
            out.println(Json.write(doc));
        } else if (v == null) {
            out.println("no violation at this crash state: the checks pass (was the code fixed?)");
        } else {
            out.println(v.scenario().subject() + " on " + v.scenario().config() + "/" + v.scenario().transport() + ", seed " + v.scenario().seed()
                    + ", power failure before event " + v.crashEvent());
            v.trace().forEach(l -> out.println("  " + l));
            all.forEach(x -> out.println(x.invariant() + ": " + x.detail()));
        }
        out.flush();
        return v == null ? 0 : 1;
    }
}
