package io.rdasuite.store.thdpms.txn;

import java.util.List;

/** How a transaction ended, as its coordinator knows it. */
public sealed interface TxnOutcome {
    /** Committed; {@code reads} holds, per micro-operation, the list a read returned (null for an append). */
    record Committed(List<long[]> reads) implements TxnOutcome {
    }

    /** Aborted before its commit point: it took no effect. */
    record Aborted(String why) implements TxnOutcome {
    }

    /** The coordinator cannot tell (a participant failed or was fenced mid-commit): recovery decides, all or nothing. */
    record Unknown(String why) implements TxnOutcome {
    }
}
