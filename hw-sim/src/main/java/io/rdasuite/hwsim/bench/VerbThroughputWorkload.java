package io.rdasuite.hwsim.bench;

import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.store.fabric.Connection;
import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.Opcode;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.fabric.WorkRequest;
import java.lang.foreign.MemorySegment;

/**
 * The workload behind {@code rda sim-bench}: clients stream WRITEs into one server's PM, every
 * {@code window}-th one signaled and awaited (so at most a window is outstanding), with a READ after each
 * window. It measures the simulator, not a protocol: the caller times {@link #run}.
 */
public final class VerbThroughputWorkload {
    /**
     * @param config          the server's configuration
     * @param transport       IB or iWARP
     * @param clients         client nodes, one connection and one actor each
     * @param verbsPerClient  verbs each client posts
     * @param payloadBytes    WRITE/READ size
     * @param window          posted verbs per signaled one
     * @param seed            the fabric's seed
     */
    public record Spec(ServerConfig config, Transport transport, int clients, int verbsPerClient, int payloadBytes, int window, long seed) {
        public Spec {
            if (clients < 1 || verbsPerClient < 1 || payloadBytes < 8 || payloadBytes % 8 != 0 || window < 1) {
                throw new IllegalArgumentException("clients, verbs and window must be positive; payload a positive multiple of 8");
            }
        }
    }

    /**
     * @param verbs          verbs posted
     * @param events         events dispatched
     * @param simulatedNanos virtual time the run took
     * @param traceDigest    the trace's digest (equal for equal seeds)
     */
    public record Outcome(long verbs, long events, long simulatedNanos, long traceDigest) {
    }

    private VerbThroughputWorkload() {
    }

    public static Outcome run(Spec spec) {
        SimFabric.Builder b = SimFabric.builder().seed(spec.seed()).transport(spec.transport()).node(spec.config())
                .maxEvents(Long.MAX_VALUE);
        for (int c = 0; c < spec.clients(); c++) {
            b.node(spec.config());
        }
        try (SimFabric fabric = b.build()) {
            Node server = fabric.node(0);
            long regionBytes = 1 << 20;
            MemoryRegion pm = server.register(MemoryKind.PM, "bench", regionBytes);
            for (int c = 1; c <= spec.clients(); c++) {
                Node client = fabric.node(c);
                Connection conn = fabric.connect(client, server);
                int clientIndex = c;
                client.spawn("bench-" + c, () -> stream(conn.requester(), pm, spec, clientIndex, regionBytes));
            }
            fabric.run();
            return new Outcome(fabric.accounting().total().totalVerbs(), fabric.engine().dispatched(), fabric.engine().now(),
                    fabric.trace().digest());
        }
    }

    private static void stream(QueuePair qp, MemoryRegion pm, Spec spec, int client, long regionBytes) {
        MemorySegment data = MemorySegment.ofArray(new long[spec.payloadBytes() / 8]);
        data.fill((byte) client);
        MemorySegment readBack = MemorySegment.ofArray(new long[spec.payloadBytes() / 8]);
        long slots = regionBytes / spec.payloadBytes();
        long slot = client * 97L;
        int posted = 0;
        while (posted < spec.verbsPerClient()) {
            long address = pm.address((slot++ % slots) * spec.payloadBytes());
            posted++;
            if (posted % spec.window() != 0) {
                qp.post(new WorkRequest(Opcode.WRITE, data, address, pm.rkey(), 0, 0, 0, false, false)); // unsignaled
                continue;
            }
            long id = qp.post(WorkRequest.write(data, address, pm.rkey()));
            if (posted < spec.verbsPerClient()) {
                posted++;
                qp.execute(WorkRequest.read(readBack, address, pm.rkey()));
            }
            qp.await(id);
        }
    }
}
