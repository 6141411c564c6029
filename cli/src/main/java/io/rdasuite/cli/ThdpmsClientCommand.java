package io.rdasuite.cli;

import io.rdasuite.hwreal.split.PdsmProcesses;
import io.rdasuite.hwreal.split.SplitLayout;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.thdpms.ThdpmsPlantedBug;
import io.rdasuite.store.thdpms.txn.TxnPlantedBug;
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
 * are {@code rda serve --role pdsm-server}, the monitor's replicas {@code rda serve --role monitor}). Without
 * {@code --monitor-node} it hosts the monitor node (bootstrap, failure detector, re-replication) and one client that puts
 * and gets objects for a while and records the history {@code rda lin check} reads. With it, the monitor node is a
 * process of its own ({@code --role monitor-node}), the deployment has transactions (§4.1.6), and each client is a
 * process that may be killed and restarted as the same node: {@code --store kv} as before, {@code --store txn} a
 * transaction coordinator. A separate command rather than {@code rda bench --fabric tcp}: the deployment
 * has no store descriptor to hand over a connection, every process replays the same deployment instead.
 */
@Command(name = "thdpms-client", mixinStandardHelpOptions = true,
        description = "Run pDSM's client process (or, with --monitor-node, its monitor node or a transaction coordinator) against PM servers"
                + " and monitors in other processes; record a key-value or transaction history.")
