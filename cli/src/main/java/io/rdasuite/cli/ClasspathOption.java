package io.rdasuite.cli;

import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code --classpath PATHS}: a user's own store (a {@link io.rdasuite.store.protocol.KvProtocolFamily} registered in
 * its {@code META-INF/services}) for {@code rda check}, {@code rda fuzz} and {@code rda replay}. The registries read
 * their services once, through the thread's context class loader, so {@link Rda#main} installs the loader
 * ({@link #install}) before it parses anything: a {@code --protocols} value then already finds the user's names. The
 * option is declared here for the help text and for its check.
 */
final class ClasspathOption {
    static final String NAME = "--classpath";

    @Option(names = NAME, paramLabel = "PATHS", description = "Jars or class folders (separated by ':', ';' on Windows)"
            + " holding a store of your own, registered as a KvProtocolFamily in META-INF/services; its protocols then count"
            + " as the shipped ones do (docs/YOUR-OWN-STORE.md).")
    String classpath;

    /** The value {@link #install} took, or null: the replay lines of a user's findings name it. */
    private static volatile String installed;

    /**
     * The command that replays {@code token}: with {@code --classpath} given, the same paths, since a token of a store of
     * one's own replays only where its classes are found.
     */
    static String replayLine(String token) {
        String cp = installed;
        return "rda replay " + (cp == null ? "" : NAME + " " + cp + " ") + token;
    }

    /**
     * Finds {@code --classpath} in {@code args} (as {@code --classpath X} or {@code --classpath=X}) and makes a loader of
     * its paths the context class loader of this thread (and of the threads it starts). A missing path is an error
     * naming it; without the option nothing changes.
     */
    static void install(String[] args) {
        String value = null;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals(NAME) && i + 1 < args.length) {
                value = args[i + 1];
            } else if (args[i].startsWith(NAME + "=")) {
                value = args[i].substring(NAME.length() + 1);
            }
        }
        if (value == null) {
            return;
        }
        List<URL> urls = new ArrayList<>();
        for (String part : value.split(File.pathSeparator)) {
            if (part.isBlank()) {
                continue;
            }
            Path p = Path.of(part);
            if (!Files.exists(p)) {
                throw new IllegalArgumentException(NAME + ": " + part + " does not exist (give jars or class folders, separated by '"
                        + File.pathSeparator + "')");
            }
            try {
                urls.add(p.toUri().toURL());
            } catch (MalformedURLException e) {
                throw new IllegalArgumentException(NAME + ": " + part + " is not a path: " + e.getMessage());
            }
        }
        installed = value;
        Thread.currentThread().setContextClassLoader(new URLClassLoader("rda-user-classpath", urls.toArray(URL[]::new), Rda.class.getClassLoader()));
    }
}
