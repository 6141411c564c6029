/**
 * The Jepsen-style history checkers: linearizability (Wing-Gong-Lowe with crash semantics) and Elle-style
 * serializability, as a library call.
 *
 * <p>Exported to everyone: the histories, their file formats, the models and both checkers. The explorer's crash
 * histories and the timeline pages are the suite's own.
 */
module io.rdasuite.linearizability {
    requires transitive io.rdasuite.crashsim;
    requires com.fasterxml.jackson.databind;

    exports io.rdasuite.linearizability.checker;
    exports io.rdasuite.linearizability.history;
    exports io.rdasuite.linearizability.model;
    exports io.rdasuite.linearizability.format;
    exports io.rdasuite.linearizability.txn;

    provides io.rdasuite.crashsim.HistoryCheck with io.rdasuite.linearizability.crash.CrashHistoryCheck;
}
