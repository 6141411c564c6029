package io.rdasuite.hwsim.fabric;

import io.rdasuite.hwsim.engine.Engine;
import io.rdasuite.hwsim.engine.EventStream;
import io.rdasuite.hwsim.memory.CrashFrontier;
import io.rdasuite.hwsim.memory.Route;
import io.rdasuite.hwsim.memory.SimRegion;
import io.rdasuite.hwsim.model.CostModel;
import io.rdasuite.store.fabric.CompletionStatus;
import io.rdasuite.store.fabric.Opcode;
import io.rdasuite.store.fabric.Received;
import io.rdasuite.store.fabric.Transport;
import java.lang.foreign.MemorySegment;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;

/**
 * One node's RDMA NIC and the inbound path behind it (paper 003 Fig. 1): requester NIC → link → responder
 * NIC buffers → PCIe/IIO → LLC (DDIO) or memory controller → PM. Each shared stage is a FIFO resource
 * with a busy-until time, so throughput saturates where it should.
 *
 * <p>The receive side has a wire too (issue 32): requests and responses reaching this NIC cross its link ({@link
 * IngressLink}, the switch port's serialization toward it) and then its receive engine (one work request per {@code
 * nicServiceNs}, the send side's message rate), so N senders into one receiver share its link (incast). The link
 * takes messages in the order their last bits would reach it over an idle link, each when that time comes (the
 * engine's deferral, {@link Message#dueAt}, {@link CompletionEvent#dueAt}), so a message held here is held only by
 * what reached this NIC before it. A message that finds the link and the engine idle arrives when it did without them,
 * and a run in which no message waits keeps its trace. docs/SIMULATOR.md ("The receive side") tells what this did to
 * the default {@code rda sim-bench} run and why a first version, which reserved the link in posting order, sped it up.
 *
 * <p>Ordering (paper 003 §2): inbound posted writes wait in one FIFO ({@link #inbound}) and are placed
 * strictly in arrival order. A non-posted operation waits until every update that arrived before it was
 * placed and every earlier non-posted operation of its queue pair finished; posted writes behind it are
 * not held back, so they may be placed before it executes.
 */
final class SimNic {
    private final SimNode node;
    private final Engine engine;
    private final CostModel cost;
    private final SplittableRandom jitter;
    private final SplittableRandom stalls;

    private long txFreeAt;
    private long portFreeAt;
    private long pcieFreeAt;
    private long pmFreeAt;
    /** The link into this NIC and its receive engine (issue 32): what reaches this NIC crosses them. */
    private final IngressLink ingress = new IngressLink();
    private long receiveEngineFreeAt;
    /** Responses on their way to this NIC that its link has not taken yet, in the order their last bits reach it. */
    private final PriorityQueue<CompletionEvent> responsesOnTheWire = new PriorityQueue<>(CompletionEvent.BY_LAST_BIT);
    private long responsesSent;
    private long lastPlaceAt;
    /** This NIC's outbound requests arriving at their responders, its placements, and its responses (each in time order). */
    private final EventStream arrivals = new EventStream();
    private final EventStream placements = new EventStream();
    private final EventStream responses = new EventStream();
    /** The cost model's size-dependent times (a floating-point division each), remembered for the last size asked. */
    private final SizeCost serializationCost;
    private final SizeCost pcieOccupancy;
    private final SizeCost pmOccupancy;
    /** Posted updates that reached this NIC and are not yet placed: outside the domain unless WSP. */
    private final ArrayDeque<Message> inbound = new ArrayDeque<>();
    private long arrivedSeq;
    private long placedSeq;
    private List<SimQueuePair> waitingForPlacement = new ArrayList<>();
    /** An empty list to swap in for {@link #waitingForPlacement} while its queue pairs retry (no copy per placement). */
    private List<SimQueuePair> spareWaiting = new ArrayList<>();

    SimNic(SimNode node) {
        this.node = node;
        this.engine = node.fabric.engine;
        this.cost = node.fabric.cost;
        this.jitter = engine.random("nic-jitter-" + node.id());
        this.stalls = engine.random("pcie-stall-" + node.id());
        this.serializationCost = new SizeCost(cost::serializationNs);
        this.pcieOccupancy = new SizeCost(cost::pcieOccupancyNs);
        this.pmOccupancy = new SizeCost(cost::pmOccupancyNs);
    }

