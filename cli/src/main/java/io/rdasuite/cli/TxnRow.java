package io.rdasuite.cli;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * A transaction cell's or a pDFS cell's row of {@code rda check} ({@link TxnCells}, {@link FsCells}, which share its
 * exploration's shape). What failed is a transaction anomaly ({@code anomaly}) in one, a namespace violation
 * ({@code violation}) in the other: an example has one of the two, the other is left out of the JSON.
 *
 * @param targets per crash target ({@code none}: the uncut run), PASS or FAIL; a map, as its keys are the targets'
 */
record TxnRow(String subject, String config, String transport, long events, long crashStates, Map<String, String> targets,
        String verdict, List<Example> examples) implements ClusterRow {

    /**
     * A failing crash state, explained (issue 27): the claim it breaks, its program (shrunk where the shrinker found a
     * smaller one, the exploration's finding then kept as {@code original}), where the crash cut each client's
     * operation, and a timeline when one was asked for; {@code shrinkError} when the shrinker failed.
     *
     * @param shrinkCandidates how many smaller programs were tried (shrunk examples only)
     * @param wallShrinkMillis how long shrinking took (reported only; shrunk examples only)
     */
    record Example(String target, long crashEvent, int image,
            @JsonInclude(JsonInclude.Include.NON_NULL) String anomaly,
            @JsonInclude(JsonInclude.Include.NON_NULL) String violation,
            String replay, String claim, boolean shrunk, int operations, int clients, List<List<String>> program,
            @JsonInclude(JsonInclude.Include.NON_NULL) Original original,
            @JsonInclude(JsonInclude.Include.NON_NULL) Integer shrinkCandidates,
            @JsonInclude(JsonInclude.Include.NON_NULL) Long wallShrinkMillis,
            List<String> crashPoint,
            @JsonInclude(JsonInclude.Include.NON_NULL) String timeline,
            @JsonInclude(JsonInclude.Include.NON_NULL) String shrinkError) {
    }

    /** The finding the exploration made, before it was shrunk; {@code anomaly} or {@code violation} as its example's. */
    record Original(long crashEvent, int image,
            @JsonInclude(JsonInclude.Include.NON_NULL) String anomaly,
            @JsonInclude(JsonInclude.Include.NON_NULL) String violation,
            int operations, int clients, List<List<String>> program, String replay) {
    }
}
