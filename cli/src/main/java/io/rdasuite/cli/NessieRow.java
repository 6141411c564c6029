package io.rdasuite.cli;

import java.util.List;

/**
 * A Nessie cell's row of {@code rda check} ({@link NessieCells}): the client kill/stall search on one transport.
 *
 * @param crashStates  the runs again, the figure every row is summed by
 * @param stuckKeyRuns kills that left the dead client's key held (expected, paper 004 §4.3.1)
 * @param abaRollbacks stalls after which the victim's timeout check undid a CAS that met its word again
 * @param examples     each failing run, described
 */
record NessieRow(String subject, String config, String transport, long runs, long crashStates, int stuckKeyRuns, int abaRollbacks,
        int failingRuns, String verdict, List<String> examples) implements ClusterRow {
}
