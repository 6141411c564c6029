package io.rdasuite.crashsim.nessie;

import io.rdasuite.crashsim.Op;
import io.rdasuite.crashsim.Program;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.kv.KvShape;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.nessie.NessieConfig;
import io.rdasuite.store.nessie.NessieMode;
import io.rdasuite.store.nessie.NessieOptimization;
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
                TIMEOUT_NS, small.migrateDepth(), small.backoffBaseNs(), small.backoffMaxNs(), attempts, false, Plant.NONE,
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

    /** Index slots per node of {@link #migrations}: room for two groups of keys that never share an ITE. */
    static final int MIGRATION_SLOTS = 8;

    /**
     * GETs and MIGRATEs of one key racing for certain (§4.2.1's reverse pass, §4.2.3's order of the two CASes). Keys are
     * chosen by their cuckoo slots so that every PUT lands where the program needs it, in two groups of ITEs that do not
     * meet:
     * <ul>
     *   <li>Client 1 leaves key {@code k} in its second slot with its first one empty (a key {@code a} in {@code k}'s first
     *       slot, then {@code k}, then {@code a} deleted) and, once the victim's GET of {@code k} has begun, PUTs {@code j},
     *       whose first slot holds {@code k} and whose other two hold fillers: that PUT MIGRATEs {@code k} from its second
     *       slot into its first. Paused at the right step of its GET of {@code k} (op {@value #GET_RACING_MIGRATE}), the victim
     *       reads {@code k}'s first slot before the move and the others after it: only the reverse pass sees the change.</li>
     *   <li>Client 2 puts {@code k2} into its first slot and the victim PUTs {@code j2} (op {@value #MIGRATE_RACING_GETS}),
     *       whose first slot holds {@code k2} and whose others hold fillers: the victim MIGRATEs {@code k2} while client 2
     *       GETs it all along. Stalled between its two CASes, the victim leaves {@code k2} in both ITEs (destination
     *       first) or, with the source emptied first, in none: client 2 then finds a key absent that was present all
     *       along.</li>
     * </ul>
     * The victim's GET is paused ({@link NessieFault#PAUSE}: within its timeout, so the GET does not just time out) and
     * its PUT stalled at every step ({@link NessieFaultCase#everyStep}); the victim's first operations
     * (a PUT and GETs of its own key) only let the others' set-up PUTs finish, and client 1's GETs of a filler only time
     * its PUT of {@code j}; all of them find their key, so a planted bug in GET's reverse pass does not shift the timing.
     */
    public static NessieFaultCase migrations(Transport transport, long seed) {
        return migrations(transport, seed, MIGRATE_AFTER_GETS, GET_RACING_MIGRATE);
    }

    static NessieFaultCase migrations(Transport transport, long seed, int migrateAfterGets, int getRacing) {
        NessieConfig config = config(MIGRATION_SLOTS, 24, 400);
        Keys keys = new Keys(new io.rdasuite.store.nessie.CuckooHashes(config.hashFunctions(), 3, MIGRATION_SLOTS), new NessieHistorySubject(SHAPE));
        int k = keys.next(1000, x -> true);
        int a = keys.next(1000, x -> keys.slot(x, 0).equals(keys.slot(k, 0)));
        int j = keys.next(1000, x -> keys.slot(x, 0).equals(keys.slot(k, 1)) && keys.fresh(x, 1, 2));
        int f1 = keys.next(1000, x -> keys.slot(x, 0).equals(keys.slot(j, 1)));
        int f2 = keys.next(1000, x -> keys.slot(x, 0).equals(keys.slot(j, 2)));
        int k2 = keys.next(2000, x -> keys.fresh(x, 0, 1));
        int j2 = keys.next(2000, x -> keys.slot(x, 0).equals(keys.slot(k2, 0)) && keys.fresh(x, 1, 2));
        int f3 = keys.next(2000, x -> keys.slot(x, 0).equals(keys.slot(j2, 1)));
        int f4 = keys.next(2000, x -> keys.slot(x, 0).equals(keys.slot(j2, 2)));
        int v = keys.next(3000, x -> keys.fresh(x, 0, 0));
        List<Op> one = new ArrayList<>(List.of(Op.put(f1, 1), Op.put(f2, 1), Op.put(a, 1), Op.put(k, 1), Op.delete(a)));
        for (int i = 0; i < migrateAfterGets; i++) {
            one.add(Op.get(f1));
        }
        one.add(Op.put(j, 1));
        one.add(Op.get(k));
        List<Op> two = new ArrayList<>(List.of(Op.put(f3, 1), Op.put(f4, 1), Op.put(k2, 1)));
        for (int i = 0; i < CLIENT_2_GETS; i++) {
            two.add(Op.get(k2));
        }
        List<Op> victim = new ArrayList<>(List.of(Op.put(v, 1)));
        for (int i = 1; i < getRacing; i++) {
            victim.add(Op.get(v));
        }
        victim.add(Op.get(k));
        victim.add(Op.put(j2, 1));
        return new NessieFaultCase("migrations", new Program(List.of(victim, one, two)), 0, config, STALL_NS, SERVER, transport, seed,
                java.util.Map.of(getRacing, NessieFault.PAUSE, getRacing + 1, NessieFault.STALL));
    }

    /**
     * §4.3.1's ABA argument for MIGRATE, as a colleague doubted it: the victim PUTs {@code j}, whose candidates are full,
     * so it MIGRATEs key {@code k} out of {@code j}'s first slot; it reads the source ITE {@code w} (client 1's DTE 0
     * holding {@code k} = 1) and passes its timeout check, and is stalled (at every step of that PUT in turn). Meanwhile
     * client 1, the owner of DTE 0, PUTs {@code k} = 2 and 3 (DTEs 1 and 2; DTE 0 is marked for recycling) and {@code k}
     * = 4: with its three DTEs in use it waits for DTE 0 to expire, re-uses it, and its CAS puts {@code w} back into the
     * same slot. Client 2 reads {@code k} all along. If the victim's CASes then succeed, {@code k} reads 1 after 4 was
     * acknowledged. Three DTEs per node, so that the re-use is certain.
     */
    public static NessieFaultCase aba(Transport transport, long seed) {
        return aba(transport, seed, ABA_VICTIM_GETS, ABA_OWNER_GETS);
    }

    static NessieFaultCase aba(Transport transport, long seed, int victimGets, int ownerGets) {
        NessieConfig config = config(MIGRATION_SLOTS, 3, 400);
        Keys keys = new Keys(new io.rdasuite.store.nessie.CuckooHashes(config.hashFunctions(), 3, MIGRATION_SLOTS), new NessieHistorySubject(SHAPE));
        int k = keys.next(2000, x -> keys.fresh(x, 0, 1));
        int j = keys.next(2000, x -> keys.slot(x, 0).equals(keys.slot(k, 0)) && keys.fresh(x, 1, 2));
        int f1 = keys.next(2000, x -> keys.slot(x, 0).equals(keys.slot(j, 1)));
        int f2 = keys.next(2000, x -> keys.slot(x, 0).equals(keys.slot(j, 2)));
        List<Op> two = new ArrayList<>(List.of(Op.put(f1, 1), Op.put(f2, 1)));
        for (int i = 0; i < 120; i++) {
            two.add(Op.get(k));
        }
        List<Op> one = new ArrayList<>(List.of(Op.put(k, 1)));
        for (int i = 0; i < ownerGets; i++) {
            one.add(Op.get(k));
        }
        one.addAll(List.of(Op.put(k, 2), Op.put(k, 3), Op.put(k, 4), Op.get(k)));
        List<Op> victim = new ArrayList<>();
        for (int i = 0; i < victimGets; i++) {
            victim.add(Op.get(f1));
        }
        victim.add(Op.put(j, 1));
        return new NessieFaultCase("aba", new Program(List.of(victim, one, two)), 0, config, STALL_NS, SERVER, transport, seed,
                java.util.Map.of(victimGets, NessieFault.STALL));
    }

    /** The victim's GETs before its PUT that MIGRATEs (they let the fillers and {@code k} land first). */
    static final int ABA_VICTIM_GETS = 8;
    /** Client 1's GETs of {@code k} before it overwrites it: the victim has read the source ITE by then. */
    static final int ABA_OWNER_GETS = 8;

    /** The victim's GET that client 1's MIGRATE races (its earlier operations wait for the set-up PUTs). */
    static final int GET_RACING_MIGRATE = 24;
    /** The victim's PUT that MIGRATEs client 2's key. */
    static final int MIGRATE_RACING_GETS = GET_RACING_MIGRATE + 1;
    /** Client 1's GETs between its set-up and its PUT that MIGRATEs: the victim's GET has begun by then. */
    static final int MIGRATE_AFTER_GETS = 1;
    /** Client 2's GETs of its key: they outlast two stalls of the victim. */
    static final int CLIENT_2_GETS = 150;

    /**
     * Keys picked by their cuckoo slots ({@link io.rdasuite.store.nessie.CuckooHashes}): each pick is the smallest key
     * from a base that has three distinct slots, meets the condition and whose slots no earlier pick's slots meet except
     * where the condition asks for it (the first slot it must share is checked by the condition itself).
     */
    private static final class Keys {
        private final io.rdasuite.store.nessie.CuckooHashes hashes;
        private final NessieHistorySubject subject;
        private final java.util.Set<io.rdasuite.store.nessie.CuckooHashes.Slot> taken = new java.util.HashSet<>();

        Keys(io.rdasuite.store.nessie.CuckooHashes hashes, NessieHistorySubject subject) {
            this.hashes = hashes;
            this.subject = subject;
        }

        io.rdasuite.store.nessie.CuckooHashes.Slot slot(int key, int i) {
            return hashes.slots(subject.keyBytes(key))[i];
        }

        /** True when the key's slots {@code i..last} are none an earlier pick uses. */
        boolean fresh(int key, int i, int last) {
            for (int s = i; s <= last; s++) {
                if (taken.contains(slot(key, s))) {
                    return false;
                }
            }
            return true;
        }

        int next(int from, java.util.function.IntPredicate condition) {
            for (int x = from; ; x++) {
                if (hashes.slots(subject.keyBytes(x)).length == 3 && !used.contains(x) && condition.test(x) && freshBut(x, condition)) {
                    used.add(x);
                    taken.addAll(java.util.List.of(hashes.slots(subject.keyBytes(x))));
                    return x;
                }
            }
        }

        private final java.util.Set<Integer> used = new java.util.HashSet<>();

        /** The key's slots not asked for by the condition are fresh: only those it shares on purpose are taken. */
        private boolean freshBut(int x, java.util.function.IntPredicate condition) {
            int shared = 0;
            for (io.rdasuite.store.nessie.CuckooHashes.Slot s : hashes.slots(subject.keyBytes(x))) {
                shared += taken.contains(s) ? 1 : 0;
            }
            return shared <= 1;
        }
    }
}
