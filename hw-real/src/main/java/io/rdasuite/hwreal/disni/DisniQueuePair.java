package io.rdasuite.hwreal.disni;

import com.ibm.disni.verbs.IbvCQ;
import com.ibm.disni.verbs.IbvRecvWR;
import com.ibm.disni.verbs.IbvSendWR;
import com.ibm.disni.verbs.IbvWC;
import com.ibm.disni.verbs.SVCPollCq;
import io.rdasuite.hwreal.loopback.Region;
import io.rdasuite.hwreal.remote.PeerNode;
import io.rdasuite.hwreal.remote.RemoteQueuePair;
import io.rdasuite.store.fabric.Completion;
import io.rdasuite.store.fabric.CompletionStatus;
import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.Opcode;
import io.rdasuite.store.fabric.Received;
import io.rdasuite.store.fabric.WorkRequest;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

/**
 * One endpoint of an RDMA reliable connection through DiSNI. Local buffers inside a registered region are used
 * in place; any other buffer goes through a registered staging ring (a WRITE's or SEND's source copied at post
 * time, a READ's data copied out at completion), freed in completion order, which a reliable connection keeps.
 * Completions are polled from the endpoint's completion queue by whichever thread waits, under a lock; every
 * 64th unsignaled request is signaled internally so that the send queue drains.
 */
final class DisniQueuePair implements RemoteQueuePair {
    private static final int STAGING_BYTES = 4 << 20;
    private static final int SETUP_BYTES = 64 * 1024;
    private static final long INTERNAL = 1L << 62;
    private static final int SIGNAL_EVERY = 64;

    /** A request on its way: what to copy back, and which staging bytes it holds until it completes. */
    private record Pending(WorkRequest request, long stagingOffset, long stagingEnd, boolean userSignaled) {
    }

    private final DisniTransport transport;
    private final DisniEndpoint endpoint;
    private final PeerNode peer;
    private final RemoteKeys peerKeys = new RemoteKeys();
    private final Region staging;
    private final MemoryRegion setup;
    private final IbvWC[] wcs = new IbvWC[32];
    private SVCPollCq poll;
    // guarded by this
    private long nextId;
    private long stagingHead;
    private long stagingTail;
    private int unsignaledRun;
    private final LinkedHashMap<Long, Pending> pending = new LinkedHashMap<>();
    private final Map<Long, Completion> completions = new LinkedHashMap<>();
    private final Map<Long, long[]> postedReceives = new HashMap<>();
    private final ArrayDeque<Received> received = new ArrayDeque<>();
    private volatile boolean broken;

    DisniQueuePair(DisniTransport transport, DisniEndpoint endpoint) {
        this.transport = transport;
        this.endpoint = endpoint;
        this.peer = new PeerNode(-1, "rdma peer", transport.node().config(), transport.node().clock());
        int n = transport.nextQueuePairNumber();
        this.staging = transport.node().region(transport.node().register(MemoryKind.DRAM, "disni-staging-" + n, STAGING_BYTES).rkey());
        this.setup = transport.node().register(MemoryKind.DRAM, "disni-setup-" + n, SETUP_BYTES);
        for (int i = 0; i < wcs.length; i++) {
            wcs[i] = new IbvWC();
        }
    }

    /** Posts the receive for the peer's key table (before the connection is established). */
    void postSetupReceive() {
        postReceive(setup, 0, SETUP_BYTES / 2);
    }

    /** Exchanges key tables with the peer: ours by SEND, theirs from the setup receive. */
    void exchangeKeys() throws IOException {
        byte[] ours = transport.keys().encode();
        MemorySegment out = transport.node().region(setup.rkey()).memory().asSlice(SETUP_BYTES / 2, ours.length);
        MemorySegment.copy(MemorySegment.ofArray(ours), 0, out, 0, ours.length);
        if (!execute(WorkRequest.send(out)).ok()) {
            throw new IOException("the peer went away while connecting");
        }
        Received r = awaitReceive();
        if (!r.ok()) {
            throw new IOException("the peer went away before sending its key table");
        }
        byte[] theirs = transport.node().region(setup.rkey()).memory().asSlice(0, r.byteLength()).toArray(ValueLayout.JAVA_BYTE);
        peerKeys.addAll(RemoteKeys.decode(theirs));
    }

    @Override
    public Node local() {
        return transport.node();
    }

    @Override
    public Node remote() {
        return peer;
    }

    @Override
    public boolean isOpen() {
        return !broken;
    }

