package io.rdasuite.testkit;

import io.rdasuite.store.fabric.Transport;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A test that crash-checks a key-value store on the simulator: {@link StoreCheck#run} with these settings, for the
 * protocol registered under {@link #protocol()}. The test fails with the shrunk counterexample and its {@code rda
 * replay} line when a claimed property fails, unless the method takes a {@link StoreCheckReport} parameter: then it
 * gets the report and decides itself (a negative control asserts that its planted mistake is caught).
 *
 * <pre>{@code
 * @CrashCheck(protocol = "acme-log", configs = {"ADR+NODDIO+PM-RQWRB"}, budget = 0.1)
 * void acmeLogKeepsItsClaims() {
 * }
 *
 * @CrashCheck(protocol = "acme-log", plant = "acme-log-early-ack", configs = {"ADR+NODDIO+PM-RQWRB"}, budget = 0.1)
 * void theEarlyAckIsCaught(StoreCheckReport report) {
 *     assertThat(report.passed()).isFalse();
 * }
 * }</pre>
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Test
@ExtendWith(CrashCheckExtension.class)
public @interface CrashCheck {
    /** The protocol's {@code cliName()}, as its {@link io.rdasuite.store.protocol.KvProtocolFamily} registers it. */
    String protocol() default "";

    /**
     * Instead of a protocol, a subject the explorer finds by name ({@link StoreCheck#runSubject}): a cluster such as
     * TH-DPMS's object store ({@code pdsm/objects}) or one's own registered as a {@code SubjectFactory}. Exactly one of
     * {@code protocol} and {@code subject} is set; a subject takes {@code fuzzRuns = 0}.
     */
    String subject() default "";

    /** Server configurations by name (e.g. {@code DMP+DDIO+DRAM-RQWRB}); none: all twelve. */
    String[] configs() default {};

    /** Transports; default InfiniBand. */
    Transport[] transports() default {Transport.IB};

    /** Scales the exploration per cell (1: 150 crash points, 16 images each, 4 timings). */
    double budget() default 0.25;

    /** The seed: the same seed, the same verdict and trace. */
    long seed() default 1;

    /** Fuzz runs after the exploration; 0: none. */
    long fuzzRuns() default 100;

    /**
     * A planted bug to switch on for the check ({@code --plant}'s names: the store family's {@code plants()} or the
     * shipped catalogue), so that a test shows its check catching the bug; {@code "none"}: the store as written. The
     * failure's replay token carries it. {@code ""} (the default) leaves the switch as it is: the store as written,
     * unless the test planted a bug itself.
     */
    String plant() default "";
}
