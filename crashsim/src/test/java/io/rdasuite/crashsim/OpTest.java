package io.rdasuite.crashsim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The token form of operations, with a stalled put (a writer in flight across a cleaner's switch). */
class OpTest {
    @Test
    void aStalledPutKeepsItsStallThroughTheTokenForm() {
        Program p = Program.decode("P3:1,P3:2~45000,G3/P1:4!,D2");
        assertThat(p.clients().getFirst().get(1)).isEqualTo(Op.stalledPut(3, 2, 45_000));
        assertThat(p.clients().get(1).getFirst().poison()).isTrue();
        assertThat(p.clients().get(1).getFirst().stallNs()).isZero();
        assertThat(p.encode()).isEqualTo("P3:1,P3:2~45000,G3/P1:4!,D2");
        assertThat(Op.decode(new Op(Op.Kind.PUT, 1, 2, true, 7).encode())).isEqualTo(new Op(Op.Kind.PUT, 1, 2, true, 7));
    }

    @Test
    void onlyAPutStallsAndNeverForNegativeTime() {
        assertThatThrownBy(() -> new Op(Op.Kind.GET, 1, 0, false, 5)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("only a PUT");
        assertThatThrownBy(() -> Op.stalledPut(1, 1, -1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Op.decode("P1:1~x")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("P<key>:<value>[!][~<stallNs>]");
    }
}
