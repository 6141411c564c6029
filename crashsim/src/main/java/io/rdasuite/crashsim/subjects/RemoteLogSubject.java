package io.rdasuite.crashsim.subjects;

import io.rdasuite.crashsim.SubjectFactory;
import io.rdasuite.store.protocol.Claims;
import io.rdasuite.crashsim.Observation;
import io.rdasuite.crashsim.Op;
import io.rdasuite.crashsim.Program;
import io.rdasuite.crashsim.Subject;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.store.fabric.Connection;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.persist.Recipe;
import io.rdasuite.store.persist.UpdateResponder;
import io.rdasuite.store.remotelog.ChecksummedRecord;
import io.rdasuite.store.remotelog.RemoteLog;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeMap;

/**
 * REMOTELOG (paper 003 §4.1) under one recipe: each PUT appends one record carrying the key and value (a
 * single client appends in program order); GETs are not part of the log's interface and are skipped. A
 * poisoned PUT appends with the primary operation's completion only (a planted bug).
 */
public final class RemoteLogSubject implements Subject {
    public static final String PREFIX = "remotelog";
    private final Recipe recipe;

    public RemoteLogSubject(Recipe recipe) {
        this.recipe = recipe;
    }

    @Override
    public String name() {
        return PREFIX + "/" + recipe.op() + "/" + recipe.update().label() + "/" + recipe.method();
    }

    public Recipe recipe() {
        return recipe;
    }

    @Override
    public Claims claims(io.rdasuite.store.fabric.ServerConfig config) {
        return Claims.ALL;
    }

    @Override
    public byte[] valueBytes(int key, long value) {
        return ChecksummedRecord.encode(key, value).toArray(ValueLayout.JAVA_BYTE);
    }

    @Override
    public Deployment deploy(SimFabric fabric, Program program) {
        if (program.clients().size() != 1) {
            throw new IllegalArgumentException("REMOTELOG has one appending client; the program has " + program.clients().size());
        }
        Node server = fabric.node(0);
        Node client = fabric.node(1);
        int capacity = capacity(program);
        MemoryRegion log = RemoteLog.register(server, capacity);
        Connection conn = fabric.connect(client, server);
        // The responder always runs when a PUT may be poisoned: COMPLETION with WRITE_IMM/SEND needs it too.
        UpdateResponder.start(server, conn.responder(), UpdateResponder.registerBuffers(server, "log-responder"), log, "log-responder");
        RemoteLog.Appender appender = new RemoteLog.Appender(client, conn.requester(), log, capacity, recipe, "appender");
        return (c, op) -> {
            if (op.kind() != Op.Kind.PUT) {
                return new byte[0];
            }
            boolean ok = op.poison() ? appender.appendWithoutPersistenceStep(op.key(), op.value()) : appender.append(op.key(), op.value());
            return ok ? new byte[0] : null;
        };
    }

    /** One record slot per PUT of the program (the same at deployment and at recovery). */
    private static int capacity(Program program) {
        return Math.max(1, (int) program.clients().stream().flatMap(java.util.List::stream).filter(op -> op.kind() == Op.Kind.PUT).count());
    }

    /**
     * On a restarted fabric: replays the PM receive buffers and recovers the log, without reading it back (for a
     * power failure during recovery, which may cut it). Runs the fabric.
     */
    public void recoverOnly(SimFabric restarted, Program program) {
        Node server = restarted.node(0);
        int capacity = capacity(program);
        MemoryRegion log = RemoteLog.register(server, capacity);
        MemoryRegion buffers = UpdateResponder.registerBuffers(server, "log-responder");
        server.spawn("recovery", () -> {
            UpdateResponder.replay(server, buffers, log);
            RemoteLog.recover(server, log, capacity, recipe.update());
        });
        restarted.run();
    }

    @Override
    public Observation recoverAndObserve(SimFabric restarted, Program program, SortedSet<Integer> keys) {
        Node server = restarted.node(0);
        int capacity = capacity(program);
        MemoryRegion log = RemoteLog.register(server, capacity);
        MemoryRegion buffers = UpdateResponder.registerBuffers(server, "log-responder");
        RemoteLog.Recovered[] recovered = new RemoteLog.Recovered[1];
        server.spawn("recovery", () -> {
            UpdateResponder.replay(server, buffers, log);
            recovered[0] = RemoteLog.recover(server, log, capacity, recipe.update());
        });
        restarted.run();
        TreeMap<Integer, byte[]> values = new TreeMap<>();
        for (byte[] record : recovered[0].records()) {
            values.put((int) ChecksummedRecord.sequence(record), record);
        }
        return new Observation(values, List.copyOf(recovered[0].structuralErrors()));
    }

    /** {@code remotelog/<WRITE|WRITE_IMM|SEND>/<singleton|compound>/<METHOD>}. */
    public static final class Factory implements SubjectFactory {
        @Override
        public String prefix() {
            return PREFIX;
        }

        @Override
        public Subject byName(String name) {
            return new RemoteLogSubject(RecipeNames.parse(name, PREFIX, "<singleton|compound>"));
        }
    }
}