    @Override
    public long post(WorkRequest r) {
        synchronized (this) {
            long id = ++nextId;
            if (r.opcode() == Opcode.WRITE_ATOMIC || broken) {
                completions.put(id, new Completion(id, r.opcode(), broken ? CompletionStatus.CONNECTION_BROKEN
                        : CompletionStatus.UNSUPPORTED_OPERATION, 0, 0));
                return id;
            }
            long localAddress;
            int lkey;
            long stagingOffset = -1;
            int length = r.opcode() == Opcode.CAS || r.opcode() == Opcode.FAA ? 8 : r.lengthBytes();
            Region own = r.local() != null && r.local().isNative() ? transport.node().regionContaining(r.local().address(), length) : null;
            if (own != null) {
                localAddress = r.local().address();
                lkey = transport.lkey(own.descriptor().rkey(), localAddress);
            } else {
                stagingOffset = allocateStaging(length);
                localAddress = staging.memory().address() + stagingOffset;
                lkey = transport.lkey(staging.descriptor().rkey(), localAddress);
                if (r.opcode() == Opcode.WRITE || r.opcode() == Opcode.WRITE_IMM || r.opcode() == Opcode.SEND) {
                    MemorySegment.copy(r.local(), 0, staging.memory(), stagingOffset, length);
                }
            }
            boolean userSignaled = r.signaled();
            boolean signal = userSignaled || ++unsignaledRun >= SIGNAL_EVERY;
            if (signal) {
                unsignaledRun = 0;
            }
            WorkRequest sent = signal && !userSignaled ? new WorkRequest(r.opcode(), r.local(), r.remoteAddress(), r.rkey(), r.compare(),
                    r.operand(), r.immediate(), true, r.fenced()) : r;
            List<RemoteKeys.Piece> pieces = r.opcode() == Opcode.SEND || r.opcode() == Opcode.FLUSH ? List.of()
                    : peerKeys.pieces(r.rkey(), r.remoteAddress(), length);
            long[] pieceIds = new long[Math.max(1, pieces.size())];
            for (int i = 0; i < pieceIds.length; i++) {
                pieceIds[i] = INTERNAL | ++nextId;
            }
            long wrId = userSignaled ? id : INTERNAL | id;
            long stagingEnd = stagingOffset < 0 ? -1 : stagingHead;
            pending.put(wrId, new Pending(r, stagingOffset, stagingEnd, userSignaled));
            try {
                List<IbvSendWR> wrs = SendWrs.build(sent, pieces, localAddress, lkey, wrId, pieceIds);
                endpoint.postSend(wrs).execute().free();
            } catch (IOException e) {
                pending.remove(wrId);
                broken = true;
                completions.put(id, new Completion(id, r.opcode(), CompletionStatus.CONNECTION_BROKEN, 0, 0));
            }
            return id;
        }
    }

    private long allocateStaging(int length) {
        long size = (length + 63) & ~63L;
        if (size > STAGING_BYTES) {
            throw new IllegalArgumentException("a " + length + "-byte transfer exceeds the staging ring (" + STAGING_BYTES
                    + " bytes): use a buffer inside a registered region");
        }
        while (true) {
            long used = stagingHead - stagingTail;
            long at = stagingHead % STAGING_BYTES;
            long wrap = at + size > STAGING_BYTES ? STAGING_BYTES - at : 0;
            if (used + wrap + size <= STAGING_BYTES) {
                stagingHead += wrap;
                long offset = stagingHead % STAGING_BYTES;
                stagingHead += size;
                return offset;
            }
            if (broken) {
                throw new IllegalStateException("connection broken");
            }
            drainCompletionQueue(); // frees staging as requests complete
        }
    }

    @Override
    public Completion await(long requestId) {
        int idle = 0;
        while (true) {
            synchronized (this) {
                Completion c = completions.remove(requestId);
                if (c != null) {
                    return c;
                }
                if (broken) {
                    return new Completion(requestId, Opcode.READ, CompletionStatus.CONNECTION_BROKEN, 0, 0);
                }
                if (drainCompletionQueue() == 0) {
                    idle++;
                }
            }
            backOff(idle);
        }
    }

    @Override
    public synchronized Completion poll() {
        drainCompletionQueue();
        if (completions.isEmpty()) {
            return null;
        }
        long id = completions.keySet().iterator().next();
        return completions.remove(id);
    }