final class ThdpmsClientCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--pdsm-servers", split = ",", required = true, description = "host:port of every PM server, in node order.")
    List<String> servers;

    @Option(names = "--listen", description = "host:port of this process (its region registry is at the next port); required without"
            + " --monitor-node (with it, this process is at --monitor-node or at its place in --clients).")
    String listen;

    @Option(names = "--role", defaultValue = "client", description = "client (default) or monitor-node (with --monitor-node: the monitor"
            + " node alone: bootstrap, failure detector, re-replication, coordinator probes and recovery; runs until killed).")
    String role;

    @Option(names = "--monitor-node", description = "host:port of the monitor node's own process (rda thdpms-client --role monitor-node):"
            + " the deployment then has transactions and every client is a process of its own (--clients, --index). Without it the"
            + " monitor node runs in this client's process.")
    String monitorNode;

    @Option(names = "--clients", split = ",", description = "With --monitor-node: host:port of every client process, in client order.")
    List<String> clients;

    @Option(names = "--index", defaultValue = "0", description = "With --monitor-node: this client's place in --clients (default: ${DEFAULT-VALUE}).")
    int index;

    @Option(names = "--store", defaultValue = "kv", description = "kv (default: puts and gets of pDSM objects, a key-value history), pdkvs"
            + " (puts and gets through pDKVS's CCEH index, paper 002 §4.3; the PM servers run rda serve --pdkvs; a key-value history), pdfs"
            + " (whole-file writes and reads of pDFS files over pDKVS's tables, paper 002 §4.2; the PM servers run rda serve --pdfs; a key-value"
            + " history, a file per key) or txn"
            + " (with --monitor-node: TH-DPMS transactions of read-write registers, a transaction history for --model txn-rw-register).")
    String store;

    @Option(names = "--state", description = "With --monitor-node: this client's directory, where it counts its lives and keeps its regions'"
            + " identities; a client restarted after a crash passes the same one and comes back as the same node.")
    Path state;

    @Option(names = "--hold-after-lock", description = "--store txn: once this file exists, the next transaction that locked its write set"
            + " deletes it and waits, holding its locks, until the process is killed (a campaign kills a coordinator so that its recovery"
            + " must release locks).")
    Path holdAfterLock;

    @Option(names = "--sweep", description = "--store txn: after the run, read every key alone (retrying while it is locked, up to 30 s);"
            + " a key that stays locked fails the run.")
    boolean sweep;

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

    @Option(names = "--history", description = "Where the history goes (JSON Lines, appended); required but by --role monitor-node.")
    Path history;

    @Option(names = "--plant", defaultValue = "none", description = "none; --store kv: not-mirrored-to-backup (the client skips the backups:"
            + " a killed primary loses acknowledged puts, which the check must report); --store txn: validation-skipped or"
            + " commit-primary-before-backup-ack (the coordinator's steps, TxnPlantedBug); --role monitor-node: coordinator-recovery-skipped"
            + " (a dead coordinator is neither fenced nor recovered).")
    String plant;

    @Override
    public Integer call() throws Exception {
        String p = plant.toLowerCase(Locale.ROOT);
        boolean split = monitorNode != null;
        if (!role.equals("client") && !role.equals("monitor-node")) {
            throw new ParameterException(spec.commandLine(), "--role: unknown value '" + role + "'; valid: client, monitor-node");
        }
        if (!List.of("kv", "pdkvs", "pdfs", "txn").contains(store)) {
            throw new ParameterException(spec.commandLine(), "--store: unknown value '" + store + "'; valid: kv, pdkvs, pdfs, txn");
        }
        if ((store.equals("pdkvs") || store.equals("pdfs")) && monitorNode != null) {
            throw new ParameterException(spec.commandLine(), "--store " + store + " runs the monitor node in the client process (--listen), not with"
                    + " --monitor-node");
        }
        if (!split && (role.equals("monitor-node") || store.equals("txn") || clients != null || state != null)) {
            throw new ParameterException(spec.commandLine(), "--role monitor-node, --store txn, --clients and --state need --monitor-node"
                    + " (the monitor node in a process of its own)");
        }
        if (split && (clients == null || clients.isEmpty() || index < 0 || index >= clients.size())) {
            throw new ParameterException(spec.commandLine(), "with --monitor-node, --clients lists every client process and --index "
                    + index + " must be a place in it (0.." + (clients == null ? -1 : clients.size() - 1) + ")");
        }
        if (history == null && !role.equals("monitor-node")) {
            throw new ParameterException(spec.commandLine(), "Missing required option: '--history=<history>'");
        }
        if (!split && listen == null) {
            throw new ParameterException(spec.commandLine(), "Missing required option: '--listen=<listen>'");
        }
        Plant bug = Plant.NONE;
        Plant txnBug = Plant.NONE;
        boolean recoverySkipped = false;
        if (role.equals("monitor-node")) {
            if (!p.equals("none") && !p.equals("coordinator-recovery-skipped")) {
                throw new ParameterException(spec.commandLine(), "--plant: unknown value '" + plant + "' for --role monitor-node; valid: none,"
                        + " coordinator-recovery-skipped");
            }
            recoverySkipped = p.equals("coordinator-recovery-skipped");
        } else if (store.equals("txn")) {
            if (!p.equals("none") && !p.equals("validation-skipped") && !p.equals("commit-primary-before-backup-ack")) {
                throw new ParameterException(spec.commandLine(), "--plant: unknown value '" + plant + "' for --store txn; valid: none,"
                        + " validation-skipped, commit-primary-before-backup-ack");
            }
            txnBug = TxnPlantedBug.parse(p.equals("none") ? "none" : p);
        } else {
            bug = switch (p) {
                case "none" -> Plant.NONE;
                case "not-mirrored-to-backup" -> ThdpmsPlantedBug.NOT_MIRRORED_TO_BACKUP;
                default -> throw new ParameterException(spec.commandLine(), "--plant: unknown value '" + plant + "'; valid: none, not-mirrored-to-backup");
            };
        }
        if (keys < 1 || keys > 48 || seconds <= 0) {
            throw new ParameterException(spec.commandLine(), "--keys 1..48 (the segments' tables hold 64 objects each), --seconds > 0");
        }
        List<String> all = new ArrayList<>(servers);
        if (listen != null) {
            all.add(listen);
        }
        if (split) {
            all.add(monitorNode);
            all.addAll(clients);
        }
        all.addAll(monitors);
        for (String a : all) {
            if (!ServeCommand.address(spec, a).getAddress().isLoopbackAddress()) {
                throw new ParameterException(spec.commandLine(), a + " is not a loopback address; the split pDSM deployment runs only on loopback");
            }
        }
        java.io.PrintStream log = common.json ? System.err : System.out; // with --json, stdout carries the one document
        if (split) {
            SplitLayout layout = SplitLayout.withTransactions(servers, monitorNode, clients);
            if (role.equals("monitor-node")) {
                return ThdpmsTxnRoles.monitorNode(layout, monitors, seed, recoverySkipped, log);
            }
            if (store.equals("txn")) {
                return ThdpmsTxnRoles.coordinator(layout, index, state, monitors, seed, keys, seconds, until, history, txnBug, sweep, holdAfterLock,
                        common.json, log);
            }
        }
        SplitLayout layout = split ? SplitLayout.withTransactions(servers, monitorNode, clients)
                : SplitLayout.withClientProcess(servers, listen, switch (store) {
                    case "pdkvs" -> SplitLayout.Layer.PDKVS;
                    case "pdfs" -> SplitLayout.Layer.PDFS;
                    default -> SplitLayout.Layer.OBJECTS;
                });
        PdsmProcesses.ClientResult r = PdsmProcesses.client(layout, split ? index : 0, state, monitors, seed, keys, seconds,
                coldSeconds != null ? coldSeconds : seconds / 4, until, history, bug, log);
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