    // ---- requester side -------------------------------------------------------------------------------

    /** The NIC takes a request off the send queue and puts it on the wire. */
    void transmit(Message m) {
        long now = engine.now();
        long start = Math.max(now, txFreeAt);
        txFreeAt = start + cost.nicServiceNs();
        long leave = start + cost.nicTxLatencyNs();
        int payload = switch (m.opcode) {
            case WRITE, WRITE_IMM, SEND -> m.lengthBytes;
            case CAS, FAA, WRITE_ATOMIC -> 28; // AtomicETH
            case READ, FLUSH -> 16; // RETH
        };
        int packets = Math.max(1, (payload + cost.mtuBytes() - 1) / cost.mtuBytes());
        long wireBytes = payload + (long) packets * cost.headerBytes();
        node.fabric.accounting.wire(wireBytes, m.scope);
        long serialization = serializationCost.ns(wireBytes);
        long portStart = Math.max(leave, portFreeAt);
        portFreeAt = portStart + serialization;
        m.portStartNs = portStart;
        m.packets = packets;
        m.perPacketNs = Math.max(1, serialization / packets);
        m.wireNs = serialization;
        // its last bit reaches the responder then over an idle link; the responder's link may hold it longer (Message.dueAt)
        engine.schedule(m, portStart + serialization + cost.linkLatencyNs(), arrivals);
        if (m.opcode.isPosted() && m.request.signaled() && node.fabric.transport() == Transport.IWARP) {
            // iWARP: the completion only says the request reached the requester's transport (paper 003 §3.2).
            engine.schedule(new CompletionEvent(m, CompletionStatus.SUCCESS, false), leave + cost.completionNs());
        }
    }

    // ---- responder side -------------------------------------------------------------------------------

    /**
     * A request's last bit would reach this NIC now ({@code lastBitNs}) over an idle link: its link takes it, after
     * the responses whose last bits reached it first; returns when this NIC holds the request, {@code lastBitNs} or
     * later. Requests come here in the order of their last bits (each is asked when that time comes, {@link
     * Message#dueAt}), so the link serves what reached it first, first.
     */
    long receiveRequest(long lastBitNs, long wireNs) {
        takeResponsesThrough(lastBitNs);
        return receive(lastBitNs, wireNs);
    }

    /** A response leaves for this NIC: its link takes it when its last bit would arrive, or when a later message's does. */
    void responseOnTheWire(CompletionEvent response) {
        response.sequence = responsesSent++;
        responsesOnTheWire.add(response);
    }

    /** When this NIC holds {@code response}: its link takes it now unless it did so already. */
    long receiveResponse(CompletionEvent response) {
        takeResponsesThrough(response.lastBitNs);
        return response.heldNs;
    }

    private void takeResponsesThrough(long lastBitNs) {
        CompletionEvent r;
        while ((r = responsesOnTheWire.peek()) != null && r.lastBitNs <= lastBitNs) {
            responsesOnTheWire.poll();
            r.heldNs = receive(r.lastBitNs, r.wireNs);
        }
    }

    /** The link carries a message; then the receive engine takes it, one work request per {@code nicServiceNs}. */
    private long receive(long lastBitNs, long wireNs) {
        long received = ingress.carry(lastBitNs - wireNs, wireNs);
        long held = Math.max(received, receiveEngineFreeAt);
        receiveEngineFreeAt = held + cost.nicServiceNs();
        return held;
    }

