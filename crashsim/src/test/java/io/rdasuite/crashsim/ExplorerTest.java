package io.rdasuite.crashsim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rdasuite.crashsim.subjects.InPlaceSubject;
import io.rdasuite.crashsim.subjects.RemoteLogSubject;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.persist.Method;
import io.rdasuite.store.persist.PrimaryOp;
import io.rdasuite.store.persist.Recipe;
import io.rdasuite.store.persist.Recipes;
import io.rdasuite.store.persist.UpdateKind;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The explorer catches the negative controls, passes the paper's recipes, replays and shrinks. */
class ExplorerTest {
    private static final Budget EXHAUSTIVE = new Budget(10_000, 512, 3);

    private static Explorer.Report explore(Subject subject, String config, Transport transport, Program program) {
        return Explorer.explore(subject, new Scenario(subject.name(), ServerConfig.parse(config), transport, 3, program), EXHAUSTIVE);
    }

    @Test
    void singletonWriteWithoutPersistenceStepInDmpWithDdioIsCaught() {
        Subject s = new RemoteLogSubject(new Recipe(PrimaryOp.WRITE, UpdateKind.SINGLETON, Method.COMPLETION));
        Explorer.Report r = explore(s, "DMP+DDIO+DRAM-RQWRB", Transport.IB, Program.sequentialPuts(2));
        assertThat(r.passed()).isFalse();
        assertThat(r.violations()).isNotEmpty();
        Violation v = r.violations().getFirst();
        assertThat(v.invariant()).isEqualTo(Invariant.DURABILITY);
        assertThat(v.replayCommand()).startsWith("rda replay rda2.");
    }

    @Test
    void compoundSecondWriteNotOrderedAfterFirstPersistenceIsCaught() {
        // W(a); W(b); one flush request for both: with DDIO in DMP, b's line may reach PM before a's.
        Subject s = new RemoteLogSubject(new Recipe(PrimaryOp.WRITE, UpdateKind.COMPOUND, Method.MESSAGE_FLUSH_ACK));
        Explorer.Report r = explore(s, "DMP+DDIO+DRAM-RQWRB", Transport.IB, Program.sequentialPuts(2));
        assertThat(r.passed()).isFalse();
        assertThat(r.violations()).anySatisfy(v -> assertThat(v.invariant()).isEqualTo(Invariant.STRUCTURE));
    }

    @Test
    void inPlaceStoreIsCaughtUnderATornWrite() {
        ServerConfig config = ServerConfig.parse("MHP+NODDIO+DRAM-RQWRB");
        Subject s = new InPlaceSubject(Recipes.paper(config, Transport.IB, PrimaryOp.WRITE, UpdateKind.SINGLETON));
        Program program = Program.of(List.of(Op.put(1, 1), Op.put(1, 2)));
        Explorer.Report r = explore(s, config.name(), Transport.IB, program);
        assertThat(r.passed()).isFalse();
        assertThat(r.violations()).anySatisfy(v -> {
            assertThat(v.invariant()).isEqualTo(Invariant.RDA);
            assertThat(v.detail()).contains("torn or mixed");
        });
    }

    @Test
    void everyPaperRecipePassesExhaustiveExplorationOnSmallRuns() {
        List<String> failures = new ArrayList<>();
        long states = 0;
        for (ServerConfig config : ServerConfig.all()) {
            for (Transport t : Transport.values()) {
                for (PrimaryOp op : PrimaryOp.values()) {
                    for (UpdateKind kind : UpdateKind.values()) {
                        Subject s = new RemoteLogSubject(Recipes.paper(config, t, op, kind));
                        Explorer.Report r = explore(s, config.name(), t, Program.sequentialPuts(2));
                        states += r.crashStates();
                        assertThat(r.crashPoints()).as("exhaustive: every event of every timing").isEqualTo(r.events() + EXHAUSTIVE.timings());
                        if (!r.passed()) {
                            failures.add(config + " " + t + " " + s.name() + ": " + r.violations().getFirst().detail());
                        }
                    }
                }
            }
        }
        assertThat(failures).isEmpty();
        assertThat(states).isGreaterThan(144 * 20);
    }

