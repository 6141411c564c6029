package io.rdasuite.store.persist;

/** One contiguous update, or two ordered ones, a then b (paper 003 §3.2 and §3.3). */
public enum UpdateKind {
    SINGLETON,
    COMPOUND;

    /** {@code singleton} or {@code compound}, as the JSON output names them. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