    /** A request fully arrived at this (responder) NIC. */
    void arrive(Message m) {
        SimQueuePair responder = m.requester.peer;
        boolean requesterCrashed = !m.requester.node.isUp();
        // A requester's crash breaks this QP at once, but packets already on the wire still arrive and are placed.
        if (!node.isUp() || (responder.broken && !requesterCrashed)) {
            return;
        }
        if (requesterCrashed) {
            // The requester crashed: only the packets that left before the crash arrive. A posted request that left
            // whole is a complete message (a WRITE_IMM or SEND still consumes its receive); one cut short is placed
            // only as far as it got, and only for WRITE/WRITE_IMM. Non-posted requests are dropped (this QP broke).
            long sent = (m.requester.node.downSinceNs() - m.portStartNs) / m.perPacketNs;
            int delivered = (int) Math.max(0, Math.min(m.packets, sent));
            if (delivered < m.packets) {
                if (delivered == 0 || !(m.opcode == Opcode.WRITE || m.opcode == Opcode.WRITE_IMM)) {
                    return;
                }
                m.lengthBytes = Math.min(m.lengthBytes, delivered * cost.mtuBytes());
                m.truncated = true;
            } else if (!m.opcode.isPosted()) {
                return;
            }
        }
        if (m.opcode != Opcode.SEND && m.opcode != Opcode.FLUSH && !resolveTarget(m)) {
            respond(m, CompletionStatus.REMOTE_ACCESS_ERROR, 0);
            return;
        }
        if (m.opcode.isPosted()) {
            if (!responder.receiveNotReady.isEmpty() || (m.opcode.consumesReceive() && !m.truncated && responder.receiveQueue.isEmpty())) {
                responder.receiveNotReady.add(m); // receiver not ready: held (and the QP's later posted ops behind it)
                return;
            }
            accept(m, responder);
        } else if (!responder.receiveNotReady.isEmpty()) {
            // behind a request held for want of a receive: RC executes a QP's requests in order (an RNR NAK makes the
            // requester resend from the held one), so a FLUSH or READ behind it must not complete first
            responder.receiveNotReady.add(m);
        } else {
            admitNonPosted(m, responder);
        }
    }

    private void admitNonPosted(Message m, SimQueuePair responder) {
        m.mustFollowSeq = arrivedSeq;
        responder.nonPosted.add(m);
        tryExecute(responder);
    }

    private boolean resolveTarget(Message m) {
        long address = m.request.remoteAddress();
        SimRegion region = node.regionByRkey(m.request.rkey());
        if (region == null || !region.region.contains(address, m.lengthBytes)) {
            return false;
        }
        m.target = region;
        m.targetOffset = address - region.region.baseAddress();
        return true;
    }

    /** A receive was posted: requests held for lack of one (and the requests behind them) may proceed, in order. */
    void receivePosted(SimQueuePair responder) {
        while (!responder.receiveNotReady.isEmpty()) {
            Message m = responder.receiveNotReady.peek();
            if (m.opcode.consumesReceive() && !m.truncated && responder.receiveQueue.isEmpty()) {
                return;
            }
            responder.receiveNotReady.poll();
            if (m.opcode.isPosted()) {
                accept(m, responder);
            } else {
                admitNonPosted(m, responder);
            }
        }
    }

    private void accept(Message m, SimQueuePair responder) {
        if (m.opcode.consumesReceive() && !m.truncated) {
            ReceiveBuffer buffer = responder.receiveQueue.poll();
            if (m.opcode == Opcode.SEND) {
                if (m.lengthBytes > buffer.lengthBytes()) {
                    respond(m, CompletionStatus.REMOTE_ACCESS_ERROR, 0);
                    return;
                }
                m.target = buffer.region();
                m.targetOffset = buffer.offsetBytes();
            }
            m.receiveBuffer = buffer;
        }
        if (m.request.signaled() && !m.truncated && node.fabric.transport() == Transport.IB) {
            // IB/RoCE: the ack leaves once this NIC holds the request (paper 003 §3.1.3).
            respond(m, CompletionStatus.SUCCESS, 0);
        }
        enqueuePlacement(m);
    }

    private void enqueuePlacement(Message m) {
        long now = engine.now();
        long start = Math.max(now, pcieFreeAt);
        pcieFreeAt = start + pcieOccupancy.ns(m.lengthBytes);
        long placeAt = start + cost.pcieWriteNs();
        if (!node.config().ddio() && m.target.isPm()) {
            placeAt = reservePm(placeAt, m.lengthBytes) + cost.pmExtraWriteNs();
        }
        if (stalls.nextInt(100) < cost.placementStallPercent()) {
            placeAt += 1 + stalls.nextLong(cost.placementStallMaxNs());
        }
        placeAt = Math.max(placeAt, lastPlaceAt + 1); // strictly increasing: the FIFO order survives tie-breaking
        lastPlaceAt = placeAt;
        m.placeSeq = ++arrivedSeq;
        m.toPlace();
        inbound.add(m);
        engine.schedule(m, placeAt, placements);
    }

