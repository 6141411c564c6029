package io.rdasuite.store.fabric;

/** The kind of memory behind a registered region (paper 003 §2, Fig. 1). */
public enum MemoryKind {
    /** Volatile: lost at a power failure and when the owning process crashes. */
    DRAM,
    /** Persistent: survives power failure once it has reached the node's persistence domain. */
    PM
}
