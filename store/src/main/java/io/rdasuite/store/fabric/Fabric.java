package io.rdasuite.store.fabric;

/**
 * The SPI's entry point: nodes, and reliable connections between them. Implemented by the simulator
 * ({@code hw-sim}) and by the real backends ({@code hw-real}); protocol code sees only this.
 */
public interface Fabric {
    Node node(int id);

    int nodeCount();

    /** Connects {@code requester} to {@code responder} with one reliable connection. */
    Connection connect(Node requester, Node responder, QpOptions options);

    default Connection connect(Node requester, Node responder) {
        return connect(requester, responder, QpOptions.DEFAULT);
    }

    Transport transport();

    /** How FLUSH is carried out; paper 003 §3.4: READ is a correct emulation. */
    FlushSupport flushSupport();

    /** False for operations the backend cannot perform; they complete with UNSUPPORTED_OPERATION. */
    boolean supports(Opcode opcode);

    /** The fabric-wide clock (time only; charge CPU through a node's clock). */
    Clock clock();

    /**
     * True when time is simulated and nothing stalls but what the model says: protocol timeouts may then be
     * as short as the model's latencies. Real backends return false, and protocols use timeouts that survive
     * scheduling delays (an eFactory writer descheduled past its timeout would lose its write).
     */
    default boolean virtualTime() {
        return false;
    }

    /** How a backend carries out FLUSH. */
    enum FlushSupport {
        NATIVE,
        /** A zero-length READ: it drains the NIC and PCIe buffers ahead of it (paper 003 §3.4). */
        EMULATED_BY_READ
    }
}
