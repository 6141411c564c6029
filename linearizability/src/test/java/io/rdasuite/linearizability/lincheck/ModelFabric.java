package io.rdasuite.linearizability.lincheck;

import io.rdasuite.store.fabric.Clock;
import io.rdasuite.store.fabric.Completion;
import io.rdasuite.store.fabric.CompletionStatus;
import io.rdasuite.store.fabric.Connection;
import io.rdasuite.store.fabric.Fabric;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.Opcode;
import io.rdasuite.store.fabric.QpOptions;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.Received;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.fabric.WorkRequest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * A fabric for model checking client-driven protocols (Nessie): {@link ModelNode}s whose regions are
 * {@link WordMemory}, and one-sided READ, WRITE, CAS and FAA applied at once on the posting thread, word by word,
 * so that Lincheck's model checker sees every remote access and can switch threads between them. No NIC threads,
 * no receives: two-sided verbs are unsupported. The clock stands still.
 */
final class ModelFabric implements Fabric {
    private final List<ModelNode> nodes = new ArrayList<>();

    ModelFabric(int nodeCount) {
        for (int n = 0; n < nodeCount; n++) {
            nodes.add(new ModelNode(n));
        }
    }

    @Override
    public Node node(int id) {
        return nodes.get(id);
    }

    @Override
    public int nodeCount() {
        return nodes.size();
    }

    @Override
    public Connection connect(Node requester, Node responder, QpOptions options) {
        return new Connection(new ModelQueuePair((ModelNode) requester, (ModelNode) responder),
                new ModelQueuePair((ModelNode) responder, (ModelNode) requester));
    }

    @Override
    public Transport transport() {
        return Transport.IB;
    }

    @Override
    public FlushSupport flushSupport() {
        return FlushSupport.NATIVE;
    }

    @Override
    public boolean supports(Opcode opcode) {
        return opcode == Opcode.READ || opcode == Opcode.WRITE || opcode == Opcode.CAS || opcode == Opcode.FAA || opcode == Opcode.FLUSH;
    }

    @Override
    public Clock clock() {
        return nodes.getFirst().clock();
    }

    @Override
    public boolean virtualTime() {
        return true;
    }

    /** One endpoint: verbs on the remote node's word memory, completed before {@code post} returns. */
    private static final class ModelQueuePair implements QueuePair {
        private final ModelNode local;
        private final ModelNode remote;
        private final LinkedHashMap<Long, Completion> done = new LinkedHashMap<>();
        private long nextId;

        ModelQueuePair(ModelNode local, ModelNode remote) {
            this.local = local;
            this.remote = remote;
        }

        @Override
        public Node local() {
            return local;
        }

        @Override
        public Node remote() {
            return remote;
        }

        @Override
        public long post(WorkRequest r) {
            long id = ++nextId;
            long result = 0;
            CompletionStatus status = CompletionStatus.SUCCESS;
            if (r.opcode() != Opcode.FLUSH) {
                WordMemory target = remote.region(r.rkey());
                MemoryRegion region = target.region();
                if (!region.contains(r.remoteAddress(), r.lengthBytes())) {
                    status = CompletionStatus.REMOTE_ACCESS_ERROR;
                } else {
                    long offset = r.remoteAddress() - region.baseAddress();
                    switch (r.opcode()) {
                        case READ -> target.load(offset, r.local());
                        case WRITE -> target.store(offset, r.local());
                        case CAS -> result = compareAndExchange(target, offset, r.compare(), r.operand());
                        case FAA -> result = fetchAndAdd(target, offset, r.operand());
                        default -> status = CompletionStatus.UNSUPPORTED_OPERATION;
                    }
                }
            }
            if (r.signaled() || status != CompletionStatus.SUCCESS) {
                done.put(id, new Completion(id, r.opcode(), status, r.lengthBytes(), result));
            }
            return id;
        }

        private static long compareAndExchange(WordMemory m, long offset, long expected, long update) {
            while (true) {
                long seen = m.load8(offset);
                if (seen != expected) {
                    return seen;
                }
                if (m.cas8(offset, expected, update)) {
                    return expected;
                }
            }
        }

        private static long fetchAndAdd(WordMemory m, long offset, long addend) {
            while (true) {
                long seen = m.load8(offset);
                if (m.cas8(offset, seen, seen + addend)) {
                    return seen;
                }
            }
        }

        @Override
        public Completion await(long requestId) {
            Completion c = done.remove(requestId);
            if (c == null) {
                throw new IllegalArgumentException("request " + requestId + " was unsignaled or already taken");
            }
            return c;
        }

        @Override
        public Completion poll() {
            if (done.isEmpty()) {
                return null;
            }
            return done.remove(done.keySet().iterator().next());
        }

        @Override
        public void postReceive(MemoryRegion buffers, long offsetBytes, int lengthBytes) {
            throw new UnsupportedOperationException("the model fabric has no two-sided verbs");
        }

        @Override
        public Received awaitReceive() {
            throw new UnsupportedOperationException("the model fabric has no two-sided verbs");
        }

        @Override
        public Received pollReceive() {
            return null;
        }
    }
}
