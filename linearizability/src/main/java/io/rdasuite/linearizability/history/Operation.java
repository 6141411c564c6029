package io.rdasuite.linearizability.history;

/**
 * An invoke paired with its completion: the unit a checker linearizes.
 *
 * @param id          index of the operation in its history, in order of invocation
 * @param value       the argument (the invoke's value)
 * @param result      the result of an {@link Status#OK} operation (the ok event's value), otherwise {@code null}
 * @param callIndex   index of the invoke event
 * @param returnIndex index of the ok or fail event, of the crash for {@link Status#CRASHED}, and -1 when the
 *                    operation stays open to the end ({@link Status#INFO}, {@link Status#PENDING})
 * @param returnTimeNanos {@link Long#MAX_VALUE} when open
 */
public record Operation(int id, int process, Fn f, Object key, Object value, Object result, Status status,
                        int callIndex, int returnIndex, long callTimeNanos, long returnTimeNanos, String node) {
    public Operation {
        if (callIndex < 0 || (returnIndex >= 0 && returnIndex <= callIndex)) {
            throw new IllegalArgumentException("operation " + id + " returns (event " + returnIndex
                    + ") before it is called (event " + callIndex + ")");
        }
    }

    /** Whether the operation has no return point (it stays open to the end of the history). */
    public boolean open() {
        return returnIndex < 0;
    }

    /** A one-line description such as {@code p3 write 4}, {@code p0 read x -> 3}, {@code p1 cas [1 2] (info)}. */
    public String describe() {
        StringBuilder sb = new StringBuilder("p").append(process).append(' ').append(f.wireName());
        if (key != null) {
            sb.append(' ').append(Values.render(key));
        }
        if (f == Fn.TXN && status == Status.OK && result != null) {
            sb.append(' ').append(Values.render(result));
        } else if (f != Fn.READ && f != Fn.DELETE && f != Fn.ACQUIRE && f != Fn.RELEASE) {
            sb.append(' ').append(Values.render(value));
        }
        if (f == Fn.READ && status == Status.OK) {
            sb.append(" -> ").append(Values.render(result));
        }
        if (status != Status.OK) {
            sb.append(" (").append(status.name().toLowerCase(java.util.Locale.ROOT)).append(')');
        }
        return sb.toString();
    }
}
