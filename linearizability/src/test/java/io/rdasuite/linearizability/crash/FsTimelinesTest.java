package io.rdasuite.linearizability.crash;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.crashsim.fs.PdfsExplorer;
import io.rdasuite.crashsim.fs.PdfsShrinker;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.thdpms.fs.PdfsPlantedBug;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The timeline of a pDFS finding (issue 27): the file operations of the shrunk run, the crash marked, the rename it cut left open. */
class FsTimelinesTest {
    @Test
    void aShrunkNonAtomicRenameIsDrawnWithTheCrashAndTheRenameItCut(@TempDir Path dir) throws Exception {
        PdfsExplorer.Result r = new PdfsExplorer().explore(ServerConfig.parse("DMP+DDIO+DRAM-RQWRB"), Transport.IB, 1, PdfsPlantedBug.RENAME_TWO_OPERATIONS,
                List.of(PdfsExplorer.Target.ALL_SERVERS), 8, 4, 1, true);
        PdfsExplorer.Finding f = PdfsShrinker.shrink(r.findings().getFirst()).finding();
        Path file = FsTimelines.write(f.token(), f.violation(), dir);
        String html = Files.readString(file);
        assertThat(file.getFileName().toString()).startsWith("pdfs-");
        assertThat(html).contains("class=\"crash\"", "power failure of all-servers before event " + f.crashAt(), f.violation(),
                "mount (recovery) and walk the namespace");
        assertThat(html).containsPattern("rename /\\S+ /\\S+ \\(pending\\)");
        assertThat(html).contains("mkdir /d");
    }
}
