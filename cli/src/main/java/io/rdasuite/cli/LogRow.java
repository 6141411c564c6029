package io.rdasuite.cli;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;

/**
 * A REMOTELOG cell's or a negative control's row of {@code rda check}. The recipe fields ({@code op}, {@code update},
 * {@code recipe}) are present for REMOTELOG subjects only, {@code caughtBy} and the pin status for controls only, the
 * counterexample when the cell failed; absent ones are left out of the JSON.
 *
 * @param cell the cell's number (-1, -2: the controls)
 */
record LogRow(int cell, String subject, String config, String transport,
        @JsonInclude(JsonInclude.Include.NON_NULL) String op,
        @JsonInclude(JsonInclude.Include.NON_NULL) String update,
        @JsonInclude(JsonInclude.Include.NON_NULL) List<String> recipe,
        long events, int crashPoints, long crashStates, long violations, String verdict,
        @JsonInclude(JsonInclude.Include.NON_NULL) List<String> caughtBy,
        @JsonUnwrapped PinStatus pin,
        @JsonInclude(JsonInclude.Include.NON_NULL) Counterexample counterexample) {

    /**
     * A failing cell's shrunk counterexample; {@code timeline} only when a history timeline was asked for.
     *
     * @param wallShrinkMillis how long shrinking took (reported only)
     */
    record Counterexample(String invariant, String claim, String detail, int operations, long crashEvent, String replay,
            List<String> trace, List<String> crashPoint, long wallShrinkMillis,
            @JsonInclude(JsonInclude.Include.NON_NULL) String timeline) {
    }
}