    @Test
    void replayReproducesTheIdenticalTraceAndViolation() {
        Subject s = new RemoteLogSubject(new Recipe(PrimaryOp.WRITE, UpdateKind.SINGLETON, Method.COMPLETION));
        Explorer.Report r = explore(s, "DMP+DDIO+PM-RQWRB", Transport.IWARP, Program.sequentialPuts(3));
        Violation found = r.violations().getFirst();
        Violation first = Explorer.replay(found.token());
        Violation second = Explorer.replay(found.token());
        assertThat(first).isNotNull();
        assertThat(first.invariant()).isEqualTo(found.invariant());
        assertThat(first.detail()).isEqualTo(found.detail());
        assertThat(first.trace()).isNotEmpty().isEqualTo(second.trace());
        assertThat(first.token()).isEqualTo(found.token());
    }

    @Test
    void malformedTokensGetAClearError() {
        assertThatThrownBy(() -> Explorer.replay("hello")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("malformed replay token").hasMessageContaining("rda2.");
        assertThatThrownBy(() -> Explorer.replay("rda2.!!!.00000000")).hasMessageContaining("base64");
        assertThatThrownBy(() -> Explorer.replay(TokenCodec.encode("rda2.", "a|b"))).hasMessageContaining("fields");
        assertThatThrownBy(() -> Explorer.replay("rda1.YXxi")).hasMessageContaining("no checksum");
    }

    /** Any one character changed, or the token cut short, is refused: it never replays some other state. */
    @Test
    void aMistypedTokenIsAnErrorNotAnotherState() {
        ServerConfig config = ServerConfig.parse("DMP+DDIO+DRAM-RQWRB");
        Subject s = new RemoteLogSubject(Recipes.paper(config, Transport.IB, PrimaryOp.WRITE, UpdateKind.SINGLETON));
        Violation v = new Violation(new Scenario(s.name(), config, Transport.IB, 7, Program.sequentialPuts(3)), 12, new int[]{1, 0, 2}, 1,
                Invariant.DURABILITY, "d", List.of());
        String token = v.token();
        assertThat(ReplayToken.decode(token).crashEvent()).isEqualTo(12);
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        int mutants = 0;
        for (int i = "rda2.".length(); i < token.length(); i++) {
            char c = token.charAt(i);
            char other = c == '.' ? 'A' : alphabet.charAt((alphabet.indexOf(Character.toUpperCase(c)) + 7) % alphabet.length());
            if (Character.toLowerCase(other) == Character.toLowerCase(c)) {
                continue; // the checksum's hex digits compare case-insensitively
            }
            String mistyped = token.substring(0, i) + other + token.substring(i + 1);
            assertThatThrownBy(() -> ReplayToken.decode(mistyped)).as("token with position %d changed", i)
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("malformed replay token");
            mutants++;
        }
        assertThat(mutants).isGreaterThan(40);
        assertThatThrownBy(() -> ReplayToken.decode(token.substring(0, token.length() - 3))).hasMessageContaining("checksum");
        assertThatThrownBy(() -> ReplayToken.decode(token.substring(0, token.length() - 12) + token.substring(token.length() - 9)))
                .hasMessageContaining("malformed replay token");
    }

    @Test
    void shrinkingFindsThePoisonedOperationAmongFifty() {
        List<Op> ops = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            ops.add(new Op(Op.Kind.PUT, i, i + 100, i == 37));
        }
        ServerConfig config = ServerConfig.parse("DMP+DDIO+DRAM-RQWRB");
        Subject s = new RemoteLogSubject(Recipes.paper(config, Transport.IB, PrimaryOp.WRITE, UpdateKind.SINGLETON));
        Scenario scenario = new Scenario(s.name(), config, Transport.IB, 5, Program.of(ops));
        Budget budget = new Budget(400, 16, 2);
        Explorer.Report r = Explorer.explore(s, scenario, budget);
        assertThat(r.passed()).isFalse();
        Violation shrunk = Shrinker.shrink(s, r.violations().getFirst(), budget);
        assertThat(shrunk.scenario().program().size()).isLessThanOrEqualTo(3);
        assertThat(shrunk.scenario().program().clients().getFirst()).anySatisfy(op -> assertThat(op.poison()).isTrue());
        assertThat(shrunk.invariant()).isEqualTo(Invariant.DURABILITY);
        assertThat(Explorer.replay(shrunk.token()).detail()).isEqualTo(shrunk.detail());
    }
}
