package io.rdasuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.hwreal.remote.HistoryLog;
import io.rdasuite.hwreal.split.GetRecord;
import io.rdasuite.store.thdpms.pdsm.PdsmClient;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rda thdpms-client}'s history as {@code rda lin check} reads it: a get that finds an acknowledged value lost
 * (the table names an extent block that is not the object's: {@link PdsmClient.Unreadable}) is recorded so that the
 * checker rejects the history; a get that reached no replica observed nothing and is not.
 */
class ThdpmsHistoryTest {
    /** One put of value 1 to key 0 (acknowledged or not), then one get completed as {@code read}; rda lin check's exit code. */
    private static int check(Path dir, boolean acknowledged, PdsmClient.Read read) throws Exception {
        Path file = dir.resolve("history.jsonl");
        try (HistoryLog h = new HistoryLog(file)) {
            h.op("invoke", 0, "put", "0", 1L);
            h.op(acknowledged ? "ok" : "info", 0, "put", "0", 1L);
            h.op("invoke", 0, "get", "0", null);
            GetRecord.complete(h, 0, "0", read);
        }
        return RdaRun.of("lin", "check", file.toString()).exitCode();
    }

    @Test
    void anUnreadableGetAfterAnAcknowledgedPutIsNotLinearizable(@TempDir Path dir) throws Exception {
        assertThat(check(dir, true, new PdsmClient.Unreadable("planted"))).as("lost value seen by the checker").isEqualTo(1);
    }

    @Test
    void anAbsentGetAfterAnAcknowledgedPutIsNotLinearizable(@TempDir Path dir) throws Exception {
        assertThat(check(dir, true, new PdsmClient.Absent())).isEqualTo(1);
    }

    @Test
    void aTornValueIsNotLinearizable(@TempDir Path dir) throws Exception {
        assertThat(check(dir, true, new PdsmClient.Found(new byte[16]))).isEqualTo(1); // words 0 and 0: not complements
    }

    @Test
    void theValueReadBackIsLinearizable(@TempDir Path dir) throws Exception {
        assertThat(check(dir, true, new PdsmClient.Found(GetRecord.encode(1)))).isZero();
    }

    @Test
    void anUnreadableGetAfterAnIndeterminatePutIsLinearizable(@TempDir Path dir) throws Exception {
        assertThat(check(dir, false, new PdsmClient.Unreadable("torn"))).as("the put may never have taken effect").isZero();
    }

    @Test
    void aGetThatReachedNoReplicaObservedNothing(@TempDir Path dir) throws Exception {
        assertThat(check(dir, true, null)).isZero();
    }
}
