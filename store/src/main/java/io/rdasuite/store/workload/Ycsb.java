package io.rdasuite.store.workload;

import io.rdasuite.store.kv.KvShape;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.DiscreteSampler;
import org.apache.commons.rng.sampling.distribution.RejectionInversionZipfSampler;
import org.apache.commons.rng.simple.RandomSource;

/**
 * YCSB's core workloads as the papers run them (paper 000 §5.1): A (50% reads), B (95%), C (100%) and
 * update-only, over Zipf(0.99) or uniform keys. Seeded (commons-rng), so a client's operation stream is the
 * same on every run.
 */
public final class Ycsb {
    /** A workload by its read fraction. */
    public enum Workload {
        A(0.50), B(0.95), C(1.00), UPDATE_ONLY(0.0);

        private final double readFraction;

        Workload(double readFraction) {
            this.readFraction = readFraction;
        }

        public double readFraction() {
            return readFraction;
        }

        /** Parses A, B, C or update-only; an unknown name lists the valid ones. */
        public static Workload parse(String name) {
            String n = name == null ? "" : name.trim().toUpperCase(Locale.ROOT).replace('-', '_');
            for (Workload w : values()) {
                if (w.name().equals(n)) {
                    return w;
                }
            }
            throw new IllegalArgumentException("unknown YCSB workload '" + name + "'; valid: A, B, C, update-only");
        }
    }

    /** How keys are drawn. */
    public enum Distribution { ZIPF, UNIFORM }

    /** One generated operation: a read or an update of record {@code record}. */
    public record Operation(boolean read, int record) {
    }

    private final Workload workload;
    private final UniformRandomProvider random;
    private final DiscreteSampler zipf;
    private final int records;

    public Ycsb(Workload workload, Distribution distribution, int records, long seed) {
        if (records < 1) {
            throw new IllegalArgumentException("YCSB needs at least one record");
        }
        this.workload = workload;
        this.records = records;
        this.random = RandomSource.SPLIT_MIX_64.create(seed);
        this.zipf = distribution == Distribution.ZIPF ? RejectionInversionZipfSampler.of(random, records, 0.99) : null;
    }

    public Operation next() {
        boolean read = random.nextDouble() < workload.readFraction();
        int record = zipf != null ? scramble(zipf.sample() - 1) : random.nextInt(records);
        return new Operation(read, record);
    }

    /** YCSB scrambles Zipf ranks so that the hot records are spread over the key space. */
    private int scramble(int rank) {
        long x = rank * 0x9E3779B97F4A7C15L;
        x ^= x >>> 29;
        return (int) Long.remainderUnsigned(x, records);
    }

    /** The key of a record: "user" and the record number, padded to the shape's key size. */
    public static byte[] key(int record, KvShape shape) {
        byte[] k = new byte[shape.keyBytes()];
        Arrays.fill(k, (byte) '0');
        byte[] s = ("user" + record).getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(s, 0, k, Math.max(0, k.length - s.length), Math.min(s.length, k.length));
        return k;
    }

    /** A value for a record (its version folded in). */
    public static byte[] value(int record, int version, KvShape shape) {
        byte[] v = new byte[shape.valueBytes()];
        for (int i = 0; i < v.length; i++) {
            v[i] = (byte) ('a' + ((record + version + i) % 26));
        }
        return v;
    }
}
