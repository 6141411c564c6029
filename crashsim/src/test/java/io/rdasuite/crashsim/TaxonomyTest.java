package io.rdasuite.crashsim;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.crashsim.taxonomy.Taxonomy;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.persist.Method;
import io.rdasuite.store.persist.PrimaryOp;
import io.rdasuite.store.persist.UpdateKind;
import org.junit.jupiter.api.Test;

/** A reduced taxonomy (the full one is `rda taxonomy`, ~10 s); the REMOTELOG findings are the bench module's. */
class TaxonomyTest {
    private static final Budget BUDGET = new Budget(150, 16, 4);

    private static Taxonomy.Cell cell(String config, Transport t, PrimaryOp op, UpdateKind u) {
        return Taxonomy.cell(ServerConfig.parse(config), t, op, u, BUDGET, 2, 1);
    }

    @Test
    void dmpWithDdioNeedsTheMessageExchangeAndEveryCheaperRecipeHasACounterexample() {
        Taxonomy.Cell c = cell("DMP+DDIO+DRAM-RQWRB", Transport.IB, PrimaryOp.WRITE, UpdateKind.SINGLETON);
        assertThat(c.agreesWithPaper()).isTrue();
        assertThat(c.best().recipe().method()).isEqualTo(Method.MESSAGE_FLUSH_ACK);
        assertThat(c.cheaperWrong()).extracting(w -> w.recipe().method()).contains(Method.COMPLETION, Method.FLUSH);
        for (Taxonomy.Candidate w : c.cheaperWrong()) {
            assertThat(w.latencyNs()).isLessThan(c.best().latencyNs());
            assertThat(w.counterexample()).isNotNull();
            assertThat(Explorer.replay(w.counterexample().token()).detail()).isEqualTo(w.counterexample().detail());
        }
    }

    @Test
    void wspOnIbNeedsOnlyTheCompletionButIwarpNeedsAFlush() {
        assertThat(cell("WSP+NODDIO+PM-RQWRB", Transport.IB, PrimaryOp.WRITE, UpdateKind.COMPOUND).best().recipe().method())
                .isEqualTo(Method.COMPLETION);
        Taxonomy.Cell iwarp = cell("WSP+NODDIO+PM-RQWRB", Transport.IWARP, PrimaryOp.WRITE, UpdateKind.COMPOUND);
        assertThat(iwarp.best().recipe().method()).isEqualTo(Method.FLUSH);
        assertThat(iwarp.cheaperWrong()).extracting(w -> w.recipe().method()).containsExactly(Method.COMPLETION);
    }

    @Test
    void sendIntoDramReceiveBuffersNeedsTheResponderToAck() {
        Taxonomy.Cell c = cell("MHP+NODDIO+DRAM-RQWRB", Transport.IB, PrimaryOp.SEND, UpdateKind.SINGLETON);
        assertThat(c.agreesWithPaper()).isTrue();
        assertThat(c.best().recipe().method()).isEqualTo(Method.MESSAGE_ACK);
        assertThat(c.cheaperWrong()).extracting(w -> w.recipe().method()).contains(Method.FLUSH);
    }

    @Test
    void dmpWithoutDdioPipelinesCompoundWritesInTheModel() {
        // The documented disagreement: posted writes reach the memory controller in order in the model.
        Taxonomy.Cell c = cell("DMP+NODDIO+PM-RQWRB", Transport.IB, PrimaryOp.WRITE, UpdateKind.COMPOUND);
        assertThat(c.paper().correct()).isTrue();
        assertThat(c.paper().recipe().method()).isEqualTo(Method.FLUSH_THEN_ATOMIC);
        assertThat(c.best().recipe().method()).isEqualTo(Method.FLUSH);
        assertThat(c.best().latencyNs()).isLessThan(c.paper().latencyNs());
    }
}
