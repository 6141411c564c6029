package io.rdasuite.crashsim;

import io.rdasuite.hwsim.fabric.SimFabric;
import java.util.ArrayList;
import java.util.List;

/**
 * The clients of a simulated run (Jepsen's client + history): one actor per client on its node of the deployment, running its
 * operations in order and recording each as invoked, then completed (with a GET's bytes) or left pending.
 */
public final class ClientActors {
    private ClientActors() {
    }

    /** Spawns the clients of {@code program} on {@code fabric}; the lists fill as the fabric runs, one per client. */
    public static List<List<OpRecord>> spawn(SimFabric fabric, Subject.Deployment deployment, Program program) {
        return spawn(fabric, io.rdasuite.crashsim.cluster.Topology.singleServer(program.clients().size()), deployment, program);
    }

    /** As {@link #spawn(SimFabric, Subject.Deployment, Program)}, each client on its node of {@code topology}. */
    public static List<List<OpRecord>> spawn(SimFabric fabric, io.rdasuite.crashsim.cluster.Topology topology, Subject.Deployment deployment,
                                             Program program) {
        List<List<OpRecord>> perClient = new ArrayList<>();
        for (int c = 0; c < program.clients().size(); c++) {
            List<OpRecord> records = new ArrayList<>();
            perClient.add(records);
            int client = c;
            List<Op> ops = program.clients().get(c);
            fabric.node(topology.clientNode(c)).spawn("client-" + c, () -> {
                for (Op op : ops) {
                    long invoked = fabric.engine().dispatched();
                    records.add(new OpRecord(client, op, invoked, -1, null));
                    byte[] result = deployment.execute(client, op);
                    if (result != null) {
                        records.set(records.size() - 1, new OpRecord(client, op, invoked, fabric.engine().dispatched(),
                                op.kind() == Op.Kind.GET ? result : null));
                    }
                }
            });
        }
        return perClient;
    }
}
