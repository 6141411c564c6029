package io.rdasuite.store.persist;

import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.PersistenceDomain;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;

/** The recipes paper 003 gives for every cell of Tables 2 and 3. */
public final class Recipes {
    private Recipes() {
    }

    /** The paper's recipe for a configuration, transport, primary operation and update kind. */
    public static Recipe paper(ServerConfig config, Transport transport, PrimaryOp op, UpdateKind update) {
        return new Recipe(op, update, paperMethod(config, transport, op, update));
    }

    /**
     * The recipe a configuration needs: the paper's, except under PCIe Relaxed Ordering ({@link ServerConfig#relaxedOrdering})
     * for compound WRITE and WRITE_IMM updates in MHP. There the paper's one FLUSH rests on in-order visibility of posted
     * writes (§3.3, MHP), which Relaxed Ordering takes away: b may reach the domain before a, so the two-FLUSH recipes the
     * paper gives DMP without DDIO (§3.3, DMP) are needed, as {@code rda taxonomy --ordering relaxed} derives. WSP's domain
     * holds the NIC's buffers, so its recipes stand; with strict ordering this is always the paper's recipe.
     */
    public static Recipe required(ServerConfig config, Transport transport, PrimaryOp op, UpdateKind update) {
        Recipe paper = paper(config, transport, op, update);
        if (config.relaxedOrdering() && update == UpdateKind.COMPOUND && op != PrimaryOp.SEND && config.domain() == PersistenceDomain.MHP
                && paper.method() == Method.FLUSH) {
            return new Recipe(op, update, op == PrimaryOp.WRITE ? Method.FLUSH_THEN_ATOMIC : Method.FLUSH_EACH);
        }
        return paper;
    }

    private static Method paperMethod(ServerConfig c, Transport t, PrimaryOp op, UpdateKind update) {
        boolean dmpDdio = c.domain() == PersistenceDomain.DMP && c.ddio();
        // WSP on iWARP behaves like MHP: the completion may come before the NIC has the update (§3.2).
        PersistenceDomain domain = c.domain() == PersistenceDomain.WSP && t == Transport.IWARP ? PersistenceDomain.MHP : c.domain();
        if (op == PrimaryOp.SEND) {
            boolean pmRq = c.receiveBuffers() == MemoryKind.PM;
            if (dmpDdio || (domain == PersistenceDomain.DMP && !pmRq)) {
                return Method.MESSAGE_FLUSH_ACK;
            }
            if (!pmRq) {
                return Method.MESSAGE_ACK; // MHP/WSP: the copy is persistent once stored
            }
            return domain == PersistenceDomain.WSP ? Method.COMPLETION : Method.FLUSH;
        }
        if (update == UpdateKind.SINGLETON) {
            if (dmpDdio) {
                return Method.MESSAGE_FLUSH_ACK;
            }
            return domain == PersistenceDomain.WSP ? Method.COMPLETION : Method.FLUSH;
        }
        if (dmpDdio) {
            return Method.MESSAGE_FLUSH_ACK_EACH;
        }
        if (domain == PersistenceDomain.DMP) {
            return op == PrimaryOp.WRITE ? Method.FLUSH_THEN_ATOMIC : Method.FLUSH_EACH;
        }
        return domain == PersistenceDomain.WSP ? Method.COMPLETION : Method.FLUSH;
    }
}
