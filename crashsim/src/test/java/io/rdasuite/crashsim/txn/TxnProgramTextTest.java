package io.rdasuite.crashsim.txn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.thdpms.txn.TxnOp;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A shrunk transaction program travels in its replay token: the text round-trips, and a seed's own program adds nothing to the token. */
class TxnProgramTextTest {
    @Test
    void aProgramRoundTripsThroughItsTextAndAShrunkOneThroughTheToken() {
        TxnProgram p = TxnProgram.generate(7, 3, 2, 4, 1);
        assertThat(TxnProgram.decode(p.encode())).isEqualTo(p);
        TxnProgram small = new TxnProgram(List.of(List.of(List.of(TxnOp.read(0), TxnOp.append(1, 5))), List.of(List.of(TxnOp.write(2, 9)))), 0);
        assertThat(small.encode()).isEqualTo("0|r0,a1=5/w2=9");
        assertThat(small.size()).isEqualTo(3);

        TxnExplorer.Scenario s = TxnExplorer.Scenario.of(ServerConfig.parse("DMP+DDIO+DRAM-RQWRB"), Transport.IB, 1, Plant.NONE);
        String plain = TxnExplorer.token(s, TxnCrashTarget.SERVER_0, 100, 0);
        assertThat(TxnExplorer.decode(plain).scenario()).isEqualTo(s);
        String shrunk = TxnExplorer.token(s.withProgram(small), TxnCrashTarget.SERVER_0, 100, 0);
        assertThat(shrunk).isNotEqualTo(plain).hasSizeGreaterThan(plain.length());
        assertThat(TxnExplorer.decode(shrunk).scenario().program()).isEqualTo(small);
        assertThatThrownBy(() -> TxnProgram.decode("0|r0,x1")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("malformed transaction program");
        assertThatThrownBy(() -> TxnProgram.decode("2|r0")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("pollers");
    }
}
