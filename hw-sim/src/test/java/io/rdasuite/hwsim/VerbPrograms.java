package io.rdasuite.hwsim;

import io.rdasuite.hwsim.fabric.FaultPlan;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.store.fabric.Connection;
import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.fabric.WorkRequest;
import java.lang.foreign.MemorySegment;
import java.util.SplittableRandom;

/** Random verb programs over a one-server, several-client simulated fabric, for determinism tests. */
final class VerbPrograms {
    static final int REGION_BYTES = 1 << 16;

    private VerbPrograms() {
    }

    /** Builds the fabric: node 0 is the server, nodes 1..clients are clients, each with its own connection. */
    static SimFabric fabric(long seed, ServerConfig config, Transport transport, int clients, FaultPlan faults) {
        SimFabric.Builder b = SimFabric.builder().seed(seed).transport(transport).faults(faults).node(config);
        for (int i = 0; i < clients; i++) {
            b.node(config);
        }
        return b.build();
    }

    /**
     * Spawns on every client a program of {@code ops} random verbs against the server's PM region, drawn from
     * {@code programSeed} (the same program whatever the fabric's seed).
     */
    static MemoryRegion spawnRandomProgram(SimFabric fabric, long programSeed, int ops) {
        Node server = fabric.node(0);
        MemoryRegion pm = server.register(MemoryKind.PM, "data", REGION_BYTES);
        for (int c = 1; c < fabric.nodeCount(); c++) {
            Node client = fabric.node(c);
            Connection conn = fabric.connect(client, server);
            SplittableRandom random = new SplittableRandom(programSeed * 31 + c);
            client.spawn("client-" + c, () -> run(conn.requester(), pm, random, ops));
        }
        return pm;
    }

    private static void run(QueuePair qp, MemoryRegion pm, SplittableRandom random, int ops) {
        for (int i = 0; i < ops; i++) {
            long offset = random.nextInt(REGION_BYTES / 8 - 64) * 8L;
            int size = 8 * (1 + random.nextInt(32));
            MemorySegment buffer = MemorySegment.ofArray(new long[size / 8]);
            buffer.fill((byte) random.nextInt(256));
            WorkRequest request = switch (random.nextInt(6)) {
                case 0 -> WorkRequest.read(buffer, pm.address(offset), pm.rkey());
                case 1 -> WorkRequest.cas(pm.address(offset), pm.rkey(), 0, random.nextLong());
                case 2 -> WorkRequest.faa(pm.address(offset), pm.rkey(), 1);
                case 3 -> WorkRequest.flush();
                default -> WorkRequest.write(buffer, pm.address(offset), pm.rkey());
            };
            if (request.opcode().isPosted() && random.nextBoolean()) {
                qp.post(request.unsignaled());
            } else {
                qp.execute(request);
            }
        }
        qp.execute(WorkRequest.flush());
    }
}
