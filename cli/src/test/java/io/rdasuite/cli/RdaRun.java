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
