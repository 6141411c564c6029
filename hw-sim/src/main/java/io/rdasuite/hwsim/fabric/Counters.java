package io.rdasuite.hwsim.fabric;

import io.rdasuite.store.fabric.Opcode;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a run (or one kind of operation) cost (DESIGN §3, "Accounting"): verbs by opcode, wire bytes,
 * network round trips, server CPU time, PM bytes written, CRC bytes.
 */
public final class Counters {
    final long[] verbs = new long[Opcode.values().length];
    long wireBytes;
    long roundTrips;
    long cpuNanos;
    long pmBytesWritten;
    long crcBytes;
    long operations;

    public long verbs(Opcode opcode) {
        return verbs[opcode.ordinal()];
    }

    public long totalVerbs() {
        long n = 0;
        for (long v : verbs) {
            n += v;
        }
        return n;
    }

    public long wireBytes() {
        return wireBytes;
    }

    /** Network round trips a requester waited for: responses of non-posted operations and IB acks of signaled posted ones. */
    public long roundTrips() {
        return roundTrips;
    }

    public long cpuNanos() {
        return cpuNanos;
    }

    /** Logical bytes stored into PM (by DMA placement or CPU stores), as the papers count NVM writes. */
    public long pmBytesWritten() {
        return pmBytesWritten;
    }

    public long crcBytes() {
        return crcBytes;
    }

    /** Operation scopes opened (for per-operation counters: how many operations of this kind ran). */
    public long operations() {
        return operations;
    }

    /** Stable-ordered map for JSON and tables. */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        Map<String, Long> byOpcode = new LinkedHashMap<>();
        for (Opcode o : Opcode.values()) {
            if (verbs[o.ordinal()] != 0) {
                byOpcode.put(o.name(), verbs[o.ordinal()]);
            }
        }
        m.put("operations", operations);
        m.put("verbs", byOpcode);
        m.put("wireBytes", wireBytes);
        m.put("roundTrips", roundTrips);
        m.put("cpuNanos", cpuNanos);
        m.put("pmBytesWritten", pmBytesWritten);
        m.put("crcBytes", crcBytes);
        return m;
    }
}
