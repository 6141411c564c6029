package io.rdasuite.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.crashsim.Op;
import io.rdasuite.crashsim.Program;
import io.rdasuite.crashsim.fuzz.FuzzCase;
import io.rdasuite.store.baseline.BaselineProtocol;
import java.util.HashSet;
import java.util.Set;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The arbitraries make well-formed programs and cases, and a correct store keeps its claims on the cases. */
class StoreArbitrariesTest {
    @Property(tries = 200)
    void programsStayInTheirBoundsAndPutDistinctValues(@ForAll("programs") Program p) {
        assertThat(p.clients()).hasSizeBetween(1, 3);
        Set<Long> values = new HashSet<>();
        for (var client : p.clients()) {
            assertThat(client).hasSizeBetween(1, 4);
            for (Op op : client) {
                assertThat(op.key()).isBetween(0, 1);
                assertThat(op.kind()).isNotEqualTo(Op.Kind.DELETE);
                if (op.kind() == Op.Kind.PUT) {
                    assertThat(values.add(op.value())).as("a value put twice: %s", p).isTrue();
                }
            }
        }
    }

    @Property(tries = 6)
    void redoLoggingKeepsItsClaimsOnDrawnCases(@ForAll("redoCases") FuzzCase c) {
        assertThat(StoreCheck.explore(c)).isEmpty();
    }

    @Provide
    Arbitrary<Program> programs() {
        return StoreArbitraries.programs(3, 2, 4, false);
    }

    @Provide
    Arbitrary<FuzzCase> redoCases() {
        return StoreArbitraries.cases(BaselineProtocol.REDO, StoreArbitraries.programs(2, 2, 3, true));
    }
}
