package io.rdasuite.hwsim.memory;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * Every post-crash PM image a power failure at one instant allows (DESIGN §3, "The crash-state model").
 *
 * <p>The base is the media after everything inside the persistence domain drained. On top of it: one
 * <em>slot</em> per dirty cache line outside the domain, whose options are the distinct versions the line
 * held since it was last persistent (a line is written back whole; in torn-line mode each 8-byte unit is a
 * slot of its own), and one FIFO of unit writes still in volatile NIC/PCIe buffers whose target lies in the
 * domain once drained, of which any prefix may have drained. Options equal to the base collapse, and FIFO
 * writes that change nothing are dropped, so equal images are counted once (up to the rare overlap of a FIFO
 * write with a dirty line, which may count an image twice). Images are deltas over the base: nothing copies
 * the whole image per state.
 *
 * <p>Under PCIe Relaxed Ordering ({@link Builder#relaxedOrdering}) inbound posted writes may reach memory in any order,
 * so the FIFO's writes are no longer drained as a prefix: each 8-byte unit they write becomes a slot of its own, whose
 * options are its media value (nothing drained) and every value the FIFO writes to it (the last write to land wins,
 * and any may land last). A FLUSH is still a barrier: it completes only once the writes before it left the FIFO.
 */
public final class CrashFrontier {
    private final int nodeId;
    private final String[] names;
    private final Pages[] base;
    private final Map<String, Integer> regionIndex;
    private final int[] slotRegion;
    private final long[] slotFirstUnit;
    private final int[] slotUnits;
    private final long[][] slotOptions;
    private final int[] fifoRegion;
    private final long[] fifoUnit;
    private final long[] fifoValue;
    private final long stateCount;

    private CrashFrontier(Builder b) {
        this.nodeId = b.nodeId;
        this.names = b.names.toArray(String[]::new);
        this.base = b.bases.toArray(Pages[]::new);
        this.regionIndex = b.regionIndex;
        int n = b.slotRegion.size();
        this.slotRegion = new int[n];
        this.slotFirstUnit = new long[n];
        this.slotUnits = new int[n];
        this.slotOptions = new long[n][];
        for (int i = 0; i < n; i++) {
            slotRegion[i] = b.slotRegion.get(i);
            slotFirstUnit[i] = b.slotFirstUnit.get(i);
            slotUnits[i] = b.slotUnits.get(i);
            slotOptions[i] = b.slotOptions.get(i);
        }
        int f = b.fifoUnit.size();
        this.fifoRegion = new int[f];
        this.fifoUnit = new long[f];
        this.fifoValue = new long[f];
        for (int i = 0; i < f; i++) {
            fifoRegion[i] = b.fifoRegion.get(i);
            fifoUnit[i] = b.fifoUnit.get(i);
            fifoValue[i] = b.fifoValue.get(i);
        }
        long count = f + 1L;
        for (int i = 0; i < n; i++) {
            count = saturatingMultiply(count, options(i));
        }
        this.stateCount = count;
    }

    private static long saturatingMultiply(long a, long b) {
        long hi = Math.multiplyHigh(a, b);
        long lo = a * b;
        return hi != 0 || lo < 0 ? Long.MAX_VALUE : lo;
    }

    /** Whether the node had a PM region of this name when it lost power. */
    public boolean hasRegion(String region) {
        return regionIndex.containsKey(region);
    }

    public int nodeId() {
        return nodeId;
    }

    /** How many distinct images (Long.MAX_VALUE when it does not fit). */
    public long stateCount() {
        return stateCount;
    }

    /** Choice slots (dirty lines, or dirty units in torn-line mode). */
    public int slots() {
        return slotRegion.length;
    }

    /** Effective unit writes in the volatile FIFO (the FIFO has one more cut than this). */
    public int fifoWrites() {
        return fifoUnit.length;
    }

    /** The PM region a slot's line (or unit) belongs to. */
    public String slotRegion(int slot) {
        return names[slotRegion[slot]];
    }

    /** The PM region a volatile FIFO write targets. */
    public String fifoRegion(int write) {
        return names[fifoRegion[write]];
    }

    public int options(int slot) {
        return slotOptions[slot].length / slotUnits[slot];
    }

    /** The image where nothing outside the domain survived. */
    public CrashImage oldest() {
        return new CrashImage(this, new int[slots()], 0);
    }

    /** The image where everything in flight reached media. */
    public CrashImage newest() {
        int[] c = new int[slots()];
        for (int i = 0; i < c.length; i++) {
            c[i] = options(i) - 1;
        }
        return new CrashImage(this, c, fifoWrites());
    }

    /** The image with mixed-radix number {@code index} (slots first, the FIFO cut last). */
    public CrashImage image(long index) {
        if (index < 0 || index >= stateCount) {
            throw new IndexOutOfBoundsException("image " + index + " of " + stateCount);
        }
        int[] c = new int[slots()];
        for (int i = 0; i < c.length; i++) {
            int o = options(i);
            c[i] = (int) (index % o);
            index /= o;
        }
        return new CrashImage(this, c, (int) index);
    }

    /** The image with these choices (as {@link CrashImage#choices()} and {@link CrashImage#fifoCut()} report them). */
    public CrashImage image(int[] choices, int fifoCut) {
        if (choices.length != slots() || fifoCut < 0 || fifoCut > fifoWrites()) {
            throw new IllegalArgumentException("image choice does not fit this frontier: " + choices.length + " slots (has "
                    + slots() + "), cut " + fifoCut + " (has 0.." + fifoWrites() + ")");
        }
        for (int i = 0; i < choices.length; i++) {
            if (choices[i] < 0 || choices[i] >= options(i)) {
                throw new IllegalArgumentException("slot " + i + " has options 0.." + (options(i) - 1) + ", not " + choices[i]);
            }
        }
        return new CrashImage(this, choices.clone(), fifoCut);
    }

    /** A seeded-random image, each slot and the cut chosen uniformly. */
    public CrashImage sample(SplittableRandom random) {
        int[] c = new int[slots()];
        for (int i = 0; i < c.length; i++) {
            c[i] = random.nextInt(options(i));
        }
        return new CrashImage(this, c, random.nextInt(fifoWrites() + 1));
    }

    /**
     * All images when there are at most {@code bound}; otherwise {@code bound} distinct ones: the oldest,
     * the newest and seeded samples.
     */
    public List<CrashImage> enumerate(long bound, long seed) {
        if (bound < 1) {
            throw new IllegalArgumentException("bound must be positive: " + bound);
        }
        if (stateCount <= bound) {
            List<CrashImage> all = new ArrayList<>((int) stateCount);
            for (long i = 0; i < stateCount; i++) {
                all.add(image(i));
            }
            return all;
        }
        LinkedHashSet<CrashImage> picked = new LinkedHashSet<>();
        picked.add(oldest());
        picked.add(newest());
        SplittableRandom random = new SplittableRandom(seed);
        for (long attempts = 0; picked.size() < bound && attempts < bound * 8; attempts++) {
            picked.add(sample(random));
        }
        return List.copyOf(picked);
    }

    long unitValue(CrashImage image, String region, long unit) {
        Integer r = regionIndex.get(region);
        if (r == null) {
            throw new IllegalArgumentException("no PM region '" + region + "' on node " + nodeId + "; it has " + regionIndex.keySet());
        }
        for (int i = image.fifoCut() - 1; i >= 0; i--) {
            if (fifoRegion[i] == r && fifoUnit[i] == unit) {
                return fifoValue[i];
            }
        }
        for (int s = slotRegion.length - 1; s >= 0; s--) { // the last slot wins, as in regionUnits: a relaxed FIFO's over a line's
            int choice = image.choices()[s];
            if (choice != 0 && slotRegion[s] == r && unit >= slotFirstUnit[s] && unit < slotFirstUnit[s] + slotUnits[s]) {
                return slotOptions[s][choice * slotUnits[s] + (int) (unit - slotFirstUnit[s])];
            }
        }
        return base[r].get((int) unit);
    }

    /** One region of an image: a copy of its base with the image's delta for that region applied. */
    long[] regionUnits(CrashImage image, String region) {
        Integer r = regionIndex.get(region);
        if (r == null) {
            return null;
        }
        long[] units = base[r].toArray();
        for (int s = 0; s < slotRegion.length; s++) {
            int choice = image.choices()[s];
            if (choice != 0 && slotRegion[s] == r) {
                System.arraycopy(slotOptions[s], choice * slotUnits[s], units, (int) slotFirstUnit[s], slotUnits[s]);
            }
        }
        for (int i = 0; i < image.fifoCut(); i++) {
            if (fifoRegion[i] == r) {
                units[(int) fifoUnit[i]] = fifoValue[i];
            }
        }
        return units;
    }

    /**
     * One region of an image as a copy-on-write visible image: the base shared (never written), the image's delta
     * applied page by page, so only the pages the delta touches are copied. Null when the node had no such region.
     */
    PagedUnits pagedRegion(CrashImage image, String region) {
        Integer r = regionIndex.get(region);
        if (r == null) {
            return null;
        }
        PagedUnits units = new PagedUnits(base[r].units(), base[r]);
        for (int s = 0; s < slotRegion.length; s++) {
            int choice = image.choices()[s];
            if (choice != 0 && slotRegion[s] == r) {
                for (int u = 0; u < slotUnits[s]; u++) {
                    units.set((int) slotFirstUnit[s] + u, slotOptions[s][choice * slotUnits[s] + u]);
                }
            }
        }
        for (int i = 0; i < image.fifoCut(); i++) {
            if (fifoRegion[i] == r) {
                units.set((int) fifoUnit[i], fifoValue[i]);
            }
        }
        return units;
    }

    /**
     * A key equal for two images of equal content: the bases' pages by reference (a page the media did not write between
     * two snapshots is the same array) and the image's effective delta over them. Unequal keys may still be equal
     * images; equal keys never are different ones. Lets the explorer recover each distinct image once per run.
     */
    public Object contentKey(CrashImage image) {
        java.util.TreeMap<Long, Long> delta = new java.util.TreeMap<>();
        for (int s = 0; s < slotRegion.length; s++) {
            int choice = image.choices()[s];
            if (choice != 0) {
                for (int u = 0; u < slotUnits[s]; u++) {
                    delta.put(((long) slotRegion[s] << 40) | (slotFirstUnit[s] + u), slotOptions[s][choice * slotUnits[s] + u]);
                }
            }
        }
        for (int i = 0; i < image.fifoCut(); i++) {
            delta.put(((long) fifoRegion[i] << 40) | fifoUnit[i], fifoValue[i]);
        }
        long[] flat = new long[delta.size() * 2];
        int k = 0;
        for (java.util.Map.Entry<Long, Long> e : delta.entrySet()) {
            flat[k++] = e.getKey();
            flat[k++] = e.getValue();
        }
        Object[] pages = new Object[base.length];
        for (int r = 0; r < base.length; r++) {
            pages[r] = base[r].pageArrays();
        }
        return new ContentKey(nodeId, names, pages, flat);
    }

    private record ContentKey(int nodeId, String[] names, Object[] pages, long[] delta) {
        @Override
        public boolean equals(Object o) {
            if (!(o instanceof ContentKey k) || k.nodeId != nodeId || !Arrays.equals(k.names, names) || !Arrays.equals(k.delta, delta)
                    || k.pages.length != pages.length) {
                return false;
            }
            for (int r = 0; r < pages.length; r++) {
                if (!Arrays.equals((Object[]) k.pages[r], (Object[]) pages[r])) { // page by page, by reference
                    return false;
                }
            }
            return true;
        }

        @Override
        public int hashCode() {
            int h = nodeId * 31 + Arrays.hashCode(delta);
            for (Object p : pages) {
                h = h * 31 + Arrays.hashCode((Object[]) p);
            }
            return h;
        }
    }

    PmImage baseCopy() {
        TreeMap<String, long[]> m = new TreeMap<>();
        for (int i = 0; i < names.length; i++) {
            m.put(names[i], base[i].toArray());
        }
        return new PmImage(nodeId, m);
    }

    void apply(CrashImage image, PmImage target) {
        long[][] units = new long[names.length][];
        for (int i = 0; i < names.length; i++) {
            units[i] = target.units(names[i]);
        }
        for (int s = 0; s < slotRegion.length; s++) {
            int choice = image.choices()[s];
            if (choice != 0) {
                System.arraycopy(slotOptions[s], choice * slotUnits[s], units[slotRegion[s]], (int) slotFirstUnit[s], slotUnits[s]);
            }
        }
        for (int i = 0; i < image.fifoCut(); i++) {
            units[fifoRegion[i]][(int) fifoUnit[i]] = fifoValue[i];
        }
    }

    /** Builds a frontier from a dead node's state. */
    public static Builder builder(int nodeId, boolean tornLines) {
        return new Builder(nodeId, tornLines);
    }

    /** Collects the base, the dirty lines and the FIFO, in canonical order. */
    public static final class Builder {
        private final int nodeId;
        private final boolean tornLines;
        private final List<String> names = new ArrayList<>();
        private final List<Pages> bases = new ArrayList<>();
        private final Map<String, Integer> regionIndex = new HashMap<>();
        private final List<Integer> slotRegion = new ArrayList<>();
        private final List<Long> slotFirstUnit = new ArrayList<>();
        private final List<Integer> slotUnits = new ArrayList<>();
        private final List<long[]> slotOptions = new ArrayList<>();
        private final List<Integer> fifoRegion = new ArrayList<>();
        private final List<Long> fifoUnit = new ArrayList<>();
        private final List<Long> fifoValue = new ArrayList<>();
        private final Map<Long, Long> fifoWorking = new HashMap<>();
        private boolean relaxedOrdering;

        private Builder(int nodeId, boolean tornLines) {
            this.nodeId = nodeId;
            this.tornLines = tornLines;
        }

        /** Adds a PM region's media (after in-domain draining). Call in region-name order. */
        public Builder base(String region, long[] media) {
            return base(region, Pages.copyOf(media));
        }

        /** Adds a PM region's media as shared pages (a {@link MediaImage#snapshot}), in region-name order. */
        public Builder base(String region, Pages media) {
            regionIndex.put(region, names.size());
            names.add(region);
            bases.add(media);
            return this;
        }

        /** Adds a dirty line's distinct versions (version 0 = media) as one slot, or one slot per unit when torn. */
        Builder line(String region, DirtyLine line) {
            int r = regionIndex.get(region);
            long firstUnit = (long) line.line * DirtyLine.UNITS;
            if (!tornLines) {
                List<long[]> distinct = new ArrayList<>();
                for (int v = 0; v < line.count; v++) {
                    long[] version = line.version(v);
                    if (distinct.stream().noneMatch(d -> Arrays.equals(d, version))) {
                        distinct.add(version);
                    }
                }
                if (distinct.size() > 1) {
                    addSlot(r, firstUnit, DirtyLine.UNITS, distinct);
                }
                return this;
            }
            for (int u = 0; u < DirtyLine.UNITS; u++) {
                List<long[]> distinct = new ArrayList<>();
                for (int v = 0; v < line.count; v++) {
                    long value = line.unit(v, u);
                    if (distinct.stream().noneMatch(d -> d[0] == value)) {
                        distinct.add(new long[] {value});
                    }
                }
                if (distinct.size() > 1) {
                    addSlot(r, firstUnit + u, 1, distinct);
                }
            }
            return this;
        }

        private void addSlot(int region, long firstUnit, int units, List<long[]> options) {
            long[] flat = new long[options.size() * units];
            for (int i = 0; i < options.size(); i++) {
                System.arraycopy(options.get(i), 0, flat, i * units, units);
            }
            slotRegion.add(region);
            slotFirstUnit.add(firstUnit);
            slotUnits.add(units);
            slotOptions.add(flat);
        }

        /** Writes {@code data[0..length)} at {@code offsetBytes} into the base of {@code region} (a drain that surely happened). */
        public Builder apply(String region, long offsetBytes, byte[] data, int length) {
            Integer r = regionIndex.get(region);
            if (r == null || length == 0) {
                return this;
            }
            bases.set(r, bases.get(r).withBytes(offsetBytes, data, length));
            return this;
        }

        /** Appends a write still in the volatile FIFO, in FIFO order, split into the unit writes it makes. */
        public Builder fifo(String region, long offsetBytes, byte[] data, int length) {
            Integer r = regionIndex.get(region);
            if (r == null || length == 0) {
                return this; // DRAM: nothing of it survives either way
            }
            long firstUnit = offsetBytes >>> 3;
            long lastUnit = (offsetBytes + length - 1) >>> 3;
            long[] scratch = new long[1];
            MemorySegment unitBytes = MemorySegment.ofArray(scratch);
            for (long u = firstUnit; u <= lastUnit; u++) {
                long key = ((long) r << 40) | u;
                long before = fifoWorking.getOrDefault(key, bases.get(r).get((int) u));
                scratch[0] = before;
                long from = Math.max(offsetBytes, u * 8);
                long to = Math.min(offsetBytes + length, u * 8 + 8);
                MemorySegment.copy(data, (int) (from - offsetBytes), unitBytes, ValueLayout.JAVA_BYTE, from - u * 8, (int) (to - from));
                long after = scratch[0];
                if (after != before) {
                    fifoWorking.put(key, after);
                    fifoRegion.add(r);
                    fifoUnit.add(u);
                    fifoValue.add(after);
                }
            }
            return this;
        }

        /**
         * PCIe Relaxed Ordering (paper 003 §2, "may become persistent out-of-order"): the FIFO's unit writes drain in any
         * order, so at {@link #build} each unit they write becomes a slot after the dirty lines' (it wins over a line of
         * the same unit when chosen, as a drained FIFO write does).
         */
        public Builder relaxedOrdering(boolean relaxed) {
            this.relaxedOrdering = relaxed;
            return this;
        }

        public CrashFrontier build() {
            if (relaxedOrdering && !fifoUnit.isEmpty()) {
                unitsOfTheFifoAsSlots();
            }
            return new CrashFrontier(this);
        }

        /** Each unit the FIFO writes, in the order of its first write: a slot of its media value and the FIFO's values. */
        private void unitsOfTheFifoAsSlots() {
            java.util.LinkedHashMap<Long, List<long[]>> byUnit = new java.util.LinkedHashMap<>();
            for (int i = 0; i < fifoUnit.size(); i++) {
                int r = fifoRegion.get(i);
                long u = fifoUnit.get(i);
                long value = fifoValue.get(i);
                List<long[]> options = byUnit.computeIfAbsent(((long) r << 40) | u, k -> {
                    List<long[]> o = new ArrayList<>();
                    o.add(new long[] {bases.get(r).get((int) u)}); // option 0: nothing drained (never applied)
                    return o;
                });
                if (options.stream().skip(1).noneMatch(o -> o[0] == value)) {
                    options.add(new long[] {value});
                }
            }
            byUnit.forEach((key, options) -> addSlot((int) (key >>> 40), key & ((1L << 40) - 1), 1, options));
            fifoRegion.clear();
            fifoUnit.clear();
            fifoValue.clear();
        }
    }
}
