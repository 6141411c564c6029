package io.rdasuite.store.erda;

import io.rdasuite.store.mutation.DescribedPlant;
import io.rdasuite.store.mutation.PackagePlants;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.mutation.PlantText;
import java.util.List;

/**
 * Erda's planted bugs (paper 000; DESIGN §5a): each breaks one step of §3-§4 behind {@code PlantedBugs.on}, for
 * {@code rda check --plant} and {@code ci/mutation.sh} to show a check catching it.
 */
public enum ErdaPlantedBug implements DescribedPlant {
    /** ErdaClient.get: a torn newest object is returned because its tag byte is there. */
    ERDA_GET_SKIPS_CRC("erda-get-skips-crc", "erda",
            "a one-sided GET accepts the newest object once its tag byte is there, without verifying its CRC, so a torn"
                    + " object is read as a value (paper 000 §4.2, CRC checksum; §3.3, reads)"),

    /** ErdaServer.finishReserve: the reserved offset overwrites the new offset; the tag is not flipped. */
    ERDA_FLIP_KEEPS_TAG("erda-flip-keeps-tag", "erda",
            "the server writes a reserved offset over the entry's new offset without flipping the new tag, so the version"
                    + " before it is no longer the old one a reader falls back to (paper 000 §4.1, flexible flip bit)"),

    /** ErdaServer.recover: compares with the segment before the last one. */
    ERDA_RECOVERY_WRONG_SEGMENT("erda-recovery-wrong-segment", "erda",
            "recovery checks the objects of the segment before each head's last one (off by one), so torn objects of"
                    + " the last segment keep their entries (paper 000 §4.2, recovery of the last segment)"),

    /** ErdaServer.recover: only the newest object of each head's last segment is verified. */
    ERDA_RECOVERY_PARTIAL_SCAN("erda-recovery-partial-scan", "erda",
            "recovery verifies only the newest object of each head's last segment, as if only the last reservation could"
                    + " be in flight, so the other torn objects of the last segment keep their entries (paper 000 §4.2,"
                    + " check objects in the last segment)"),

    /** ErdaServer.cleanEntry: the old version is moved whenever it is intact. */
    ERDA_CLEAN_MOVES_OLDER("erda-clean-moves-older", "erda-cleaning",
            "cleaning moves an entry's old version whenever it is intact instead of the newest intact one, so the newest"
                    + " put is dropped (paper 000 §4.4, log merging keeps the first version the reverse scan meets)"),

    /** ErdaServer.clean: no quiet period after the switch to the other half. */
    ERDA_CLEAN_NO_QUIESCE("erda-clean-no-quiesce", "erda-cleaning",
            "cleaning moves objects at once after switching halves, without waiting a maximum RTT for one-sided writes"
                    + " reserved before the switch, which then land where no entry names them (paper 000 §4.4)"),

    /** ErdaServer.cleanEntry: the moved copy is written but not persisted before the entry names it. */
    ERDA_CLEAN_COPY_UNPERSISTED("erda-clean-copy-unpersisted", "erda-cleaning",
            "cleaning writes a moved object into the new half but does not persist it before flipping the entry to it"
                    + " (paper 000 §4.4, replication into Region 2)"),

    /** ErdaServer.cleanEntry: the entry is flipped to the moved copy before the copy is written. */
    ERDA_CLEAN_PUBLISH_BEFORE_COPY("erda-clean-publish-before-copy", "erda-cleaning",
            "cleaning flips the entry to the moved object's place in the new half before it writes and persists the"
                    + " copy there, so a crash between the two leaves the entry naming an empty place (paper 000 §4.4, the"
                    + " cleaner writes the object to Region 2, then updates the entry)");

    private final PlantText text;

    ErdaPlantedBug(String cliName, String stores, String description) {
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

    /** What {@link java.util.ServiceLoader} finds: Erda's plants, first in the catalogue. */
    public static final class Provider implements PackagePlants {
        @Override
        public List<Plant> plants() {
            return List.of(values());
        }

        @Override
        public int order() {
            return 0;
        }
    }
}
