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
 *
 * @param spec the target as written
 */
public record CrashTarget(String spec) {
    /** Every PM server: a whole-cluster power failure. */
    public static final CrashTarget ALL_SERVERS = new CrashTarget("all-servers");

    public CrashTarget {
        Objects.requireNonNull(spec);
        if (!spec.equals("all-servers") && !spec.matches("server-\\d+") && !spec.matches("node:[^|,]+")) {
            throw new IllegalArgumentException("unknown crash target '" + spec + "'; valid: all-servers, server-<i>, node:<name>");
        }
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
        return !equals(ALL_SERVERS);
    }

    /** The node ids this target cuts in {@code topology}; a target the deployment lacks is an error. */
    public SortedSet<Integer> nodes(Topology topology) {
        if (equals(ALL_SERVERS)) {
            return topology.withRole(Role.PM_SERVER);
        }
        TreeSet<Integer> one = new TreeSet<>();
        if (spec.startsWith("node:")) {
            one.add(topology.named(spec.substring(5)).id());
            return one;
        }
        int index = Integer.parseInt(spec.substring("server-".length()));
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
