package io.rdasuite.cli;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * A pDSM or pDKVS cell's row of {@code rda check} ({@link ClusterCells}).
 *
 * @param target     the crash target's spec ({@code all-servers}, {@code server:0}, ...)
 * @param properties per invariant of {@link ClusterCells#INVARIANTS}, PASS or FAIL; a map, as its keys are the invariants'
 */
record PdsmRow(String subject, String config, String transport, String target, int crashPoints, long crashStates,
        Map<String, String> properties, String verdict, List<Example> examples) implements ClusterRow {

    /**
     * A violation; the first of each invariant is shrunk, and only a shrunk one carries where the crash fell, the trace
     * and (when asked for) a history timeline.
     */
    record Example(String invariant, String claim, String detail, boolean shrunk, int operations, int clients,
            List<List<String>> program, long crashEvent,
            @JsonInclude(JsonInclude.Include.NON_NULL) List<String> crashPoint,
            @JsonInclude(JsonInclude.Include.NON_NULL) List<String> trace,
            @JsonInclude(JsonInclude.Include.NON_NULL) String timeline,
            String replay) {
    }
}
