package io.rdasuite.crashsim.thdpms;

import io.rdasuite.crashsim.Observation;
import io.rdasuite.crashsim.Op;
import io.rdasuite.crashsim.Program;
import io.rdasuite.crashsim.Subject;
import io.rdasuite.crashsim.cluster.Role;
import io.rdasuite.crashsim.cluster.Topology;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.store.protocol.Claims;
import io.rdasuite.store.thdpms.pdsm.PdsmConfig;
import io.rdasuite.store.thdpms.pdsm.PdsmServer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What the key-value subjects over a pDSM cluster share (the object store, pDKVS): three PM servers, one monitor, the
 * program's clients; every property claimed; after a partial crash the cluster runs on and a checker client reads
 * back in the same run; after a crash of every server each restarts, the segments' structure is checked and the
 * checker reads back. A subject supplies its deployment and its values.
 */
abstract class PdsmClusterSubject implements Subject {
    static final int SERVERS = 3;
    static final int VALUE_BYTES = 64;
    protected final PdsmConfig config;

    PdsmClusterSubject(PdsmConfig config) {
        this.config = config;
    }

    /** A deployed cluster: how to run an operation, and its PM servers (for the structure check after a restart). */
    record Deployed(Deployment deployment, List<PdsmServer> servers) {
    }

    /** Deploys the store on the topology's nodes, restarting from PM when {@code recover}. */
    protected abstract Deployed deployCluster(SimFabric fabric, Program program, boolean recover);

    @Override
    public Topology topology(Program program) {
        return Topology.cluster(SERVERS, 1, program.clients().size());
    }

    @Override
    public boolean runsOnAfterPartialCrash() {
        return true;
    }

    /**
     * A put's ack vouches for its object's pages, extent block, root and the chunk headers naming them (§4.1.4-§4.1.5):
     * each must have been persisted, not merely stored and left to a write-back.
     */
    @Override
    public boolean lazyWriteBack() {
        return true;
    }

    @Override
    public boolean keyValueHistory() {
        return true;
    }

    @Override
    public Claims claims(io.rdasuite.store.fabric.ServerConfig serverConfig) {
        return Claims.ALL;
    }

    /** The nodes of the topology's PM servers, its monitor and its clients, in that order of arguments. */
    protected List<Integer> serverNodes(Program program) {
        return List.copyOf(topology(program).withRole(Role.PM_SERVER));
    }

    protected int monitorNode(Program program) {
        return topology(program).withRole(Role.MONITOR).first();
    }

    protected List<Integer> clientNodes(Program program) {
        Topology t = topology(program);
        List<Integer> clients = new ArrayList<>();
        for (int c = 0; c < program.clients().size(); c++) {
            clients.add(t.clientNode(c));
        }
        return clients;
    }

    @Override
    public Deployment deploy(SimFabric fabric, Program program) {
        return deployCluster(fabric, program, false).deployment();
    }

    @Override
    public Observation observeInRun(SimFabric fabric, Deployment deployment, Program program, SortedSet<Integer> keys) {
        TreeMap<Integer, byte[]> values = new TreeMap<>();
        TreeSet<Integer> unreadable = new TreeSet<>();
        fabric.node(topology(program).clientNode(0)).spawn("checker", () -> read(deployment, keys, values, unreadable));
        java.util.function.Supplier<List<String>> errors = inRunChecks(fabric, deployment);
        fabric.run();
        return new Observation(values, errors.get(), unreadable);
    }

    /**
     * Structural checks of the cluster the partial crash left running, spawned before the read-back's run: what they
     * find once the run is over (default: none).
     */
    protected java.util.function.Supplier<List<String>> inRunChecks(SimFabric fabric, Deployment deployment) {
        return List::of;
    }

    private static void read(Deployment d, SortedSet<Integer> keys, TreeMap<Integer, byte[]> values, TreeSet<Integer> unreadable) {
        for (int key : keys) {
            byte[] v = d.execute(0, Op.get(key));
            if (v == null) {
                unreadable.add(key);
            } else if (!Arrays.equals(v, new byte[VALUE_BYTES])) {
                values.put(key, v);
            }
        }
    }

    @Override
    public Observation recoverAndObserve(SimFabric restarted, Program program, SortedSet<Integer> keys) {
        Deployed cluster = deployCluster(restarted, program, true);
        List<String> errors = new ArrayList<>();
        TreeMap<Integer, byte[]> values = new TreeMap<>();
        TreeSet<Integer> unreadable = new TreeSet<>();
        for (PdsmServer s : cluster.servers()) {
            s.node().spawn("segment-check", () -> {
                for (int local = 0; local < config.segmentsPerServer(); local++) {
                    for (String e : s.check(local)) {
                        errors.add("server " + s.node().id() + " segment " + local + ": " + e);
                    }
                }
            });
        }
        restarted.node(topology(program).clientNode(0)).spawn("checker", () -> read(cluster.deployment(), keys, values, unreadable));
        restarted.run();
        return new Observation(values, errors, unreadable);
    }
}
