package io.rdasuite.hwsim.fabric;

import java.util.function.LongUnaryOperator;

/**
 * One of the cost model's size-dependent times (serialization, PCIe or PM occupancy: a floating-point division each),
 * remembered for the last size asked: a run moves a few sizes over and over. One per NIC, so one thread.
 */
final class SizeCost {
    private final LongUnaryOperator nanosOfBytes;
    private long lastBytes = -1;
    private long lastNanos;

    SizeCost(LongUnaryOperator nanosOfBytes) {
        this.nanosOfBytes = nanosOfBytes;
    }

    long ns(long bytes) {
        if (bytes != lastBytes) {
            lastBytes = bytes;
            lastNanos = nanosOfBytes.applyAsLong(bytes);
        }
        return lastNanos;
    }
}
