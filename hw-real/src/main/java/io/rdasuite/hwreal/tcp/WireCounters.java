package io.rdasuite.hwreal.tcp;

import java.util.concurrent.atomic.LongAdder;

/** What one transport's connections saw, for the server's status report. */
final class WireCounters {
    /** Connections whose hello succeeded and that became queue pairs. */
    final LongAdder accepted = new LongAdder();
    /** Connections closed before or during their hello: a bad or missing hello, or too many in their hello. */
    final LongAdder hellosRefused = new LongAdder();
    /** Of {@link #hellosRefused}, those refused for a wrong or missing proof of the secret. */
    final LongAdder secretsRefused = new LongAdder();
    /** Frames that passed their checks after a hello. */
    final LongAdder frames = new LongAdder();
    /** Queue pairs closed for a frame that failed its checks, silence, or a peer that stopped reading. */
    final LongAdder refused = new LongAdder();
    /** Of {@link #refused}, those closed for silence. */
    final LongAdder timeouts = new LongAdder();
}
