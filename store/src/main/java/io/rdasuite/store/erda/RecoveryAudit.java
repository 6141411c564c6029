package io.rdasuite.store.erda;

import io.rdasuite.store.kv.HopscotchTable;
import io.rdasuite.store.pm.LocalMemory;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Erda's own structural check of a recovery (paper 000 §4.2: "the server needs to check objects in the last segment
 * following each head and correspondingly update metadata in the hash table"). Written apart from
 * {@link ErdaServer#recover()}, from the table as the crash left it: for each head the last segment is the one that
 * holds the newest offset an entry names in the head's current half; every entry whose new object lies there and is
 * torn, while its old version is intact, must name another object once recovery is done. Crash exploration reports
 * a failure as STRUCTURE, which every store claims: a recovery that checks the wrong segment or only part of the
 * last one fails it in the state that shows it, instead of waiting for a client to trip over the torn object.
 */
final class RecoveryAudit {
    /** Whether the object of {@code key} at a head's offset is intact. */
    interface Intact {
        boolean test(int head, long offset, byte[] key);
    }

    private final ErdaConfig config;
    private final HopscotchTable hash;
    private final int[] currentHalf;
    private final Intact intact;

    RecoveryAudit(ErdaConfig config, HopscotchTable hash, int[] currentHalf, Intact intact) {
        this.config = config;
        this.hash = hash;
        this.currentHalf = currentHalf.clone();
        this.intact = intact;
    }

    /** The errors: {@code before} is the table as the crash left it, {@code after} the table recovery left. */
    List<String> check(MemorySegment before, LocalMemory after) {
        long segment = config.segmentBytes();
        long[] newest = new long[config.heads() + 1];
        for (int s = 0; s < hash.slots(); s++) {
            int head = head(before, s);
            long offset = head < 0 ? 0 : AtomicRegion.newOffset(word(before, s));
            if (offset > 0 && half(offset) == currentHalf[head]) {
                newest[head] = Math.max(newest[head], offset);
            }
        }
        List<String> errors = new ArrayList<>();
        for (int s = 0; s < hash.slots(); s++) {
            int head = head(before, s);
            if (head < 0 || newest[head] == 0) {
                continue;
            }
            long word = word(before, s);
            long torn = AtomicRegion.newOffset(word);
            long old = AtomicRegion.oldOffset(word);
            if (torn <= 0 || half(torn) != currentHalf[head] || torn / segment != newest[head] / segment || old == 0) {
                continue;
            }
            byte[] key = before.asSlice(hash.slotOffset(s), config.shape().keyBytes()).toArray(ValueLayout.JAVA_BYTE);
            if (!intact.test(head, torn, key) && intact.test(head, old, key)
                    && AtomicRegion.newOffset(after.load8(hash.metaOffset(s))) == torn) {
                errors.add("recovery left the entry of key " + new String(key, StandardCharsets.US_ASCII).trim() + " naming the torn object at"
                        + " offset " + torn + " in head " + head + "'s last segment, while its old version at " + old
                        + " is intact (paper 000 §4.2)");
            }
        }
        return errors;
    }

    private int head(MemorySegment table, int slot) {
        byte head = table.get(ValueLayout.JAVA_BYTE, hash.tagOffset(slot));
        return head > 0 && head <= config.heads() ? head : -1;
    }

    private long word(MemorySegment table, int slot) {
        return table.get(ValueLayout.JAVA_LONG_UNALIGNED, hash.metaOffset(slot));
    }

    private static int half(long offset) {
        return (int) ((offset >>> 30) & 1);
    }
}
