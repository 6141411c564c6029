package io.rdasuite.crashsim;

/**
 * One operation in the history of a run (Jepsen's invoke/ok pair, with event indices for time).
 *
 * @param client        which client
 * @param op            what it did
 * @param invokeEvent   the dispatched-event index when it started
 * @param completeEvent when it completed successfully, or -1 (failed, or still pending at the crash)
 * @param result        GET: the bytes read; otherwise null
 */
public record OpRecord(int client, Op op, long invokeEvent, long completeEvent, byte[] result) {
    public boolean completed() {
        return completeEvent >= 0;
    }
}
