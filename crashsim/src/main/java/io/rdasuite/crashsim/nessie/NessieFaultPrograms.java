package io.rdasuite.crashsim.nessie;

import io.rdasuite.crashsim.Op;
import io.rdasuite.crashsim.Program;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.kv.KvShape;
import io.rdasuite.store.nessie.NessieConfig;
import io.rdasuite.store.nessie.NessieMode;
import io.rdasuite.store.nessie.NessieOptimization;
import io.rdasuite.store.nessie.NessiePlantedBug;
import java.util.ArrayList;
import java.util.List;

/**
 * The programs of the client-fault search: small, fixed (they do not depend on the seed) and busy enough that each of
 * Nessie's planted bugs shows. Three nodes, one client each; client 0 is the victim.
 */
public final class NessieFaultPrograms {
    /** Keys of 8 bytes, values of 32: a DTE is small and a torn value still shows. */
    public static final KvShape SHAPE = new KvShape(8, 32);
    /** Node configuration of every case (Nessie's tables are DRAM: the persistence domain does not enter). */
    public static final ServerConfig SERVER = ServerConfig.parse("DMP+DDIO+DRAM-RQWRB");
    /** Expiration period (§4.3.1) of the search: short, so that a stall outlasts it in little simulated time. */
    public static final long EXPIRATION_NS = 100_000;
    /** Clock-skew bound added to every expiration. */
    public static final long SKEW_NS = 10_000;
    /** Operation timeout: below the expiration period, as §4.3.1 requires. */
    public static final long TIMEOUT_NS = 50_000;
    /** How long a STALL stops the victim: three expiration periods, so the entries it saw are recycled meanwhile. */
    public static final long STALL_NS = 3 * EXPIRATION_NS;

    private NessieFaultPrograms() {
    }

    /**
     * The search's configuration: {@code slots} ITEs and {@code entries} DTEs per node, the periods above, and at most
     * {@code attempts} attempts per operation (the liveness bound: with the back-off ceiling of 200 µs it spans many
     * stalls, so only a key held for good runs out of it).
     */
    public static NessieConfig config(int slots, int entries, int attempts) {
        NessieConfig small = NessieConfig.small(SHAPE, slots, entries);
        return new NessieConfig(SHAPE, small.hashFunctions(), small.filterBits(), slots, entries, small.cacheEntries(), EXPIRATION_NS, SKEW_NS,
                TIMEOUT_NS, small.migrateDepth(), small.backoffBaseNs(), small.backoffMaxNs(), attempts, false, NessiePlantedBug.NONE,
                NessieMode.NESSIE, 1, small.serverSpinNs(), NessieOptimization.all());
    }

    /**
     * Contended keys 1..4 over a small index (4 ITEs per node, 12 in all, 3 hash functions), so that PUTs meet full
     * candidates and MIGRATE. The victim PUTs, GETs, DELETEs and re-PUTs keys the others write and read all along:
     * client 1 overwrites and deletes keys 1 and 2, client 2 overwrites key 3 and reads 1 and 4; both run for longer
     * than a stall, so the entries the victim saw are replaced, expire and are recycled while it is stopped.
     */
    public static NessieFaultCase contended(Transport transport, long seed) {
        List<Op> victim = List.of(Op.put(1, 11), Op.get(2), Op.put(4, 14), Op.delete(1), Op.get(3), Op.put(2, 12));
        List<Op> one = new ArrayList<>();
        List<Op> two = new ArrayList<>();
        for (int i = 0; i < 14; i++) {
            one.add(Op.put(1, 100 + i));
            one.add(Op.get(4));
            one.add(Op.put(2, 200 + i));
            one.add(i % 3 == 2 ? Op.delete(2) : Op.get(1));
            two.add(Op.get(1));
            two.add(Op.put(3, 300 + i));
            two.add(Op.get(4));
            two.add(i % 4 == 3 ? Op.delete(3) : Op.get(2));
            two.add(Op.put(5 + i % 2, 500 + i));
        }
        return new NessieFaultCase("contended", new Program(List.of(victim, one, two)), 0, config(4, 24, 400), STALL_NS, SERVER, transport, seed);
    }

    /**
     * Three patterns the planted bugs break, over an index of {@code 4} ITEs per node. Client 1 first leaves a key in a
     * later ITE behind an earlier one it then frees and re-PUTs into (a duplicate the PUT must remove, §4.2.2), then
     * overwrites a key over and over while client 2 reads it from another node (its cache holds the entries by ITE word,
     * which must not come back before they expire, §4.3.1). The victim GETs the churned keys and PUTs into full candidate
     * sets, so that its GETs race MIGRATEs (§4.2.1's reverse pass, §4.2.3's destination-first order) when it stalls.
     */
    public static NessieFaultCase patterns(Transport transport, long seed) {
        NessieConfig config = config(4, 24, 400);
        NessieHistorySubject subject = new NessieHistorySubject(SHAPE);
        io.rdasuite.store.nessie.CuckooHashes hashes = new io.rdasuite.store.nessie.CuckooHashes(config.hashFunctions(), 3, config.indexSlotsPerNode());
        int a = 20;
        int k = a + 1;
        while (!hashes.slots(subject.keyBytes(k))[0].equals(hashes.slots(subject.keyBytes(a))[0])
                || hashes.slots(subject.keyBytes(k))[1].equals(hashes.slots(subject.keyBytes(a))[0])) {
            k++;
        }
        int cached = 2;
        List<Op> one = new ArrayList<>(List.of(Op.put(a, 1), Op.put(k, 1), Op.delete(a), Op.put(k, 2), Op.delete(k), Op.get(k)));
        List<Op> two = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            one.add(Op.put(cached, 10 + 2 * i));
            one.add(Op.put(cached, 11 + 2 * i));
            one.add(Op.put(3 + i % 4, 100 + i));
            one.add(i % 2 == 0 ? Op.delete(3 + (i + 1) % 4) : Op.get(cached));
            two.add(Op.get(cached));
            two.add(Op.get(cached));
            two.add(Op.put(6 + i % 2, 200 + i));
            two.add(Op.get(3 + i % 4));
        }
        List<Op> victim = List.of(Op.get(3), Op.put(8, 1), Op.get(4), Op.get(5), Op.put(9, 1), Op.get(cached));
        return new NessieFaultCase("patterns", new Program(List.of(victim, one, two)), 0, config, STALL_NS, SERVER, transport, seed);
    }
}
