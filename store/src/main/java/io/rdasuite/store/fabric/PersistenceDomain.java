package io.rdasuite.store.fabric;

/**
 * The part of a server that is effectively persistent (paper 003 §3.1.1). Every domain includes the PM
 * DIMMs and the memory controller's write-pending queue (ADR).
 */
public enum PersistenceDomain {
    /** DIMM and memory-controller persistence: caches, PCIe and NIC buffers are volatile. */
    DMP,
    /** Memory-hierarchy persistence: caches and store buffers too; PCIe and NIC buffers are volatile. */
    MHP,
    /** Whole-system persistence: NIC and PCIe buffers too. */
    WSP;

    /** True when data in the last-level cache survives a power failure. */
    public boolean includesCache() {
        return this != DMP;
    }

    /** True when data held in the responder NIC's and the PCIe/IIO buffers survives a power failure. */
    public boolean includesNicBuffers() {
        return this == WSP;
    }
}
