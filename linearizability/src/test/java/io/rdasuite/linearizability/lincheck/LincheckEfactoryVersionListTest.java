package io.rdasuite.linearizability.lincheck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.rdasuite.store.efactory.EfConfig;
import org.jetbrains.lincheck.LincheckAssertionError;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.junit.jupiter.api.Test;

/**
 * eFactory's version list (paper 001 §4.2.2, §4.3) under Lincheck's model checker, on memory it sees word by
 * word: writers append versions (the PUT handler writes the new version's header with PrePTR naming the previous
 * one, then links it: NextPTR of the previous version, then the hash entry), the client writes the data after the
 * handler's reply; readers take the newest version when it is durable and otherwise have the server walk PrePTR
 * back to the newest version that is durable or whose CRC verifies; the background thread verifies and persists
 * objects, racing the GET handler on the durability flag's compare-and-swap. Linearizable against a map: a version
 * is returned only once its data is complete, and a put is acknowledged only after that.
 *
 * <p>The model's clock stands still, so no object times out here; eFactory's timeout (1 s on real backends), after
 * which the background thread invalidates an object whose writer is still writing, is outside this test.
 */
class LincheckEfactoryVersionListTest {

    @Param(name = "key", gen = IntGen.class, conf = "1:2")
    @Param(name = "value", gen = IntGen.class, conf = "1:2")
    public static class VersionList {
        private final EfModel ef = new EfModel(EfConfig.small(EfModel.SHAPE, 2, 2, 64));

        @Operation
        public void put(@Param(name = "key") int key, @Param(name = "value") int value) {
            ef.put(key, value);
        }

        @Operation
        public void delete(@Param(name = "key") int key) {
            ef.delete(key);
        }

        @Operation
        public int get(@Param(name = "key") int key) {
            return ef.get(key);
        }

        /** The background thread is one thread: its passes never overlap. */
        @Operation(nonParallelGroup = "background")
        public void background() {
            ef.background();
        }
    }

    /** The planted bug of {@link EfModel#getTrustingNewest}: readers that skip the durability flag and the CRC. */
    @Param(name = "key", gen = IntGen.class, conf = "1:1")
    @Param(name = "value", gen = IntGen.class, conf = "1:2")
    public static class TrustingReaders {
        private final EfModel ef = new EfModel(EfConfig.small(EfModel.SHAPE, 2, 2, 64));

        @Operation
        public void put(@Param(name = "key") int key, @Param(name = "value") int value) {
            ef.put(key, value);
        }

        @Operation
        public int get(@Param(name = "key") int key) {
            return ef.getTrustingNewest(key);
        }
    }

    /** The map, and a background pass that changes nothing a client can see. */
    public static class Spec extends KvSpec {
        public void background() {
        }
    }

    @Test
    void versionListsAreLinearizable() {
        ModelChecking.options().threads(2).actorsPerThread(3).actorsBefore(1).actorsAfter(1)
                .sequentialSpecification(Spec.class).check(VersionList.class);
    }

    /** The same harness catches a reader that trusts a published version before its data is complete. */
    @Test
    void aReaderTrustingTheNewestVersionIsCaught() {
        Throwable found = catchThrowable(() -> ModelChecking.options().threads(2).actorsPerThread(2).actorsBefore(1).actorsAfter(0)
                .sequentialSpecification(KvSpec.class).check(TrustingReaders.class));
        assertThat(found).as("the model checker finds a read of an incomplete version").isInstanceOf(LincheckAssertionError.class);
        System.out.println("eFactory, planted bug (readers trusting the newest version), caught:\n" + Findings.results(found));
    }
}
