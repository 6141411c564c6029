package io.rdasuite.crashsim.cluster;

/** What a node of a deployment is for (DESIGN §5a: a deployment is a cluster, not "node 0 and its clients"). */
public enum Role {
    /** A server whose persistent memory holds the protocol's data: what a power failure of "the servers" cuts. */
    PM_SERVER,
    /** A node running one client of the program (a transaction's coordinator is a client). */
    CLIENT,
    /** A node of the membership service (TH-DPMS's monitor, paper 002 §4.1.3). */
    MONITOR
}
