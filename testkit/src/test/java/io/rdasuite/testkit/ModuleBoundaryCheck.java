package io.rdasuite.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.crashsim.Explorer;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.linearizability.checker.LinearizabilityChecker;
import io.rdasuite.store.protocol.KvProtocols;
import java.io.IOException;
import java.io.ByteArrayOutputStream;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The module boundary of the artifacts a user depends on (issue 31, item 4): what their module-infos export to
 * everyone is exactly the public API that docs/MODULES.md lists, and a module of a user's compiles against that API but
 * not against a store's internals.
 *
 * <p>It needs the packaged modules (their module-info is compiled at {@code prepare-package}), so it runs in the
 * {@code integration-test} phase of {@code ./mvnw verify}, not in {@code test}.
 */
class ModuleBoundaryCheck {

    private static final List<Class<?>> MODULE_CLASSES =
            List.of(KvProtocols.class, SimFabric.class, Explorer.class, LinearizabilityChecker.class, StoreCheck.class);
    private static final Pattern PUBLIC_API_ROW = Pattern.compile("^\\| `io\\.rdasuite\\.[a-z]+` \\| `io\\.rdasuite:[^`]+` \\|(.*)\\|$");
    private static final Pattern PACKAGE = Pattern.compile("`(io\\.rdasuite(?:\\.[a-z]+)+)`");

    private static List<Path> suiteModules;

    @BeforeAll
    static void locateModules() {
        suiteModules = MODULE_CLASSES.stream().map(ModuleBoundaryCheck::location).toList();
    }

    @Test
    void everyArtifactOfTheApiIsANamedModule() {
        Set<String> names = ModuleFinder.of(suiteModules.toArray(Path[]::new)).findAll().stream()
                .map(reference -> reference.descriptor().name())
                .collect(Collectors.toCollection(TreeSet::new));
        assertThat(names).containsExactly("io.rdasuite.crashsim", "io.rdasuite.hwsim", "io.rdasuite.linearizability",
                "io.rdasuite.store", "io.rdasuite.testkit");
    }

    @Test
    void exportsToEveryoneAreThePackagesTheDocsList() throws IOException {
        Set<String> exported = new TreeSet<>();
        for (var reference : ModuleFinder.of(suiteModules.toArray(Path[]::new)).findAll()) {
            for (ModuleDescriptor.Exports export : reference.descriptor().exports()) {
                if (!export.isQualified()) {
                    exported.add(export.source());
                }
            }
        }
        assertThat(exported).isEqualTo(documentedPublicPackages());
    }

    /** A services line without its {@code provides} (or the reverse) would register a store on one path and not the other. */
    @Test
    void everyServicesFileIsAProvidesOfTheModule() throws IOException {
        for (Path module : suiteModules) {
            var descriptor = ModuleFinder.of(module).findAll().iterator().next().descriptor();
            java.util.Map<String, List<String>> provides = new java.util.TreeMap<>();
            descriptor.provides().forEach(p -> provides.put(p.service(), p.providers()));
            assertThat(servicesFiles(module)).as("META-INF/services of %s", descriptor.name()).isEqualTo(provides);
        }
    }

    /** Each {@code META-INF/services} file of a module's jar or directory: service → its provider classes, in order. */
    private static java.util.Map<String, List<String>> servicesFiles(Path module) throws IOException {
        java.util.Map<String, List<String>> services = new java.util.TreeMap<>();
        try (java.nio.file.FileSystem jar = Files.isDirectory(module) ? null : java.nio.file.FileSystems.newFileSystem(module)) {
            Path dir = (jar == null ? module : jar.getPath("/")).resolve("META-INF/services");
            if (!Files.isDirectory(dir)) {
                return services;
            }
            try (var files = Files.list(dir)) {
                for (Path file : files.sorted().toList()) {
                    services.put(file.getFileName().toString(), Files.readAllLines(file).stream().map(String::strip)
                            .filter(line -> !line.isEmpty() && !line.startsWith("#")).toList());
                }
            }
        }
        return services;
    }

    @Test
    void aUsersModuleCompilesAgainstThePublicApi(@TempDir Path dir) throws IOException {
        String errors = compileUserModule(dir, """
                package com.example.user;
                public final class UsesTheApi {
                    public static int families() {
                        return io.rdasuite.store.protocol.KvProtocols.all().size();
                    }
                }
                """);
        assertThat(errors).isEmpty();
    }

    @Test
    void aUsersModuleCannotReachAStoresInternals(@TempDir Path dir) throws IOException {
        String errors = compileUserModule(dir, """
                package com.example.user;
                public final class UsesTheApi {
                    static final Class<?> INTERNAL = io.rdasuite.store.erda.ErdaProtocol.class;
                }
                """);
        assertThat(errors).contains("package io.rdasuite.store.erda is not visible")
                .contains("does not export it to module com.example.user");
    }

    /** Compiles {@code com.example.user} (requiring the test kit) with one class; returns javac's errors. */
    private static String compileUserModule(Path dir, String source) throws IOException {
        Path src = Files.createDirectories(dir.resolve("src/com/example/user"));
        Files.writeString(dir.resolve("src/module-info.java"),
                "module com.example.user { requires io.rdasuite.testkit; }\n");
        Files.writeString(src.resolve("UsesTheApi.java"), source);
        List<String> modulePath = new ArrayList<>(suiteModules.stream().map(Path::toString).toList());
        modulePath.addAll(dependencyJars());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int rc = ToolProvider.getSystemJavaCompiler().run(null, out, out, "-d", dir.resolve("out").toString(), "-Xlint:-requires-automatic",
                // in-process javac would otherwise take this JVM's class path as its own
                "--class-path", Files.createDirectories(dir.resolve("empty")).toString(),
                "--module-path", String.join(java.io.File.pathSeparator, modulePath),
                dir.resolve("src/module-info.java").toString(), src.resolve("UsesTheApi.java").toString());
        return rc == 0 ? "" : "javac exited " + rc + ":\n" + out.toString(StandardCharsets.UTF_8);
    }

    /** The jars of the test's class path other than the suite's own: the modules the suite requires are among them. */
    private static List<String> dependencyJars() {
        String path = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        return Arrays.stream(path.split(java.io.File.pathSeparator))
                .filter(entry -> entry.endsWith(".jar"))
                .filter(entry -> suiteModules.stream().noneMatch(module -> module.toString().equals(entry)))
                .toList();
    }

    private static Set<String> documentedPublicPackages() throws IOException {
        Path doc = Path.of(System.getProperty("user.dir")).resolveSibling("docs").resolve("MODULES.md");
        Set<String> packages = new TreeSet<>();
        for (String line : Files.readAllLines(doc)) {
            Matcher row = PUBLIC_API_ROW.matcher(line);
            if (row.matches()) {
                Matcher name = PACKAGE.matcher(row.group(1));
                while (name.find()) {
                    packages.add(name.group(1));
                }
            }
        }
        assertThat(packages).as("public packages listed in %s", doc).isNotEmpty();
        return packages;
    }

    private static Path location(Class<?> type) {
        try {
            Path path = Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
            boolean described = Files.isDirectory(path) ? Files.exists(path.resolve("module-info.class"))
                    : ModuleFinder.of(path).findAll().stream().anyMatch(r -> !r.descriptor().isAutomatic());
            assertThat(described).as("%s (of %s) carries a module-info: run the integration-test phase, after "
                    + "prepare-package compiled it", path, type.getName()).isTrue();
            return path;
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
