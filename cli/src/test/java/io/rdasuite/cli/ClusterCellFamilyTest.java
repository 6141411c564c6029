package io.rdasuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The cluster cell families are found through ServiceLoader (issue 31): each shipped family is registered once, in the
 * order {@code rda check} ran them when they were a central enum, and {@code --clusters NAME} runs that family's cells only.
 */
class ClusterCellFamilyTest {
    @Test
    void theShippedFamiliesAreRegisteredOnceInTheirOrder() {
        assertThat(ClusterCellFamily.all()).extracting(ClusterCellFamily::name).containsExactly("pdsm", "pdkvs", "pdfs", "txn", "nessie");
        assertThat(ClusterChoice.names()).containsExactly("all", "none", "pdsm", "pdkvs", "pdfs", "txn", "nessie");
        assertThat(ClusterCellFamily.all()).filteredOn(f -> f.control().isPresent()).extracting(ClusterCellFamily::name).containsExactly("txn");
    }

    @Test
    void eachFamilySelectsItsCellsPerConfigurationTransportAndTarget() {
        CellOptions one = new CellOptions();
        one.configs = List.of(ServerConfig.parse("DMP+DDIO+PM-RQWRB"));
        one.transports = List.of(Transport.IB);
        one.shard = new Cells.Shard(0, 1);
        // pdsm: three crash targets, plus the second failure (IB only); pdkvs: three targets; pdfs, txn: one cell; nessie
        // has one configuration of its own (DRAM), which this filter leaves out
        assertThat(ClusterCellFamily.all()).extracting(f -> f.select(one).size()).containsExactly(4, 3, 1, 1, 0);
    }

    @Test
    void aChoiceTakesItsFamilyOnly() {
        ClusterCellFamily pdkvs = ClusterCellFamily.all().get(1);
        assertThat(new ClusterChoice.Converter().convert("PDKVS").takes(pdkvs)).isTrue();
        assertThat(new ClusterChoice.Converter().convert("pdsm").takes(pdkvs)).isFalse();
        assertThat(ClusterChoice.ALL.takes(pdkvs)).isTrue();
        assertThat(ClusterChoice.NONE.takes(pdkvs)).isFalse();
    }

    @Test
    void anUnknownNameListsWhatEachFamilyExplores() {
        RdaRun r = RdaRun.of("check", "--clusters", "pdsx");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("valid: all, none, pdsm, pdkvs, pdfs, txn, nessie").contains("pdkvs: the CCEH key-value store");
    }
}
