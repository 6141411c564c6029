package io.rdasuite.hwsim.memory;

/** Where a write enters the memory hierarchy (paper 003 Fig. 1, steps 3 and 4). */
public enum Route {
    /** The last-level cache: CPU stores, and inbound DMA with DDIO on. */
    CACHE,
    /** The memory controller's write-pending queue: inbound DMA with DDIO off, written-back lines. */
    MEMORY_CONTROLLER
}
