package io.rdasuite.store.protocol;

import io.rdasuite.store.fabric.Connection;
import io.rdasuite.store.fabric.Fabric;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.kv.KvClient;
import java.util.ArrayList;
import java.util.List;

/** How every {@link KvProtocol} deploys on one fabric, at a {@link KvProtocol.Placement}. */
final class KvDeployer {
    private KvDeployer() {
    }

    /**
     * The placement's server node serves, its client nodes connect; with {@code recover} a server thread runs recovery first and the
     * handlers start after it. Clients get the server's descriptor, as remote clients do. Without {@code recover}, a
     * cleaning protocol's cleaner starts {@code cleanerStartNs} into the run, and the run waits for it.
     */
    static KvProtocol.Deployment deploy(KvProtocol protocol, Fabric fabric, KvProtocol.Placement placement, boolean recover,
                                        KvProtocol.ServerSpec spec, long cleanerStartNs) {
        if (cleanerStartNs < 0) {
            throw new IllegalArgumentException("the cleaner starts at 0 ns or later, not " + cleanerStartNs);
        }
        int highest = Math.max(placement.serverNode(), placement.clientNodes().stream().mapToInt(Integer::intValue).max().orElse(0));
        if (highest >= fabric.nodeCount()) {
            throw new IllegalArgumentException("the fabric has nodes 0.." + (fabric.nodeCount() - 1) + "; the placement names node " + highest);
        }
        String name = protocol.cliName();
        int clients = placement.clients();
        Node server = fabric.node(placement.serverNode());
        KvProtocol.StoreServer store = protocol.startServer(server, spec);
        List<Connection> connections = new ArrayList<>();
        List<Node> clientNodes = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            clientNodes.add(fabric.node(placement.clientNodes().get(c)));
            connections.add(fabric.connect(clientNodes.get(c), server));
        }
        Runnable handlers = () -> {
            for (int c = 0; c < clients; c++) {
                store.serve(connections.get(c).responder(), c, name + "-handler-" + c);
            }
        };
        if (recover) {
            server.spawn(name + "-recovery", () -> {
                store.recover();
                handlers.run();
            });
        } else {
            handlers.run();
        }
        Object handle = StoreDescriptor.decode(StoreDescriptor.encode(protocol, store.handle())); // once: every client reads the same descriptor
        List<KvClient> kv = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            kv.add(protocol.client(clientNodes.get(c), connections.get(c).requester(), handle, c, name + "-client-" + c));
        }
        if (!recover && protocol.cleans()) {
            server.spawn(name + "-cleaner", () -> { // the run waits for it: crashes land mid-cleaning
                server.clock().sleepNanos(cleanerStartNs);
                store.clean();
            });
        }
        return new KvProtocol.Deployment(kv, store);
    }
}
