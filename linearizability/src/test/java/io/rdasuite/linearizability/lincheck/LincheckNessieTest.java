package io.rdasuite.linearizability.lincheck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.rdasuite.store.nessie.NessieCluster;
import io.rdasuite.store.nessie.NessieMode;
import org.junit.jupiter.api.Test;

/**
 * Nessie, NessieSD and NessieHY (paper 004 §4, §5) as whole stores on three loopback nodes under Lincheck's stress
 * mode: real threads on different nodes race get/put/delete on two keys. Nessie claims linearizability
 * ({@link NessieCluster#CLAIMS}); so must every mode pass.
 */
class LincheckNessieTest {
    static final int ITERATIONS = Math.max(1, LincheckStoresTest.ITERATIONS / 2);

    public static class Nessie extends KvStoreSubject {
        static final LoopbackDeployment.Cache CACHE = new LoopbackDeployment.Cache(
                n -> LoopbackDeployment.nessie(LincheckStoresTest.SHAPE, n, NessieMode.NESSIE), LoopbackDeployment.USES);

        public Nessie() {
            super(CACHE);
        }
    }

    public static class NessieSd extends KvStoreSubject {
        static final LoopbackDeployment.Cache CACHE = new LoopbackDeployment.Cache(
                n -> LoopbackDeployment.nessie(LincheckStoresTest.SHAPE, n, NessieMode.NESSIE_SD), LoopbackDeployment.USES);

        public NessieSd() {
            super(CACHE);
        }
    }

    public static class NessieHy extends KvStoreSubject {
        static final LoopbackDeployment.Cache CACHE = new LoopbackDeployment.Cache(
                n -> LoopbackDeployment.nessie(LincheckStoresTest.SHAPE, n, NessieMode.NESSIE_HY), LoopbackDeployment.USES);

        public NessieHy() {
            super(CACHE);
        }
    }

    private static void check(String name, Class<?> subject, LoopbackDeployment.Cache cache) {
        Throwable found;
        try {
            // half the stores' budget: NessieSD's and NessieHY's polling servers keep both cores of a small machine busy
            found = catchThrowable(() -> LincheckStoresTest.options().iterations(ITERATIONS).check(subject));
        } finally {
            cache.close();
        }
        assertThat(NessieCluster.CLAIMS.has(io.rdasuite.store.protocol.Claim.LINEARIZABLE)).isTrue();
        assertThat(found).as("%s claims linearizability, and Lincheck found:%n%s", name, found == null ? "" : Findings.results(found)).isNull();
        System.out.printf("Lincheck, %s: no violation in %d invocations (linearizability claimed)%n", name,
                ITERATIONS * LincheckStoresTest.INVOCATIONS);
    }

    @Test
    void nessie() {
        check("nessie", Nessie.class, Nessie.CACHE);
    }

    @Test
    void nessieSd() {
        check("nessie-sd", NessieSd.class, NessieSd.CACHE);
    }

    @Test
    void nessieHy() {
        check("nessie-hy", NessieHy.class, NessieHy.CACHE);
    }
}
