/**
 * The deterministic simulator of NIC, PCIe, LLC (DDIO), ADR and PM (docs/SIMULATOR.md).
 *
 * <p>Exported to everyone: {@code io.rdasuite.hwsim.fabric}, to drive a store by hand on a simulated fabric, and
 * {@code io.rdasuite.hwsim.model}, the timing parameters and their named profiles. The engine and the memory model
 * are exported only to the explorer: the {@code SimFabric} methods that hand out crash images, frontiers and the
 * trace are the explorer's.
 */
module io.rdasuite.hwsim {
    requires transitive io.rdasuite.store;

    exports io.rdasuite.hwsim.fabric;
    exports io.rdasuite.hwsim.engine to io.rdasuite.crashsim;
    exports io.rdasuite.hwsim.memory to io.rdasuite.crashsim;
    exports io.rdasuite.hwsim.model;
    exports io.rdasuite.hwsim.bench to io.rdasuite.crashsim;
}
