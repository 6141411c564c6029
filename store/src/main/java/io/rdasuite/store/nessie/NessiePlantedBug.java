package io.rdasuite.store.nessie;

import io.rdasuite.store.mutation.DescribedPlant;
import io.rdasuite.store.mutation.PackagePlants;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.mutation.PlantText;
import java.util.List;

/**
 * Planted bugs of Nessie's client-driven protocol (paper 004 §4.2-§4.3; DESIGN §5a): each drops one step the protocol
 * needs, so that a checker can be shown to catch it. A configuration names one ({@link NessieConfig#plantedBug}), or
 * the JVM-wide switch does ({@code rda check --plant}); {@link Plant#NONE} is Nessie as written.
 */
public enum NessiePlantedBug implements DescribedPlant {
    /**
     * PUT and DELETE install their ITE with an RDMA WRITE instead of a CAS expecting the word their forward pass
     * read (§4.2.2): a concurrent PUT of another key into the same empty ITE is overwritten, and that key is lost.
     */
    BLIND_CANDIDATE_CAS("nessie-blind-candidate-cas", "nessie",
            "PUT and DELETE install their ITE with an RDMA WRITE instead of a CAS expecting what the forward pass read,"
                    + " so a concurrent PUT of another key is overwritten (paper 004 §4.2.2)"),

    /**
     * PUT and DELETE leave the key's other ITEs in place instead of removing the duplicates (§4.2.2, §4.2.4): a
     * PUT into an earlier empty ITE keeps the older version in a later one, which a DELETE then brings back.
     */
    SKIP_DUPLICATE_REMOVAL("nessie-skip-duplicate-removal", "nessie",
            "PUT and DELETE leave the key's other ITEs in place, so an older version comes back after a DELETE"
                    + " (paper 004 §4.2.2, §4.2.4)"),

    /**
     * GET reports a key absent without re-reading its ITEs in reverse (§4.2.1): a MIGRATE that moves the key from
     * an ITE the GET has not read into one it has read hides a key that was present all along.
     */
    SKIP_GET_REVERSE_PASS("nessie-skip-get-reverse-pass", "nessie",
            "GET reports a key absent without re-reading its ITEs in reverse, so a MIGRATE hides a present key"
                    + " (paper 004 §4.2.1)"),

    /** A replaced DTE is re-used at once instead of after its expiration period (§4.3.1), as {@link NessieConfig#recycleWithoutExpiry} does. */
    RECYCLE_WITHOUT_EXPIRY("nessie-recycle-without-expiry", "nessie",
            "a replaced DTE is re-used at once instead of after its expiration period, so a reader holding its ITE"
                    + " reads another key's data, an ABA (paper 004 §4.3.1, §4.2.5)"),

    /**
     * MIGRATE empties the source ITE first and CASes the copy into the destination second (§4.2.3 does it the other
     * way round): between the two CASes the key is in no ITE, so a GET finds it absent, and when the destination CAS
     * fails the source is put back only if nothing changed it meanwhile.
     */
    MIGRATE_SOURCE_FIRST("nessie-migrate-source-first", "nessie",
            "MIGRATE empties the source ITE before it CASes the copy into the destination (two steps in the wrong"
                    + " order), so the key is briefly in no ITE (paper 004 §4.2.3)");

    private final PlantText text;

    NessiePlantedBug(String cliName, String stores, String description) {
        this.text = new PlantText(cliName, stores, description);
    }

    @Override
    public PlantText text() {
        return text;
    }

    @Override
    public String toString() {
        return text.cliName();
    }

    /** What {@link java.util.ServiceLoader} finds: Nessie's plants, after the baselines'. */
    public static final class Provider implements PackagePlants {
        @Override
        public List<Plant> plants() {
            return List.of(values());
        }

        @Override
        public int order() {
            return 30;
        }
    }
}
