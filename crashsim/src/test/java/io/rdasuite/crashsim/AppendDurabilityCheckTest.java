package io.rdasuite.crashsim;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.persist.WriteMethod;
import org.junit.jupiter.api.Test;

/** The check behind {@code rda check} passes the paper's recipes and catches WRITE without a persistence step. */
class AppendDurabilityCheckTest {
    private static AppendDurabilityCheck.Result check(String config, Transport transport, WriteMethod method) {
        return AppendDurabilityCheck.run(new AppendDurabilityCheck.Spec(ServerConfig.parse(config), transport, method, 4, 200, 64, 2, 11));
    }

    @Test
    void paperRecipesPassEveryCrashState() {
        for (ServerConfig config : ServerConfig.all()) {
            for (Transport t : Transport.values()) {
                AppendDurabilityCheck.Result r = check(config.name(), t, WriteMethod.forConfig(config, t));
                assertThat(r.passed()).as("%s %s: %s", config, t, r.firstViolation()).isTrue();
                assertThat(r.crashStates()).isGreaterThanOrEqualTo(r.crashPoints());
            }
        }
    }

    @Test
    void writeWithoutPersistenceStepLosesAcknowledgedAppendsInDmpWithDdio() {
        AppendDurabilityCheck.Result r = check("DMP+DDIO+DRAM-RQWRB", Transport.IB, WriteMethod.WRITE_ONLY);
        assertThat(r.passed()).isFalse();
        assertThat(r.firstViolation()).contains("was acknowledged").contains("but is lost");
    }

    @Test
    void writeAloneIsEnoughUnderWspOnIbButNotOnIwarp() {
        assertThat(check("WSP+DDIO+DRAM-RQWRB", Transport.IB, WriteMethod.WRITE_ONLY).passed()).isTrue();
        assertThat(check("WSP+DDIO+DRAM-RQWRB", Transport.IWARP, WriteMethod.WRITE_ONLY).passed()).isFalse();
    }
}
