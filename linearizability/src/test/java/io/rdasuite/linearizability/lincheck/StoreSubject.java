package io.rdasuite.linearizability.lincheck;

import io.rdasuite.store.kv.KvClient;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;

/**
 * A key-value store as Lincheck's stress mode drives it: each Lincheck thread gets a client of its own (a
 * {@link KvClient} is not thread-safe; each is one client node with its own connection), handed out on the
 * thread's first operation of an invocation; keys are 1..2, values 1..3 written over every byte of a multi-word
 * value, so that a read that mixes two puts decodes as -1, which the specification never returns.
 *
 * <p>Subclasses name the deployment; the constructor (run before each invocation) resets its keys.
 */
@Param(name = "key", gen = IntGen.class, conf = "1:2")
@Param(name = "value", gen = IntGen.class, conf = "1:3")
public abstract class StoreSubject {
    static final int KEYS = 2;
    /** Lincheck threads plus its initial and post parts, which may run on threads of their own. */
    static final int CLIENTS_PER_INVOCATION = LincheckStoresTest.THREADS + 2;

    private final LoopbackDeployment deployment;
    private final int keyBytes;
    private final int valueBytes;
    private final Map<Thread, KvClient> byThread = new ConcurrentHashMap<>();
    private final AtomicInteger handedOut = new AtomicInteger();

    protected StoreSubject(LoopbackDeployment.Cache cache, int keyBytes, int valueBytes, boolean deletes) {
        this.deployment = cache.next(1 + CLIENTS_PER_INVOCATION);
        this.keyBytes = keyBytes;
        this.valueBytes = valueBytes;
        KvClient admin = deployment.clients.getFirst();
        for (int k = 1; k <= KEYS; k++) {
            if (deletes) {
                admin.delete(key(k));
            } else {
                admin.put(key(k), new byte[valueBytes]); // the in-place store: zeroes read as absent
            }
        }
    }

    KvClient client() {
        return byThread.computeIfAbsent(Thread.currentThread(), t -> {
            int i = 1 + handedOut.getAndIncrement();
            if (i >= deployment.clients.size()) {
                throw new IllegalStateException("more threads than clients in one invocation: " + i);
            }
            return deployment.clients.get(i);
        });
    }

    final byte[] key(int k) {
        byte[] b = new byte[keyBytes];
        Arrays.fill(b, (byte) ('a' + k));
        b[0] = (byte) k;
        return b;
    }

    final byte[] value(int v) {
        byte[] b = new byte[valueBytes];
        Arrays.fill(b, (byte) v);
        return b;
    }

    /** The value's number, 0 when absent, -1 when its bytes come from different puts. */
    static int decode(byte[] value) {
        if (value == null) {
            return 0;
        }
        for (byte b : value) {
            if (b != value[0]) {
                return -1;
            }
        }
        return value[0];
    }

    @Operation
    public void put(@Param(name = "key") int key, @Param(name = "value") int value) {
        if (!client().put(key(key), value(value))) {
            throw new IllegalStateException("put not acknowledged");
        }
    }

    @Operation
    public int get(@Param(name = "key") int key) {
        return decode(client().get(key(key)));
    }
}