    /**
     * Reserves the PM write bandwidth for {@code bytes} the CPU wrote back (clwb + sfence), shared with this NIC's placements
     * into PM without DDIO, and returns the time they are on media.
     */
    long reservePmWrite(long bytes) {
        reservePm(engine.now(), bytes);
        return pmFreeAt;
    }

    /** Takes the PM write bandwidth for {@code bytes} from {@code fromNs} on, after what it already carries; returns when they start. */
    private long reservePm(long fromNs, long bytes) {
        long start = Math.max(fromNs, pmFreeAt);
        pmFreeAt = start + pmOccupancy.ns(bytes);
        return start;
    }

    /** PCIe placed the FIFO's head into the memory hierarchy. */
    void place(Message m) {
        if (!node.isUp()) {
            return;
        }
        Message head = inbound.poll();
        if (head != m) {
            throw new IllegalStateException("inbound FIFO out of order: placing " + m.id + " but head is " + (head == null ? "none" : head.id));
        }
        placedSeq = m.placeSeq;
        if (m.target != null && m.lengthBytes > 0) {
            m.target.write(m.targetOffset, m.payload, m.lengthBytes, route());
            if (m.target.isPm()) {
                node.fabric.accounting.pm(m.lengthBytes, m.scope);
                node.cacheTouched();
            }
        }
        if (m.receiveBuffer != null) {
            ReceiveBuffer b = m.receiveBuffer;
            int length = m.lengthBytes; // SEND: the message; WRITE_IMM: the bytes written (ibverbs byte_len)
            int immediate = m.opcode == Opcode.WRITE_IMM ? m.request.immediate() : 0;
            m.requester.peer.deliverReceive(new Received(m.opcode, CompletionStatus.SUCCESS, b.region().region, b.offsetBytes(), length, immediate));
        }
        if (!waitingForPlacement.isEmpty()) {
            List<SimQueuePair> waiting = waitingForPlacement;
            waitingForPlacement = spareWaiting != null ? spareWaiting : new ArrayList<>();
            spareWaiting = null;
            for (SimQueuePair qp : waiting) {
                qp.waitingForPlacement = false;
                tryExecute(qp); // may queue it again, on the fresh list
            }
            waiting.clear();
            spareWaiting = waiting;
        }
    }

    private Route route() {
        return node.config().ddio() ? Route.CACHE : Route.MEMORY_CONTROLLER;
    }

    /** Starts the queue pair's oldest non-posted operation once everything before it was placed. */
    private void tryExecute(SimQueuePair qp) {
        if (qp.nonPostedBusy || qp.nonPosted.isEmpty()) {
            return;
        }
        Message m = qp.nonPosted.peek();
        if (m.mustFollowSeq > placedSeq) {
            if (!qp.waitingForPlacement) {
                qp.waitingForPlacement = true;
                waitingForPlacement.add(qp);
            }
            return;
        }
        qp.nonPostedBusy = true;
        long duration = switch (m.opcode) {
            case READ -> cost.pcieReadNs() + (m.target.isPm() ? cost.pmReadNs() : cost.dramReadNs()) + pcieOccupancy.ns(m.lengthBytes);
            case FLUSH -> cost.pcieReadNs();
            case CAS, FAA -> cost.pcieReadNs() + cost.nicAtomicExtraNs();
            case WRITE_ATOMIC -> cost.pcieWriteNs() + (!node.config().ddio() && m.target.isPm() ? cost.pmExtraWriteNs() : 0);
            default -> throw new IllegalStateException(m.opcode + " is posted");
        };
        duration += jitter.nextLong(cost.nonPostedJitterNs() + 1);
        m.toExecute();
        engine.schedule(m, engine.now() + duration);
    }

