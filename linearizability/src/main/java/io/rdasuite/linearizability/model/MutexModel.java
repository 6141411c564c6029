package io.rdasuite.linearizability.model;

import io.rdasuite.linearizability.history.Fn;
import io.rdasuite.linearizability.history.Operation;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * A single lock, as Knossos's mutex model: {@code acquire} is legal only while it is free and takes it,
 * {@code release} only while it is held and frees it; it starts free. Values are ignored. States: 0 free, 1 held.
 */
public final class MutexModel implements Model {
    private static final int FREE = 0;
    private static final int HELD = 1;

    @Override
    public String name() {
        return "mutex";
    }

    @Override
    public Set<Fn> functions() {
        return EnumSet.of(Fn.ACQUIRE, Fn.RELEASE);
    }

    @Override
    public Spec compile(List<Operation> ops) {
        boolean[] acquire = new boolean[ops.size()];
        for (int i = 0; i < acquire.length; i++) {
            Operation op = ops.get(i);
            if (op.f() != Fn.ACQUIRE && op.f() != Fn.RELEASE) {
                throw new ModelMismatchException(op, "model mutex expects acquire or release, found " + op.f().wireName()
                        + " (" + op.describe() + "); models with " + op.f().wireName() + ": " + Models.supporting(op.f()));
            }
            acquire[i] = op.f() == Fn.ACQUIRE;
        }
        return new Spec() {
            @Override
            public int initialState() {
                return FREE;
            }

            @Override
            public int step(int state, int op) {
                if (acquire[op]) {
                    return state == FREE ? HELD : REJECT;
                }
                return state == HELD ? FREE : REJECT;
            }

            @Override
            public String describeState(int state) {
                return state == FREE ? "free" : "held";
            }
        };
    }

    @Override
    public String toString() {
        return "mutex(acquire/release)";
    }
}
