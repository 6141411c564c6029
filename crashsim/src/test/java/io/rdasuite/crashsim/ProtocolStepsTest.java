package io.rdasuite.crashsim;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.store.fabric.Opcode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The step table matches a client's verbs to its protocol's steps (issue 27), and says nothing where it has no steps. */
class ProtocolStepsTest {
    @Test
    void anEfactoryPutWhoseDataWriteCompletedIsAfterStepFiveOfTheClientActiveScheme() {
        String d = ProtocolSteps.describe("kv/efactory", Op.Kind.PUT, List.of(Opcode.SEND, Opcode.SEND, Opcode.WRITE), true);
        assertThat(d).startsWith("eFactory PUT, step 2 of 2, the client's RDMA write of the data").contains("001 §4.3.1 step 5")
                .contains("its last verb completed");
    }

    @Test
    void aSawPutCutBeforeItsCommitSendNamesTheCommitAsNotYetBegun() {
        String d = ProtocolSteps.describe("kv/saw", Op.Kind.PUT, List.of(Opcode.SEND, Opcode.WRITE), false);
        assertThat(d).startsWith("SAW PUT, step 2 of 3").contains("not yet begun: the SEND that tells the server to persist");
    }

    @Test
    void cleaningAndPlantedVariantsShareTheirStoresStepsAndUnknownSubjectsHaveNone() {
        assertThat(ProtocolSteps.describe("kv/erda-cleaning", Op.Kind.GET, List.of(Opcode.READ), true)).startsWith("Erda GET, step 1 of 2");
        assertThat(ProtocolSteps.describe("pdsm/objects/ack-before-flush", Op.Kind.PUT, List.of(Opcode.WRITE_IMM, Opcode.WRITE, Opcode.SEND), false))
                .startsWith("pDSM put_obj, step 2 of 3").contains("002 §4.1.7");
        assertThat(ProtocolSteps.describe("remotelog/WRITE/singleton/FLUSH", Op.Kind.PUT, List.of(Opcode.WRITE), true)).isNull();
        assertThat(ProtocolSteps.describe("kv/erda", Op.Kind.PUT, List.of(), false)).isEqualTo("Erda PUT, before step 1 of 2: the request by"
                + " WRITE_WITH_IMM: the server reserves log space and flips the entry's atomic region (000 §3.3, §4.1) not yet posted");
    }
}
