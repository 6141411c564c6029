package io.rdasuite.store.persist;

/** The RDMA operation that carries a remote update (paper 003 §3.2, Table 2 columns). */
public enum PrimaryOp {
    WRITE,
    WRITE_IMM,
    SEND
}
