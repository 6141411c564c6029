/**
 * {@code io.rdasuite:rda-testkit}: the crash explorer, the fuzzer and the history checkers for a store of one's own,
 * as a JUnit 5 extension, jqwik arbitraries and plain calls (docs/YOUR-OWN-STORE.md).
 */
module io.rdasuite.testkit {
    requires transitive io.rdasuite.crashsim;
    requires transitive io.rdasuite.linearizability;
    requires transitive org.junit.jupiter.api;
    requires transitive net.jqwik.api;

    exports io.rdasuite.testkit;
    opens io.rdasuite.testkit to org.junit.platform.commons;
}
