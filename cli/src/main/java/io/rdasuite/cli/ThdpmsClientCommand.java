package io.rdasuite.cli;

import io.rdasuite.hwreal.remote.RemoteTransport;
import io.rdasuite.hwreal.split.PdsmProcesses;
import io.rdasuite.store.thdpms.ThdpmsPlantedBug;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code rda thdpms-client}: the client process of a pDSM deployment split over processes (paper 002 §4.1; the PM servers
 * are {@code rda serve --role pdsm-server}, the monitor's replicas {@code rda serve --role monitor}). It hosts the monitor
 * node (bootstrap, failure detector, re-replication) and one client that puts and gets objects for a while and records
 * the history {@code rda lin check} reads. A separate command rather than {@code rda bench --fabric tcp}: the deployment
 * has no store descriptor to hand over a connection, every process replays the same deployment instead.
 */
@Command(name = "thdpms-client", mixinStandardHelpOptions = true,
        description = "Run pDSM's client process against PM servers and monitors in other processes; record a key-value history.")
final class ThdpmsClientCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--pdsm-servers", split = ",", required = true, description = "host:port of every PM server, in node order.")
    List<String> servers;

    @Option(names = "--listen", required = true, description = "host:port of this process (its region registry is at the next port).")
    String listen;

    @Option(names = "--monitors", split = ",", required = true, description = "host:port of every monitor replica.")
    List<String> monitors;

    @Option(names = "--seconds", defaultValue = "10", description = "How long the client runs (default: ${DEFAULT-VALUE}).")
    double seconds;

    @Option(names = "--cold-seconds", description = "The cold keys (the first half) are put only in this first part of the run"
            + " (default: a quarter of --seconds); a failure after it must keep them.")
    Double coldSeconds;

    @Option(names = "--until", description = "End the run early once this file exists (a campaign that keeps one deployment across"
            + " its kill cycles stops its client so).")
    Path until;

    @Option(names = "--keys", defaultValue = "16", description = "Keys (objects) the client writes and reads (default: ${DEFAULT-VALUE}).")
    int keys;

    @Option(names = "--seed", defaultValue = "1", description = "The deployment's seed (the same in every process) and the workload's.")
    long seed;

    @picocli.CommandLine.Mixin
    JsonOption common;

    @Option(names = "--history", required = true, description = "Where the history goes (JSON Lines, appended).")
    Path history;

    @Option(names = "--plant", defaultValue = "none", description = "none, or not-mirrored-to-backup (the client skips the backups:"
            + " a killed primary loses acknowledged puts, which the check must report).")
    String plant;

    @Override
    public Integer call() throws Exception {
        ThdpmsPlantedBug bug = switch (plant.toLowerCase(Locale.ROOT)) {
            case "none" -> ThdpmsPlantedBug.NONE;
            case "not-mirrored-to-backup" -> ThdpmsPlantedBug.NOT_MIRRORED_TO_BACKUP;
            default -> throw new ParameterException(spec.commandLine(), "--plant: unknown value '" + plant + "'; valid: none, not-mirrored-to-backup");
        };
        if (keys < 1 || keys > 48 || seconds <= 0) {
            throw new ParameterException(spec.commandLine(), "--keys 1..48 (the segments' tables hold 64 objects each), --seconds > 0");
        }
        List<String> all = new ArrayList<>(servers);
        all.add(listen);
        all.addAll(monitors);
        for (String a : all) {
            if (!ServeCommand.address(spec, a).getAddress().isLoopbackAddress()) {
                throw new ParameterException(spec.commandLine(), a + " is not a loopback address; the split pDSM deployment runs only on loopback");
            }
        }
        RemoteTransport.address(listen);
        PdsmProcesses.ClientResult r = PdsmProcesses.client(servers, listen, monitors, seed, keys, seconds,
                coldSeconds != null ? coldSeconds : seconds / 4, until, history, bug,
                common.json ? System.err : System.out); // with --json, stdout carries the one document
        if (common.json) {
            System.out.println(Json.write(Json.object("command", "thdpms-client", "seed", seed, "ops", r.ops(), "acknowledgedPuts", r.acknowledgedPuts(),
                    "indeterminatePuts", r.indeterminatePuts(), "gets", r.gets(), "failedGets", r.failedGets(), "unreadableGets", r.unreadableGets(),
                    "keys", r.keys(), "lost", r.lost(), "lostKeys", r.lostKeys(), "epoch", r.epoch(), "liveServers", new java.util.TreeSet<>(r.liveServers()),
                    "replicasPerSegment", r.replicasPerSegment(), "verdict", r.lost() == 0 ? "PASS" : "FAIL")));
            System.out.flush();
            return r.lost() == 0 ? 0 : 1;
        }
        System.out.printf("thdpms-client: ops %d, acknowledged puts %d, indeterminate puts %d, gets %d, failed gets %d, unreadable gets %d, keys %d, lost %d, epoch %d,"
                + " live servers %s, replicas per segment %s%n", r.ops(), r.acknowledgedPuts(), r.indeterminatePuts(), r.gets(), r.failedGets(), r.unreadableGets(), r.keys(), r.lost(), r.epoch(),
                r.liveServers(), r.replicasPerSegment());
        for (String l : r.lostKeys()) {
            System.out.println("LOST " + l);
        }
        return r.lost() == 0 ? 0 : 1;
    }
}
