package io.rdasuite.crashsim.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The nodes of a deployment and their roles (DESIGN §5a). Node ids are 0..n-1 in order; the program's client
 * {@code c} runs on the c-th node of role {@link Role#CLIENT}.
 *
 * @param nodes every node, by id
 */
public record Topology(List<NodeSpec> nodes) {
    public Topology {
        nodes = List.copyOf(nodes);
        TreeSet<String> names = new TreeSet<>();
        for (int i = 0; i < nodes.size(); i++) {
            if (nodes.get(i).id() != i) {
                throw new IllegalArgumentException("node ids are 0..n-1 in order; node " + i + " has id " + nodes.get(i).id());
            }
            if (!names.add(nodes.get(i).name())) {
                throw new IllegalArgumentException("two nodes are named '" + nodes.get(i).name() + "'");
            }
        }
    }

    /** Node 0 the one PM server ({@code server}), nodes 1..clients the clients: every single-server store. */
    public static Topology singleServer(int clients) {
        return cluster(1, 0, clients);
    }

    /**
     * {@code servers} PM servers ({@code server-0}…), then {@code monitors} monitor nodes ({@code monitor-0}…), then
     * {@code clients} clients ({@code client-0}…). With one server it is named {@code server}.
     */
    public static Topology cluster(int servers, int monitors, int clients) {
        if (servers < 1 || monitors < 0 || clients < 0) {
            throw new IllegalArgumentException("a deployment has at least one server: " + servers + " servers, " + monitors + " monitors, " + clients + " clients");
        }
        List<NodeSpec> nodes = new ArrayList<>();
        for (int s = 0; s < servers; s++) {
            nodes.add(new NodeSpec(nodes.size(), servers == 1 ? "server" : "server-" + s, Role.PM_SERVER));
        }
        for (int m = 0; m < monitors; m++) {
            nodes.add(new NodeSpec(nodes.size(), monitors == 1 ? "monitor" : "monitor-" + m, Role.MONITOR));
        }
        for (int c = 0; c < clients; c++) {
            nodes.add(new NodeSpec(nodes.size(), "client-" + c, Role.CLIENT));
        }
        return new Topology(nodes);
    }

    /** The ids of the nodes of {@code role}, ascending. */
    public SortedSet<Integer> withRole(Role role) {
        TreeSet<Integer> ids = new TreeSet<>();
        nodes.stream().filter(n -> n.role() == role).forEach(n -> ids.add(n.id()));
        return ids;
    }

    /** The node id of the program's client {@code client}. */
    public int clientNode(int client) {
        int seen = 0;
        for (NodeSpec n : nodes) {
            if (n.role() == Role.CLIENT && seen++ == client) {
                return n.id();
            }
        }
        throw new IllegalArgumentException("no client " + client + "; the deployment has " + withRole(Role.CLIENT).size());
    }

    /** The node named {@code name}; an unknown name is an error listing the names. */
    public NodeSpec named(String name) {
        return nodes.stream().filter(n -> n.name().equals(name)).findFirst().orElseThrow(() -> new IllegalArgumentException(
                "no node named '" + name + "'; nodes: " + String.join(", ", nodes.stream().map(NodeSpec::name).toList())));
    }
}
