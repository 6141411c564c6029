/**
 * The verbs SPI, the persistence recipes and every shipped store (papers 000-004).
 *
 * <p>Exported to everyone: the packages of the public API listed in docs/MODULES.md. The stores' own packages are
 * exported only to the suite's modules that drive them; a module of a user's cannot read them (on the class path,
 * where the suite's tools run, the module boundary does not apply).
 */
module io.rdasuite.store {
    requires zero.allocation.hashing;
    requires HdrHistogram;
    requires org.apache.commons.rng.api;
    requires org.apache.commons.rng.simple;
    requires org.apache.commons.rng.sampling;

    exports io.rdasuite.store.fabric;
    exports io.rdasuite.store.pm;
    exports io.rdasuite.store.kv;
    exports io.rdasuite.store.mutation;
    exports io.rdasuite.store.protocol;

    exports io.rdasuite.store.baseline to io.rdasuite.crashsim;
    exports io.rdasuite.store.efactory to io.rdasuite.crashsim;
    exports io.rdasuite.store.erda to io.rdasuite.crashsim;
    exports io.rdasuite.store.inplace to io.rdasuite.crashsim;
    exports io.rdasuite.store.nessie to io.rdasuite.crashsim;
    exports io.rdasuite.store.persist to io.rdasuite.crashsim;
    exports io.rdasuite.store.remotelog to io.rdasuite.crashsim;
    exports io.rdasuite.store.thdpms to io.rdasuite.crashsim;
    exports io.rdasuite.store.thdpms.addr to io.rdasuite.crashsim;
    exports io.rdasuite.store.thdpms.fs to io.rdasuite.crashsim;
    exports io.rdasuite.store.thdpms.kvs to io.rdasuite.crashsim;
    exports io.rdasuite.store.thdpms.monitor to io.rdasuite.crashsim;
    exports io.rdasuite.store.thdpms.pdsm to io.rdasuite.crashsim;
    exports io.rdasuite.store.thdpms.txn to io.rdasuite.crashsim, io.rdasuite.linearizability;
    exports io.rdasuite.store.workload to io.rdasuite.crashsim;

    uses io.rdasuite.store.protocol.KvProtocolFamily;
    uses io.rdasuite.store.mutation.PackagePlants;

    provides io.rdasuite.store.protocol.KvProtocolFamily with
            io.rdasuite.store.erda.ErdaProtocol.Family,
            io.rdasuite.store.baseline.BaselineProtocol.Family,
            io.rdasuite.store.efactory.EfProtocol.Family;
    provides io.rdasuite.store.mutation.PackagePlants with
            io.rdasuite.store.erda.ErdaPlantedBug.Provider,
            io.rdasuite.store.efactory.EfPlantedBug.Provider,
            io.rdasuite.store.baseline.BaselinePlantedBug.Provider,
            io.rdasuite.store.nessie.NessiePlantedBug.Provider,
            io.rdasuite.store.thdpms.ThdpmsPlantedBug.Provider,
            io.rdasuite.store.thdpms.kvs.PdkvsPlantedBug.Provider,
            io.rdasuite.store.thdpms.txn.TxnPlantedBug.Provider,
            io.rdasuite.store.thdpms.fs.PdfsPlantedBug.Provider,
            io.rdasuite.store.persist.RemoteLogPlantedBug.Provider;
}