    /** A non-posted operation takes effect at the responder. */
    void execute(Message m) {
        SimQueuePair qp = m.requester.peer;
        if (!node.isUp() || qp.broken) {
            return;
        }
        qp.nonPosted.poll();
        qp.nonPostedBusy = false;
        int responseBytes = 0;
        switch (m.opcode) {
            case READ -> {
                m.readData = new byte[m.lengthBytes];
                m.target.read(m.targetOffset, MemorySegment.ofArray(m.readData));
                responseBytes = m.lengthBytes;
            }
            case CAS -> {
                m.result = m.target.read8(m.targetOffset);
                if (m.result == m.request.compare()) {
                    writeAtomic(m, m.request.operand());
                }
                responseBytes = 8;
            }
            case FAA -> {
                m.result = m.target.read8(m.targetOffset);
                writeAtomic(m, m.result + m.request.operand());
                responseBytes = 8;
            }
            case WRITE_ATOMIC -> writeAtomic(m, m.request.operand());
            case FLUSH -> { }
            default -> throw new IllegalStateException(m.opcode + " is posted");
        }
        respond(m, CompletionStatus.SUCCESS, responseBytes);
        tryExecute(qp);
    }

    private void writeAtomic(Message m, long value) {
        m.target.write8(m.targetOffset, value, route());
        if (m.target.isPm()) {
            node.fabric.accounting.pm(8, m.scope);
            node.cacheTouched();
        }
    }

    /** Sends an ack or a response back to the requester; it completes there after the return trip. */
    private void respond(Message m, CompletionStatus status, int responseBytes) {
        int packets = Math.max(1, (responseBytes + cost.mtuBytes() - 1) / cost.mtuBytes());
        long wireBytes = responseBytes + (long) packets * cost.headerBytes();
        node.fabric.accounting.wire(wireBytes, m.scope);
        long start = Math.max(engine.now(), portFreeAt);
        long serialization = serializationCost.ns(wireBytes);
        portFreeAt = start + serialization;
        boolean network = !(m.opcode.isPosted() && node.fabric.transport() == Transport.IWARP);
        if (m.opcode.isPosted() && node.fabric.transport() == Transport.IWARP && status == CompletionStatus.SUCCESS) {
            return; // iWARP completed it when it left the requester
        }
        long lastBit = start + serialization + cost.linkLatencyNs(); // at the requester, over an idle link
        CompletionEvent response = new CompletionEvent(m, status, network, lastBit, serialization, cost.completionNs());
        m.requester.node.nic.responseOnTheWire(response);
        engine.schedule(response, lastBit + cost.completionNs(), responses); // or later: CompletionEvent.dueAt

    }

    // ---- crashes --------------------------------------------------------------------------------------

    /** Power failure, after {@link #addInbound}: the NIC's buffers are gone. */
    void dropInbound() {
        inbound.clear();
        waitingForPlacement.clear();
    }

    /**
     * Power failure: what the inbound FIFO holds either drains (WSP: NIC and PCIe buffers are in the
     * domain) or is a volatile FIFO of which any prefix may have drained (placed into an in-domain stage).
     * With DDIO in DMP, drained data would land in the volatile cache: it is lost. The frontier's bases are
     * snapshots, so WSP drains are applied to them; with {@code inPlace} they also reach the node's memory (a real
     * power failure), without it nothing of the running node changes (a crash snapshot).
     */
    void addInbound(CrashFrontier.Builder frontier, boolean inPlace) {
        boolean wsp = node.config().domain().includesNicBuffers();
        boolean drainsIntoDomain = !node.config().ddio() || node.config().domain().includesCache();
        for (Message m : inbound) {
            if (m.target == null || !m.target.isPm() || m.lengthBytes == 0) {
                continue;
            }
            if (wsp) {
                // WSP's domain holds the caches, so no line is dirty: the drain lands on media as written.
                frontier.apply(m.target.region.name(), m.targetOffset, m.payload, m.lengthBytes);
                if (inPlace) {
                    m.target.write(m.targetOffset, m.payload, m.lengthBytes, Route.MEMORY_CONTROLLER);
                }
            } else if (drainsIntoDomain) {
                frontier.fifo(m.target.region.name(), m.targetOffset, m.payload, m.lengthBytes);
            }
        }
    }

    /**
     * Process crash: the QPs are torn down, so nothing more arrives; but the machine keeps power, so the updates the
     * NIC already accepted (and may have acknowledged) are still placed, in FIFO order, where a placement puts them
     * (a DMA under way is not abandoned, and deregistering memory waits for it).
     */
    void processCrash() {
        for (Message m : inbound) {
            if (m.target != null && m.lengthBytes > 0) {
                m.target.write(m.targetOffset, m.payload, m.lengthBytes, route());
            }
        }
        inbound.clear();
        waitingForPlacement.clear();
    }
}
