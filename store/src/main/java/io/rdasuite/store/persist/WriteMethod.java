package io.rdasuite.store.persist;

import io.rdasuite.store.fabric.PersistenceDomain;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;

/** How a singleton RDMA WRITE is made persistent (paper 003 §3.2, Table 2, "Write" columns). */
public enum WriteMethod {
    /** Rq Write(a); Rq Comp_Write(a): the NIC buffers are persistent (WSP) and IB's completion means the NIC has it. */
    WRITE_COMPLETION,
    /** Rq Write(a); Rq Flush; Rq Comp_Flush: placement is persistence (DDIO off, or MHP/WSP). */
    WRITE_FLUSH,
    /** Rq Write(a); Rq Send(&a); Rsp Receive; Rsp flush(&a); Rsp Send(ack); Rq Receive(ack): DMP with DDIO. */
    WRITE_SEND_FLUSH_ACK,
    /** Rq Write(a); Rq Comp_Write(a) and nothing else: correct only where WRITE_COMPLETION is; a negative control. */
    WRITE_ONLY;

    /** The paper's method for a configuration and transport. */
    public static WriteMethod forConfig(ServerConfig config, Transport transport) {
        if (config.domain() == PersistenceDomain.DMP && config.ddio()) {
            return WRITE_SEND_FLUSH_ACK;
        }
        if (config.domain() == PersistenceDomain.WSP && transport == Transport.IB) {
            return WRITE_COMPLETION;
        }
        return WRITE_FLUSH;
    }

    /** True when the responder's CPU takes part. */
    public boolean twoSided() {
        return this == WRITE_SEND_FLUSH_ACK;
    }

    /** The recipe's steps in the paper's notation. */
    public String steps() {
        return switch (this) {
            case WRITE_COMPLETION, WRITE_ONLY -> "Rq Write(a); Rq Comp(Write)";
            case WRITE_FLUSH -> "Rq Write(a); Rq Flush; Rq Comp(Flush)";
            case WRITE_SEND_FLUSH_ACK -> "Rq Write(a); Rq Send(&a); Rsp Receive(&a); Rsp flush(&a); Rsp Send(ack); Rq Receive(ack)";
        };
    }
}
