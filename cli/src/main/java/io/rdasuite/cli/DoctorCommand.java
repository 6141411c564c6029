package io.rdasuite.cli;

import io.rdasuite.hwreal.Doctor;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code rda doctor}: each backend, whether it is usable on this machine, and exactly why not. */
@Command(name = "doctor", mixinStandardHelpOptions = true, description = "Which backends (simulator, loopback, mapped-file PM, LLPL, DiSNI) work here, and why not.")
final class DoctorCommand implements Callable<Integer> {
    @Mixin
    JsonOption common;

    @Mixin
    NoSeedOption noSeed;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        List<Doctor.Backend> backends = Doctor.examine();
        PrintWriter out = spec.commandLine().getOut();
        if (common.json) {
            List<Map<String, Object>> rows = new ArrayList<>();
            for (Doctor.Backend b : backends) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("backend", b.name());
                m.put("usable", b.usable());
                m.put("detail", b.detail());
                rows.add(m);
            }
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("command", "doctor");
            doc.put("backends", rows);
            out.println(Json.write(doc));
        } else {
            for (Doctor.Backend b : backends) {
                out.printf("%-16s %-10s %s%n", b.name(), b.usable() ? "usable" : "NOT USABLE", b.detail());
            }
        }
        out.flush();
        return 0;
    }
}
