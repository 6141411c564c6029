package io.rdasuite.hwreal.split;

import io.rdasuite.hwreal.remote.RemoteTransport;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Which process hosts which node of a split pDSM deployment (every process must be given the same layout). Nodes: the PM
 * servers {@code 0..S-1}, the monitor node {@code S} (bootstrap, failure detector, configuration broadcast,
 * re-replication and, with transactions, coordinator probes and recovery), then the clients {@code S+1…}.
 * <ul>
 *   <li>{@link #pdsm}: the monitor node and one client share one process ({@code rda thdpms-client}), pDSM without
 *       transactions (the first acceptance campaign's deployment).</li>
 *   <li>{@link #withTransactions}: the monitor node has a process of its own ({@code rda thdpms-client --role
 *       monitor-node}), so that killing a client does not kill the failure detector; every client is a process of its
 *       own and may die and come back as the same node; pDSM is deployed with transactions (paper 002 §4.1.6: a log
 *       region and a participant on every PM server, a coordinator per client).</li>
 *   <li>{@link #pdkvs}: as {@link #pdsm}, with pDKVS on top (paper 002 §4.3: a CCEH index extension on every PM server,
 *       the client's puts and gets go through it).</li>
 *   <li>{@link #pdfs}: as {@link #pdkvs} (the PM servers are the same), with pDFS over pDKVS's tables in the client (paper
 *       002 §4.2: its directory and file metadata servers are tables of the CCEH extension, file data is one-sided).</li>
 * </ul>
 */
public record SplitLayout(List<String> servers, String monitorNode, List<String> clients, Layer layer) {
    /** What is deployed over pDSM. */
    public enum Layer {
        /** pDSM's object store alone. */
        OBJECTS,
        /** pDKVS's CCEH index on every PM server. */
        PDKVS,
        /** pDFS over pDKVS's index (the servers as with {@link #PDKVS}; files, directories and data in the client). */
        PDFS,
        /** Transactions: a log and a participant on every PM server, a coordinator per client. */
        TRANSACTIONS
    }

    public SplitLayout {
        servers = List.copyOf(servers);
        clients = List.copyOf(clients);
        if (servers.size() < 2 || clients.isEmpty()) {
            throw new IllegalArgumentException("a split deployment has 2 or more PM servers and 1 or more clients");
        }
    }

    /** The monitor node and the one client in one process at {@code client}. */
    public static SplitLayout pdsm(List<String> servers, String client) {
        return withClientProcess(servers, client, Layer.OBJECTS);
    }

    /** The monitor node and the one client in one process at {@code client}, {@code layer} (not transactions) over pDSM. */
    public static SplitLayout withClientProcess(List<String> servers, String client, Layer layer) {
        if (layer == Layer.TRANSACTIONS) {
            throw new IllegalArgumentException("transactions need the monitor node in a process of its own: withTransactions");
        }
        return new SplitLayout(servers, client, List.of(client), layer);
    }

    /** As {@link #pdsm}, with pDKVS deployed over it. */
    public static SplitLayout pdkvs(List<String> servers, String client) {
        return withClientProcess(servers, client, Layer.PDKVS);
    }

    /** As {@link #pdkvs}, with pDFS deployed over pDKVS in the client (the PM servers are pDKVS's). */
    public static SplitLayout pdfs(List<String> servers, String client) {
        return withClientProcess(servers, client, Layer.PDFS);
    }

    /** The monitor node in its own process at {@code monitorNode}, each client in its own, pDSM with transactions. */
    public static SplitLayout withTransactions(List<String> servers, String monitorNode, List<String> clients) {
        return new SplitLayout(servers, monitorNode, clients, Layer.TRANSACTIONS);
    }

    /** Whether transactions are deployed (the monitor node and every client in a process of its own). */
    public boolean transactions() {
        return layer == Layer.TRANSACTIONS;
    }

    /** Every node's address, by node id. */
    public List<InetSocketAddress> addresses() {
        List<InetSocketAddress> a = new ArrayList<>();
        for (String s : servers) {
            a.add(RemoteTransport.address(s));
        }
        a.add(RemoteTransport.address(monitorNode));
        for (String c : clients) {
            a.add(RemoteTransport.address(c));
        }
        return a;
    }

    public int monitorNodeId() {
        return servers.size();
    }

    /** Client {@code index}'s node. */
    public int clientNode(int index) {
        return servers.size() + 1 + index;
    }

    public List<Integer> serverNodes() {
        return IntStream.range(0, servers.size()).boxed().toList();
    }

    public List<Integer> clientNodes() {
        return IntStream.range(0, clients.size()).map(this::clientNode).boxed().toList();
    }
}
