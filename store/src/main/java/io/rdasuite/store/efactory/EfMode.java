package io.rdasuite.store.efactory;

import java.util.Locale;

/**
 * The five stores of paper 001 built on one code base (§5.3): eFactory with and without its hybrid read,
 * and the peers SAW, IMM and Forca. They share the object layout, the hash table and the server; they
 * differ in how a PUT reaches persistence and how a GET finds an intact object.
 */
public enum EfMode {
    /** §4: client-active PUT, background verify+persist thread, hybrid read. */
    EFACTORY(PutPath.CLIENT_ACTIVE, true, true, true),
    /** §6.1 "eFactory w/o hr": every GET goes RPC + RDMA read; the server still checks the durability flag first. */
    EFACTORY_NOHR(PutPath.CLIENT_ACTIVE, true, false, true),
    /** §5.3.1 send-after-write: allocation RPC, WRITE, then a SEND asking the server to persist and publish. */
    SAW(PutPath.SEND_AFTER_WRITE, false, true, false),
    /** §5.3.2: allocation RPC, then WRITE_WITH_IMM; the server persists and publishes on the receive completion. */
    IMM(PutPath.WRITE_WITH_IMM, false, true, false),
    /** §5.3.4 Forca: Erda-like PUT; every GET goes to the server, which verifies the CRC and persists on the read path. */
    FORCA(PutPath.CLIENT_ACTIVE, false, false, false);

    /** How a PUT's data becomes persistent and visible. */
    public enum PutPath {
        /** The server publishes before the data arrives; durability is asynchronous (eFactory, Forca). */
        CLIENT_ACTIVE,
        /** The client WRITEs, then SENDs a commit; the server persists, then publishes (SAW). */
        SEND_AFTER_WRITE,
        /** The client WRITE_WITH_IMMs; the server persists, then publishes (IMM). */
        WRITE_WITH_IMM
    }

    private final PutPath putPath;
    private final boolean background;
    private final boolean pureReadFirst;
    private final boolean durabilityCheck;

    EfMode(PutPath putPath, boolean background, boolean pureReadFirst, boolean durabilityCheck) {
        this.putPath = putPath;
        this.background = background;
        this.pureReadFirst = pureReadFirst;
        this.durabilityCheck = durabilityCheck;
    }

    public PutPath putPath() {
        return putPath;
    }

    /** Whether the single background thread verifies and persists objects (§4.3.2). */
    public boolean background() {
        return background;
    }

    /** Whether a GET first tries two one-sided READs (entry, then object). */
    public boolean pureReadFirst() {
        return pureReadFirst;
    }

    /** Whether the server's GET handler trusts the durability flag before computing a CRC (selective durability). */
    public boolean durabilityCheck() {
        return durabilityCheck;
    }

    /** The name used on the command line, e.g. {@code efactory-nohr}. */
    public String cliName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
