package io.rdasuite.linearizability.checker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.rdasuite.linearizability.EtcdHistories;
import io.rdasuite.linearizability.format.HistoryFormat;
import io.rdasuite.linearizability.history.History;
import io.rdasuite.linearizability.model.Models;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Every etcd history gets the verdict Porcupine and Knossos give it (skipped when the folder is absent). */
class EtcdVerdictsTest {
    @Test
    void everyEtcdHistoryGetsItsExpectedVerdict() throws Exception {
        Optional<Path> folder = EtcdHistories.folder();
        assumeTrue(folder.isPresent(), "etcd histories not found (set RDA_ETCD_HISTORIES or put them in ../shared/histories/etcd)");
        List<Path> files = EtcdHistories.files(folder.get());
        assertThat(files).hasSize(102);
        List<String> wrong = new ArrayList<>();
        long totalNanos = 0;
        int linearizable = 0;
        for (Path f : files) {
            History h = HistoryFormat.JEPSEN_LOG.read(f);
            CheckResult r = LinearizabilityChecker.check(h, Models.CAS_REGISTER, CheckOptions.defaults());
            totalNanos += r.checkNanos();
            Verdict expected = EtcdHistories.expectedLinearizable(f) ? Verdict.LINEARIZABLE : Verdict.NOT_LINEARIZABLE;
            linearizable += r.verdict() == Verdict.LINEARIZABLE ? 1 : 0;
            if (r.verdict() != expected) {
                wrong.add(f.getFileName() + ": " + r.verdict() + ", expected " + expected);
            }
        }
        System.out.printf("etcd: 102 histories checked in %.3f s, %d linearizable%n", totalNanos / 1e9, linearizable);
        assertThat(wrong).isEmpty();
        assertThat(linearizable).isEqualTo(23);
    }

    /**
     * Negative control: each of the 79 non-linearizable histories is caught, and its minimized counterexample
     * (a sub-history) is still not linearizable when checked afresh, and no larger.
     */
    @Test
    void everyViolationIsCaughtAndItsMinimizedCounterexampleStillFails() throws Exception {
        Optional<Path> folder = EtcdHistories.folder();
        assumeTrue(folder.isPresent(), "etcd histories not found (set RDA_ETCD_HISTORIES or put them in ../shared/histories/etcd)");
        int caught = 0;
        int largest = 0;
        for (Path f : EtcdHistories.files(folder.get())) {
            if (EtcdHistories.expectedLinearizable(f)) {
                continue;
            }
            History h = HistoryFormat.JEPSEN_LOG.read(f);
            CheckResult r = LinearizabilityChecker.check(h, Models.CAS_REGISTER, CheckOptions.defaults());
            assertThat(r.verdict()).as(f.toString()).isEqualTo(Verdict.NOT_LINEARIZABLE);
            Minimizer.Minimized m = Minimizer.minimize(r.violation(), Models.CAS_REGISTER, CheckOptions.defaults(), 5_000_000_000L);
            List<io.rdasuite.linearizability.history.Operation> small = m.violation().operations();
            assertThat(small.size()).as(f.toString()).isLessThanOrEqualTo(r.violation().operations().size());
            assertThat(h.operations()).as(f.toString()).containsAll(small);
            CheckResult again = LinearizabilityChecker.check(small, h.crashes(), Models.CAS_REGISTER, CheckOptions.defaults());
            assertThat(again.verdict()).as(f.toString()).isEqualTo(Verdict.NOT_LINEARIZABLE);
            caught++;
            largest = Math.max(largest, small.size());
        }
        System.out.printf("etcd: %d violations caught, minimized counterexamples of at most %d operations%n", caught, largest);
        assertThat(caught).isEqualTo(79);
    }
}
