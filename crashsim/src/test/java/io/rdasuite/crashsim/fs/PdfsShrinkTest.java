package io.rdasuite.crashsim.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.thdpms.fs.PdfsPlantedBug;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Shrinking a pDFS finding (issue 27: the smallest program): the planted non-atomic rename's finding shrinks to a
 * strictly smaller well-formed program that breaks the same invariant, whose own token replays to the same violation,
 * and whose history names the crash.
 */
class PdfsShrinkTest {
    @Test
    void theCellsProgramIsWellFormedAndItsTextRoundTrips() {
        assertThat(PdfsExplorer.PROGRAM.wellFormed()).isTrue();
        assertThat(FsProgram.decode(PdfsExplorer.PROGRAM.encode())).isEqualTo(PdfsExplorer.PROGRAM);
        FsProgram orphan = new FsProgram(List.of(List.of(FsOp.create("/a/f", 1))));
        assertThat(orphan.wellFormed()).as("creat under a directory never made").isFalse();
        assertThat(new FsProgram(List.of(List.of(FsOp.mkdir("/a", 100), FsOp.create("/a/f", 1), FsOp.rmdir("/a")))).wellFormed())
                .as("rmdir of a directory with a file in it").isFalse();
        assertThatThrownBy(() -> FsProgram.decode("X /a")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("malformed pDFS program");
    }

    @Test
    void aRenameAsTwoOperationsShrinksToASmallerProgramThatReplays() {
        PdfsExplorer explorer = new PdfsExplorer();
        PdfsExplorer.Result r = explorer.explore(PdfsExplorationTest.CONFIG, Transport.IB, 1, PdfsPlantedBug.RENAME_TWO_OPERATIONS,
                List.of(PdfsExplorer.Target.ALL_SERVERS), 8, 4, 1, true);
        assertThat(r.findings()).isNotEmpty();
        PdfsExplorer.Finding found = r.findings().getFirst();

        PdfsShrinker.Shrunk shrunk = PdfsShrinker.shrink(found);
        assertThat(shrunk.smaller()).isTrue();
        assertThat(shrunk.program().size()).isLessThan(PdfsExplorer.PROGRAM.size());
        assertThat(shrunk.program().wellFormed()).isTrue();
        assertThat(shrunk.original()).isEqualTo(PdfsExplorer.PROGRAM);
        PdfsExplorer.Finding small = shrunk.finding();
        assertThat(small.target()).isEqualTo(found.target());
        assertThat(PdfsShrinker.claimOf(small.violation())).isEqualTo(PdfsShrinker.claimOf(found.violation())).isEqualTo("DUPLICATE");
        assertThat(PdfsExplorer.decode(small.token()).scenario().program()).isEqualTo(shrunk.program());
        assertThat(explorer.replay(small.token())).isEqualTo(small.violation());
        PdfsExplorer.History h = explorer.replayHistory(small.token());
        assertThat(h.violation()).isEqualTo(small.violation());
        assertThat(h.calls()).as("an operation in flight at the crash").anyMatch(c -> c.invoke() < small.crashAt() && c.complete() >= small.crashAt());
        assertThat(h.calls().getLast().index()).as("the checker's mount and walk, after the crash").isEqualTo(-1);
        assertThat(h.calls().getLast().invoke()).isGreaterThan(small.crashAt());
        assertThat(PdfsShrinker.shrink(found).finding().token()).as("deterministic").isEqualTo(small.token());
    }
}
