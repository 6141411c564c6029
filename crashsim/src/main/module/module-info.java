/**
 * The crash explorer and the fuzzer (DESIGN.md, the verification layers).
 *
 * <p>Exported to everyone: the scenario, program, budget and explorer ({@code io.rdasuite.crashsim}) and the fuzzer's
 * cases and fault schedules ({@code io.rdasuite.crashsim.fuzz}), and the cluster's shape a subject deploys on
 * ({@code io.rdasuite.crashsim.cluster}: {@code Topology}, {@code CrashTarget}, {@code CrashState}). The rest is exported only to the suite's modules
 * built on it.
 */
module io.rdasuite.crashsim {
    requires transitive io.rdasuite.store;
    requires transitive io.rdasuite.hwsim;

    exports io.rdasuite.crashsim;
    exports io.rdasuite.crashsim.fuzz;
    exports io.rdasuite.crashsim.cluster;
    exports io.rdasuite.crashsim.subjects to io.rdasuite.testkit;
    exports io.rdasuite.crashsim.fs to io.rdasuite.linearizability;
    exports io.rdasuite.crashsim.txn to io.rdasuite.linearizability;

    uses io.rdasuite.crashsim.SubjectFactory;
    uses io.rdasuite.crashsim.HistoryCheck;

    provides io.rdasuite.crashsim.SubjectFactory with
            io.rdasuite.crashsim.subjects.KvSubject.Factory,
            io.rdasuite.crashsim.subjects.RemoteLogSubject.Factory,
            io.rdasuite.crashsim.subjects.InPlaceSubject.Factory,
            io.rdasuite.crashsim.thdpms.PdsmSubject.Factory,
            io.rdasuite.crashsim.thdpms.PdkvsSubject.Factory;
}
