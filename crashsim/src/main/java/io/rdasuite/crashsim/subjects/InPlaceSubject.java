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
import io.rdasuite.store.inplace.InPlaceStore;
import io.rdasuite.store.persist.Recipe;
import io.rdasuite.store.persist.UpdateResponder;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeMap;

/** The in-place-update store (DESIGN §4), the standing negative control: it claims atomic, durable puts. */
public final class InPlaceSubject implements Subject {
    public static final String PREFIX = "inplace";
    static final int KEYS = 16;
    static final int VALUE_BYTES = 256;
    private final Recipe recipe;

    public InPlaceSubject(Recipe recipe) {
        this.recipe = recipe;
    }

    @Override
    public boolean keyValueHistory() {
        return true;
    }

    @Override
    public String name() {
        return PREFIX + "/" + recipe.op() + "/" + recipe.update().label() + "/" + recipe.method();
    }

    @Override
    public Claims claims(io.rdasuite.store.fabric.ServerConfig config) {
        return Claims.ALL;
    }

    @Override
    public byte[] valueBytes(int key, long value) {
        byte[] b = new byte[VALUE_BYTES];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) (1 + ((key * 31 + value * 17 + i) & 0x7F));
        }
        return b;
    }

    @Override
    public Deployment deploy(SimFabric fabric, Program program) {
        Node server = fabric.node(0);
        MemoryRegion region = InPlaceStore.register(server, KEYS, VALUE_BYTES);
        List<InPlaceStore.Client> clients = new ArrayList<>();
        for (int c = 0; c < program.clients().size(); c++) {
            Node node = fabric.node(c + 1);
            Connection conn = fabric.connect(node, server);
            UpdateResponder.start(server, conn.responder(), UpdateResponder.registerBuffers(server, "responder-" + c), region, "responder-" + c);
            clients.add(new InPlaceStore.Client(node, conn.requester(), region, VALUE_BYTES, recipe, "client-" + c));
        }
        return (c, op) -> {
            if (op.key() < 0 || op.key() >= KEYS) {
                throw new IllegalArgumentException("in-place store keys are 0.." + (KEYS - 1) + ", not " + op.key());
            }
            if (op.kind() == Op.Kind.GET) {
                return clients.get(c).get(op.key());
            }
            if (op.kind() == Op.Kind.DELETE) {
                throw new IllegalArgumentException("the in-place store has puts and gets only, no delete");
            }
            return clients.get(c).put(op.key(), MemorySegment.ofArray(valueBytes(op.key(), op.value()))) ? new byte[0] : null;
        };
    }

    @Override
    public Observation recoverAndObserve(SimFabric restarted, Program program, SortedSet<Integer> keys) {
        Node server = restarted.node(0);
        MemoryRegion region = InPlaceStore.register(server, KEYS, VALUE_BYTES);
        TreeMap<Integer, byte[]> values = new TreeMap<>();
        var local = server.local(region);
        server.spawn("recovery", () -> {
            for (int key : keys) {
                byte[] v = new byte[VALUE_BYTES];
                local.load((long) key * VALUE_BYTES, MemorySegment.ofArray(v));
                values.put(key, v);
            }
        });
        restarted.run();
        return new Observation(values, List.of());
    }

    /** {@code inplace/<WRITE|WRITE_IMM|SEND>/singleton/<METHOD>}. */
    public static final class Factory implements SubjectFactory {
        @Override
        public String prefix() {
            return PREFIX;
        }

        @Override
        public Subject byName(String name) {
            return new InPlaceSubject(RecipeNames.parse(name, PREFIX, "singleton"));
        }
    }
}
