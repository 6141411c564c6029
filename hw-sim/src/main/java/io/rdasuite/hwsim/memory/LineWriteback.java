package io.rdasuite.hwsim.memory;

/**
 * A clwb issued but not yet fenced: the line's content at the clwb, and how far its history had got.
 * {@link SimRegion#completeWriteback} makes it persistent at the thread's next sfence.
 */
public final class LineWriteback {
    final DirtyLine line;
    final long[] content = new long[DirtyLine.UNITS];
    final long asOf;

    LineWriteback(DirtyLine line) {
        this.line = line;
        this.asOf = line.appended;
        line.region.visible.copyUnits(line.line * DirtyLine.UNITS, content, 0, DirtyLine.UNITS);
    }

    /** The bytes this write-back puts on PM media: a whole line, or none for a DRAM line. */
    public int pmBytes() {
        return line.region.isPm() ? DirtyLine.UNITS * Long.BYTES : 0;
    }
}
