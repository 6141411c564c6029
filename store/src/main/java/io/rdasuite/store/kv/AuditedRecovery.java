package io.rdasuite.store.kv;

import java.util.List;

/**
 * A store server whose recovery checks its own result (DESIGN §5, "index/log integrity"): what the last recovery
 * left that the store's paper says it must not. Crash exploration reports each error as a STRUCTURE failure.
 */
public interface AuditedRecovery {
    /** The errors of the last recovery on this server (empty when it left nothing wrong, or none ran). */
    List<String> recoveryErrors();
}
