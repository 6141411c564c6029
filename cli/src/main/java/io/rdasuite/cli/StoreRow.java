package io.rdasuite.cli;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;
import java.util.Map;

/**
 * A key-value store cell's row of {@code rda check} ({@link StoreCells}). {@code pinnedFindings} and
 * {@code possibleFindings} are null (written as null) for a cell without a pin.
 *
 * @param properties per invariant its outcome (PASS, FAIL, finding, none found) and, when states failed it, their
 *                   number under the invariant's name followed by {@code States}; a map, as its keys are the invariants'
 */
record StoreRow(int storeCell, String protocol, String config, String transport, int crashPoints, long crashStates,
        Map<String, Object> properties, List<String> findings, List<String> seedFindings, List<String> pinnedFindings,
        List<String> possibleFindings, @JsonUnwrapped PinStatus pin, String verdict, List<Example> examples) {

    /**
     * A violation or finding of the cell; the program, trace and crash point are given when it was shrunk,
     * {@code timeline} when a history timeline was asked for.
     *
     * @param wallShrinkMillis how long shrinking took (reported only; shrunk examples only)
     */
    record Example(String invariant, String claim, boolean claimed, String detail, boolean shrunk,
            @JsonInclude(JsonInclude.Include.NON_NULL) Integer operations,
            @JsonInclude(JsonInclude.Include.NON_NULL) Integer clients,
            @JsonInclude(JsonInclude.Include.NON_NULL) List<List<String>> program,
            @JsonInclude(JsonInclude.Include.NON_NULL) Long crashEvent,
            @JsonInclude(JsonInclude.Include.NON_NULL) List<String> trace,
            @JsonInclude(JsonInclude.Include.NON_NULL) List<String> crashPoint,
            String replay,
            @JsonInclude(JsonInclude.Include.NON_NULL) String timeline,
            @JsonInclude(JsonInclude.Include.NON_NULL) Long wallShrinkMillis) {
    }
}
