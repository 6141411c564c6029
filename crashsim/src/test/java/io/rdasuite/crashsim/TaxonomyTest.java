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

    @Test
    void underRelaxedOrderingDmpWithoutDdioNeedsThePapersTwoFlushes() {
        // Paper 003 §2, "may become persistent out-of-order": with PCIe Relaxed Ordering b can reach memory before a, so
        // the pipelined a; b; FLUSH the strict model accepts (above) breaks, and the paper's recipe is the cheapest that holds.
        Taxonomy.Cell write = cell("DMP+NODDIO+PM-RQWRB+RO", Transport.IB, PrimaryOp.WRITE, UpdateKind.COMPOUND);
        assertThat(write.agreesWithPaper()).isTrue();
        assertThat(write.best().recipe().method()).isEqualTo(Method.FLUSH_THEN_ATOMIC);
        assertThat(write.cheaperWrong()).extracting(w -> w.recipe().method()).contains(Method.FLUSH);
        Taxonomy.Candidate pipelined = write.cheaperWrong().stream().filter(w -> w.recipe().method() == Method.FLUSH).findFirst().orElseThrow();
        assertThat(Explorer.replay(pipelined.counterexample().token()).detail()).isEqualTo(pipelined.counterexample().detail());
        Taxonomy.Cell writeImm = cell("DMP+NODDIO+DRAM-RQWRB+RO", Transport.IWARP, PrimaryOp.WRITE_IMM, UpdateKind.COMPOUND);
        assertThat(writeImm.agreesWithPaper()).isTrue();
        assertThat(writeImm.best().recipe().method()).isEqualTo(Method.FLUSH_EACH);
    }

    @Test
    void underRelaxedOrderingThePapersOneFlushForMhpFails() {
        // The paper's MHP recipe rests on in-order visibility of posted writes (§3.3, MHP), which Relaxed Ordering takes away.
        Taxonomy.Cell c = cell("MHP+NODDIO+PM-RQWRB+RO", Transport.IB, PrimaryOp.WRITE, UpdateKind.COMPOUND);
        assertThat(c.paper().recipe().method()).isEqualTo(Method.FLUSH);
        assertThat(c.paper().correct()).isFalse();
        assertThat(c.best().recipe().method()).isEqualTo(Method.FLUSH_THEN_ATOMIC);
        assertThat(io.rdasuite.store.persist.Recipes.required(c.config(), Transport.IB, PrimaryOp.WRITE, UpdateKind.COMPOUND).method())
                .as("what rda check's REMOTELOG cell then uses").isEqualTo(c.best().recipe().method());
        assertThat(cell("MHP+NODDIO+PM-RQWRB", Transport.IB, PrimaryOp.WRITE, UpdateKind.COMPOUND).paper().correct())
                .as("with strict ordering the paper's one FLUSH holds").isTrue();
    }

    @Test
    void withStrictOrderingTheRequiredRecipeIsAlwaysThePapers() {
        for (ServerConfig config : ServerConfig.all()) {
            for (Transport t : Transport.values()) {
                for (PrimaryOp op : PrimaryOp.values()) {
                    for (UpdateKind u : UpdateKind.values()) {
                        assertThat(io.rdasuite.store.persist.Recipes.required(config, t, op, u))
                                .isEqualTo(io.rdasuite.store.persist.Recipes.paper(config, t, op, u));
                    }
                }
            }
        }
    }

    @Test
    void relaxedOrderingLeavesSingletonUpdatesAsTheyWere() {
        for (String config : new String[] {"DMP+NODDIO+PM-RQWRB", "MHP+DDIO+DRAM-RQWRB"}) {
            Taxonomy.Cell strict = cell(config, Transport.IB, PrimaryOp.WRITE, UpdateKind.SINGLETON);
            Taxonomy.Cell relaxed = cell(config + "+RO", Transport.IB, PrimaryOp.WRITE, UpdateKind.SINGLETON);
            assertThat(relaxed.best().recipe().method()).as(config).isEqualTo(strict.best().recipe().method());
        }
    }

    private static Taxonomy.Cell withoutIbta15(String config, Transport t, PrimaryOp op, UpdateKind u) {
        return Taxonomy.cell(ServerConfig.parse(config), t, op, u, BUDGET, 2, 1, io.rdasuite.store.persist.Recipe.Verbs.TODAY);
    }

    @Test
    void withoutIbta15sVerbsAReadStandsInForTheFlush() {
        // Where the paper's recipe is one FLUSH, a READ does the same: non-posted, it returns after the writes before it.
        Taxonomy.Cell mhp = withoutIbta15("MHP+NODDIO+PM-RQWRB", Transport.IB, PrimaryOp.WRITE, UpdateKind.SINGLETON);
        assertThat(mhp.paper()).as("the paper's FLUSH is no candidate here").isNull();
        assertThat(mhp.best().recipe().method()).isEqualTo(Method.READ_FLUSH);
        assertThat(mhp.cheaperWrong()).extracting(w -> w.recipe().method()).containsExactly(Method.COMPLETION);
        // DMP with DDIO: a READ places the data in the volatile cache only, as a FLUSH does; the message stays needed.
        Taxonomy.Cell ddio = withoutIbta15("DMP+DDIO+DRAM-RQWRB", Transport.IB, PrimaryOp.WRITE, UpdateKind.SINGLETON);
        assertThat(ddio.best().recipe().method()).isEqualTo(Method.MESSAGE_FLUSH_ACK);
        assertThat(ddio.cheaperWrong()).extracting(w -> w.recipe().method()).contains(Method.READ_FLUSH);
    }

    @Test
    void withoutAtomicWriteRelaxedOrderingNeedsAReadAfterEachUpdate() {
        Taxonomy.Cell strict = withoutIbta15("DMP+NODDIO+PM-RQWRB", Transport.IB, PrimaryOp.WRITE, UpdateKind.COMPOUND);
        assertThat(strict.best().recipe().method()).isEqualTo(Method.READ_FLUSH);
        Taxonomy.Cell relaxed = withoutIbta15("DMP+NODDIO+PM-RQWRB+RO", Transport.IB, PrimaryOp.WRITE, UpdateKind.COMPOUND);
        assertThat(relaxed.best().recipe().method()).isEqualTo(Method.READ_FLUSH_EACH);
        assertThat(relaxed.cheaperWrong()).extracting(w -> w.recipe().method()).contains(Method.READ_FLUSH);
    }

    @Test
    void theDefaultCandidatesAreTheIbta15OnesWithoutAReadForAFlush() {
        for (UpdateKind u : UpdateKind.values()) {
            assertThat(io.rdasuite.store.persist.Recipe.candidates(PrimaryOp.WRITE, u)).noneMatch(r -> r.method().flushesByRead());
            assertThat(io.rdasuite.store.persist.Recipe.candidates(PrimaryOp.WRITE, u, io.rdasuite.store.persist.Recipe.Verbs.TODAY))
                    .noneMatch(r -> r.method().needsIbta15Verbs());
        }
        assertThat(io.rdasuite.store.persist.Recipe.candidates(PrimaryOp.SEND, UpdateKind.SINGLETON, io.rdasuite.store.persist.Recipe.Verbs.TODAY))
                .noneMatch(r -> r.method().flushesByRead());
    }
}