    @Override
    public synchronized void postReceive(MemoryRegion buffers, long offsetBytes, int lengthBytes) {
        Region region = transport.node().region(buffers.rkey());
        if (region == null || buffers.nodeId() != transport.node().id()) {
            throw new IllegalArgumentException("a receive buffer must be a region of this node: " + buffers.name());
        }
        long id = ++nextId;
        IbvRecvWR wr = new IbvRecvWR();
        wr.setWr_id(id);
        long address = buffers.baseAddress() + offsetBytes;
        wr.setSg_list(lengthBytes == 0 ? new LinkedList<>() : SendWrs.sges(address, lengthBytes, transport.lkey(buffers.rkey(), address)));
        wr.setNum_sge(lengthBytes == 0 ? 0 : 1);
        postedReceives.put(id, new long[] {buffers.rkey(), offsetBytes});
        try {
            endpoint.postRecv(List.of(wr)).execute().free();
        } catch (IOException e) {
            broken = true;
        }
    }

    @Override
    public Received awaitReceive() {
        int idle = 0;
        while (true) {
            synchronized (this) {
                Received r = received.poll();
                if (r != null) {
                    return r;
                }
                if (broken) {
                    return new Received(Opcode.SEND, CompletionStatus.CONNECTION_BROKEN, null, 0, 0, 0);
                }
                if (drainCompletionQueue() == 0) {
                    idle++;
                }
            }
            backOff(idle);
        }
    }

    @Override
    public synchronized Received pollReceive() {
        drainCompletionQueue();
        return received.poll();
    }

    /** Polls the completion queue once and files what it returns; the number of completions taken. */
    private int drainCompletionQueue() {
        try {
            if (poll == null) {
                IbvCQ cq = endpoint.getCqProvider().getCQ();
                poll = cq.poll(wcs, wcs.length);
            }
            int n = poll.execute().getPolls();
            for (int i = 0; i < n; i++) {
                file(wcs[i]);
            }
            return n;
        } catch (IOException e) {
            broken = true;
            return 0;
        }
    }

    private void file(IbvWC wc) {
        CompletionStatus status = SendWrs.status(wc.getStatus());
        if (status == CompletionStatus.CONNECTION_BROKEN) {
            broken = true;
        }
        if (SendWrs.isReceive(wc)) {
            long[] buffer = postedReceives.remove(wc.getWr_id());
            MemoryRegion region = buffer == null ? null : transport.node().region((int) buffer[0]).descriptor();
            boolean imm = wc.getOpcode() == SendWrs.WC_RECV_RDMA_WITH_IMM;
            received.add(new Received(imm ? Opcode.WRITE_IMM : Opcode.SEND, status, region, buffer == null ? 0 : buffer[1],
                    wc.getByte_len(), imm ? wc.getImm_data() : 0));
            return;
        }
        Pending p = pending.remove(wc.getWr_id());
        if (p == null) {
            return; // an earlier piece of a split transfer
        }
        // a reliable connection completes in order: everything posted before this request is done too
        var it = pending.entrySet().iterator();
        while (it.hasNext()) {
            var e = it.next();
            if (Long.compareUnsigned(e.getKey() & ~INTERNAL, wc.getWr_id() & ~INTERNAL) >= 0) {
                break;
            }
            if (e.getValue().userSignaled()) {
                break; // a signaled request gets its own completion
            }
            release(e.getValue());
            it.remove();
        }
        WorkRequest r = p.request();
        long result = 0;
        if (status == CompletionStatus.SUCCESS && p.stagingOffset() >= 0) {
            if (r.opcode() == Opcode.READ) {
                MemorySegment.copy(staging.memory(), p.stagingOffset(), r.local(), 0, r.lengthBytes());
            }
        }
        if (status == CompletionStatus.SUCCESS && (r.opcode() == Opcode.CAS || r.opcode() == Opcode.FAA)) {
            result = p.stagingOffset() >= 0 ? staging.memory().get(ValueLayout.JAVA_LONG, p.stagingOffset())
                    : r.local().get(ValueLayout.JAVA_LONG, 0);
        }
        release(p);
        long id = wc.getWr_id() & ~INTERNAL;
        if (p.userSignaled() || status != CompletionStatus.SUCCESS) {
            completions.put(id, new Completion(id, r.opcode(), status, r.lengthBytes(), result));
        }
    }

    private void release(Pending p) {
        if (p.stagingEnd() >= 0) {
            stagingTail = Math.max(stagingTail, p.stagingEnd());
        }
    }

    private static void backOff(int idle) {
        if (idle < 1000) {
            Thread.onSpinWait();
        } else {
            LockSupport.parkNanos(20_000);
        }
    }

    @Override
    public void close() {
        broken = true;
        try {
            endpoint.close();
        } catch (IOException | InterruptedException e) {
            // closing anyway
        }
    }
}
