package io.rdasuite.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * How {@code rda} reports what went wrong: one line naming the command and the cause, a documented exit code, and no
 * stack trace for anything a user can cause (a bad argument, a missing or unwritable file, a refused connection). The
 * usage is printed on {@code --help} only. With {@code --json} the error is also one JSON document on stdout.
 * {@code RDA_DEBUG=1} adds the stack trace of an internal error.
 */
final class Errors {
    /** Bad usage or input: an unknown option or name, a malformed value or file. */
    static final int EXIT_USAGE = 2;
    /** The environment failed: a file or folder that cannot be read or written, a connection refused or lost. */
    static final int EXIT_ENVIRONMENT = 4;
    /** A check failed: a claimed property, a history, a negative control missed, pinned findings moved. */
    static final int EXIT_FAILED = 1;
    /** {@code rda check}: the budget is too small to catch the controls; {@code rda lin check}: a verdict unknown. */
    static final int EXIT_UNKNOWN = 3;
    /** A bug of rda itself (an exception no user input explains). */
    static final int EXIT_INTERNAL = 70;

    private Errors() {
    }

    /** Installs the handlers on {@code rda}'s command line. */
    static CommandLine install(CommandLine cl) {
        cl.setParameterExceptionHandler(Errors::badUsage);
        cl.setExecutionExceptionHandler(Errors::failed);
        return cl;
    }

    private static int badUsage(CommandLine.ParameterException e, String[] args) {
        CommandLine cmd = e.getCommandLine();
        String name = cmd.getCommandSpec().qualifiedName();
        report(cmd, List.of(args).contains("--json"), name + ": " + e.getMessage() + " (see '" + name + " --help')", EXIT_USAGE);
        return EXIT_USAGE;
    }

    private static int failed(Exception e, CommandLine cmd, CommandLine.ParseResult parsed) {
        String name = cmd.getCommandSpec().qualifiedName();
        boolean json = cmd.getParseResult() != null && cmd.getParseResult().hasMatchedOption("--json");
        IOException io = ioCause(e);
        int code;
        String message;
        if (io != null) {
            code = EXIT_ENVIRONMENT;
            message = name + ": " + describe(io);
        } else if (e instanceof IllegalArgumentException || e instanceof IllegalStateException && e.getMessage() != null) {
            code = e instanceof IllegalArgumentException ? EXIT_USAGE : EXIT_ENVIRONMENT;
            message = name + ": " + e.getMessage();
        } else {
            code = EXIT_INTERNAL;
            message = name + ": internal error: " + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage())
                    + " (a bug in rda: please report it; RDA_DEBUG=1 prints the stack trace)";
            if ("1".equals(System.getenv("RDA_DEBUG"))) {
                e.printStackTrace(cmd.getErr());
            }
        }
        report(cmd, json, message, code);
        return code;
    }

    /**
     * An error a command found itself (bad input it read, a server that went away): {@code message} after the command's
     * name on stderr, and with {@code --json} the same as one JSON document on stdout; returns {@code code}.
     */
    static int fail(CommandSpec spec, boolean json, int code, String message) {
        report(spec.commandLine(), json, spec.qualifiedName() + ": " + message, code);
        return code;
    }

    private static void report(CommandLine cmd, boolean json, String message, int code) {
        PrintWriter err = cmd.getErr();
        err.println(message);
        err.flush();
        if (json) {
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("command", cmd.getCommandSpec().qualifiedName().replaceFirst("^rda ", "")); // "lin check", "bench ycsb"
            doc.put("error", message);
            doc.put("exitCode", code);
            cmd.getOut().println(Json.write(doc));
            cmd.getOut().flush();
        }
    }

    /** The I/O failure behind an exception, if any (wrapped by a library or by UncheckedIOException). */
    static IOException ioCause(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof IOException io) {
                return io;
            }
            if (t instanceof UncheckedIOException u) {
                return u.getCause();
            }
        }
        return null;
    }

    /** One line for an I/O failure: what failed and where. */
    static String describe(IOException e) {
        return switch (e) {
            case java.nio.file.NoSuchFileException n -> "no such file or folder: " + n.getFile();
            case java.nio.file.AccessDeniedException a -> "permission denied: " + a.getFile();
            case java.nio.file.FileAlreadyExistsException f -> "already exists: " + f.getFile();
            case java.nio.file.NotDirectoryException d -> "not a folder: " + d.getFile();
            case java.net.ConnectException c -> "cannot connect: " + (c.getMessage() == null ? "connection refused" : c.getMessage())
                    + " (is 'rda serve' running there?)";
            case java.net.UnknownHostException u -> "unknown host: " + u.getMessage();
            case java.net.SocketTimeoutException t -> "timed out: " + t.getMessage();
            default -> e.getClass().getSimpleName().replace("Exception", " error").trim() + (e.getMessage() == null ? "" : ": " + e.getMessage());
        };
    }
}
