package io.rdasuite.hwreal.split;

import io.rdasuite.hwreal.remote.HistoryLog;
import io.rdasuite.store.thdpms.pdsm.PdsmClient;
import java.nio.ByteBuffer;

/**
 * How a pDSM get (paper 002 §4.1.6, {@code get_obj}) goes into a key-value history, so that {@code rda lin check} sees
 * every lost acknowledged value, not only the campaign's own read-back:
 * <ul>
 *   <li>{@link PdsmClient.Found}: an ok read of the value's sequence number ({@code -1} when its two words disagree, a
 *       value no put wrote);</li>
 *   <li>{@link PdsmClient.Absent} and {@link PdsmClient.Unreadable}: an ok read of nil. Unreadable means the object's table
 *       entry names an extent block that is not the object's: the store answered, and what it holds for the key is no
 *       value at all. As nil, the checker rejects it after any acknowledged put of the key, and accepts it where no put
 *       of the key had been acknowledged (a torn indeterminate put);</li>
 *   <li>no answer (every attempt's READ failed, {@code null}): {@code fail}, a read that observed nothing.</li>
 * </ul>
 */
public final class GetRecord {
    private GetRecord() {
    }

    /** Records the completion of a get of {@code key} by {@code process} (its invoke is already recorded); returns the value read. */
    public static Long complete(HistoryLog history, int process, String key, PdsmClient.Read read) {
        switch (read) {
            case PdsmClient.Found f -> {
                long v = decode(f.value());
                history.op("ok", process, "get", key, v);
                return v;
            }
            case PdsmClient.Absent a -> {
                history.op("ok", process, "get", key, null);
                return null;
            }
            case PdsmClient.Unreadable u -> {
                history.op("ok", process, "get", key, null);
                return null;
            }
            case null -> {
                history.op("fail", process, "get", key, null);
                return null;
            }
        }
    }

    /** Whether a completed read answered (ok), as opposed to failing to reach any replica. */
    public static boolean answered(PdsmClient.Read read) {
        return read != null;
    }

    /** A put's value: its sequence number and the number's complement (a torn value shows as the two disagreeing). */
    public static byte[] encode(long v) {
        return ByteBuffer.allocate(16).putLong(v).putLong(~v).array();
    }

    /** The sequence number, or -1 when the two words disagree (a torn or foreign value). */
    public static long decode(byte[] b) {
        if (b.length != 16) {
            return -1;
        }
        ByteBuffer buf = ByteBuffer.wrap(b);
        long v = buf.getLong();
        return buf.getLong() == ~v ? v : -1;
    }
}
