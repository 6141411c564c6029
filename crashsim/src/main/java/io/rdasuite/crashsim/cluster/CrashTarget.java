package io.rdasuite.crashsim.cluster;

import java.util.Objects;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Which nodes a crash cuts (DESIGN §5a: a fault targets any set of nodes). Written as a spec in replay tokens and on
 * the command line:
 * <ul>
 *   <li>{@code all-servers}: every PM server loses power at once (the default; for a single-server store, "the
 *       server"). The run stops there and every crashed node restarts from a post-crash image.</li>
 *   <li>{@code server-<i>}: the i-th PM server alone; the rest of the cluster runs on (failover), and the program's
 *       observation is made in the same run.</li>
 *   <li>{@code node:<name>}: the named node alone (a monitor, a transaction's coordinator), the rest running on.</li>
 * </ul>
 * A suffix {@code /kill} makes the crash a process crash instead of a power failure (paper 002 §5.4 kills a PM
 * server's process): the node's PM keeps what was visible, its DRAM and connections are lost, and it comes back with
 * that one image.
 *
 * @param spec the target as written
 */
public record CrashTarget(String spec) {
    /** Every PM server: a whole-cluster power failure. */
    public static final CrashTarget ALL_SERVERS = new CrashTarget("all-servers");

    public CrashTarget {
        Objects.requireNonNull(spec);
        String nodes = spec.endsWith(KILL) ? spec.substring(0, spec.length() - KILL.length()) : spec;
        if (!nodes.equals("all-servers") && !nodes.matches("server-\\d+") && !nodes.matches("node:[^|,/]+")) {
            throw new IllegalArgumentException("unknown crash target '" + spec + "'; valid: all-servers, server-<i>, node:<name>, each"
                    + " optionally followed by /kill (a process crash instead of a power failure)");
        }
    }

    private static final String KILL = "/kill";

    /** Whether the crash kills the nodes' processes (PM keeps what was visible) rather than cutting their power. */
    public boolean processCrash() {
        return spec.endsWith(KILL);
    }

    /** The same nodes, their processes killed instead of their power cut. */
    public CrashTarget killed() {
        return processCrash() ? this : new CrashTarget(spec + KILL);
    }

    private String nodesSpec() {
        return processCrash() ? spec.substring(0, spec.length() - KILL.length()) : spec;
    }

    /** The i-th PM server alone. */
    public static CrashTarget server(int index) {
        return new CrashTarget("server-" + index);
    }

    /** The named node alone. */
    public static CrashTarget node(String name) {
        return new CrashTarget("node:" + name);
    }

    /** Whether the rest of the cluster runs on after the crash (only {@link #ALL_SERVERS} stops the run). */
    public boolean clusterRunsOn() {
        return !nodesSpec().equals(ALL_SERVERS.spec);
    }

    /** The node ids this target cuts in {@code topology}; a target the deployment lacks is an error. */
    public SortedSet<Integer> nodes(Topology topology) {
        String nodes = nodesSpec();
        if (nodes.equals(ALL_SERVERS.spec)) {
            return topology.withRole(Role.PM_SERVER);
        }
        TreeSet<Integer> one = new TreeSet<>();
        if (nodes.startsWith("node:")) {
            one.add(topology.named(nodes.substring(5)).id());
            return one;
        }
        int index = Integer.parseInt(nodes.substring("server-".length()));
        SortedSet<Integer> servers = topology.withRole(Role.PM_SERVER);
        if (index >= servers.size()) {
            throw new IllegalArgumentException("crash target " + spec + ": the deployment has " + servers.size() + " PM servers (server-0.."
                    + "server-" + (servers.size() - 1) + ")");
        }
        one.add(servers.stream().skip(index).findFirst().orElseThrow());
        return one;
    }

    @Override
    public String toString() {
        return spec;
    }
}
