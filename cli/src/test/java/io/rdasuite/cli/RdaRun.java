package io.rdasuite.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/**
 * One {@code rda} command run in this JVM, as the tests drive it: its exit code and what it printed.
 *
 * @param exitCode the command's exit code
 * @param out      standard output
 * @param err      standard error
 */
record RdaRun(int exitCode, String out, String err) {
    /** This run's JSON without the fields that measure wall-clock time (named wall* or *PerSecond), recursively. */
    static com.fasterxml.jackson.databind.JsonNode withoutWallClock(String json) throws Exception {
        com.fasterxml.jackson.databind.JsonNode node = new com.fasterxml.jackson.databind.ObjectMapper().readTree(json);
        strip(node);
        return node;
    }

    private static void strip(com.fasterxml.jackson.databind.JsonNode node) {
        if (node instanceof com.fasterxml.jackson.databind.node.ObjectNode o) {
            java.util.List<String> drop = new java.util.ArrayList<>();
            o.fieldNames().forEachRemaining(k -> {
                if (k.startsWith("wall") || k.endsWith("PerSecond")) {
                    drop.add(k);
                }
            });
            o.remove(drop);
            o.forEach(RdaRun::strip);
        } else if (node.isArray()) {
            node.forEach(RdaRun::strip);
        }
    }

    static RdaRun of(String... args) {
        CommandLine cl = Rda.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int code = cl.execute(args);
        return new RdaRun(code, out.toString(), err.toString());
    }
}
