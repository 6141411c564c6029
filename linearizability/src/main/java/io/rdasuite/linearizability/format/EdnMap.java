package io.rdasuite.linearizability.format;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * A small EDN map (an operation map has 4 to 8 entries) as keys and values side by side in written order, looked up
 * by a scan that compares by identity first: the parser interns keywords, so {@code :type} is found without hashing.
 * Read-only once parsed; equal to any {@link java.util.Map} with the same entries.
 */
final class EdnMap extends AbstractMap<Object, Object> {
    private Object[] entries = new Object[16]; // key, value, key, value, ...
    private int size;

    /** Appends an entry whose key is not in the map yet (the parser checks). */
    void add(Object key, Object value) {
        if (2 * size + 2 > entries.length) {
            entries = Arrays.copyOf(entries, entries.length * 2);
        }
        entries[2 * size] = key;
        entries[2 * size + 1] = value;
        size++;
    }

    /** The key of entry {@code i} (in written order). */
    Object key(int i) {
        return entries[2 * i];
    }

    /** The value of entry {@code i}. */
    Object value(int i) {
        return entries[2 * i + 1];
    }

    private int indexOf(Object key) {
        Object[] e = entries;
        for (int i = 0; i < size; i++) {
            if (e[2 * i] == key) {
                return i;
            }
        }
        for (int i = 0; i < size; i++) {
            Object k = e[2 * i];
            if (k != null && k.equals(key)) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public Object get(Object key) {
        int i = indexOf(key);
        return i < 0 ? null : entries[2 * i + 1];
    }

    @Override
    public boolean containsKey(Object key) {
        return indexOf(key) >= 0;
    }

    @Override
    public void forEach(BiConsumer<? super Object, ? super Object> action) {
        for (int i = 0; i < size; i++) {
            action.accept(entries[2 * i], entries[2 * i + 1]);
        }
    }

    @Override
    public Set<Entry<Object, Object>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Entry<Object, Object>> iterator() {
                return new Iterator<>() {
                    private int next;

                    @Override
                    public boolean hasNext() {
                        return next < size;
                    }

                    @Override
                    public Entry<Object, Object> next() {
                        if (next >= size) {
                            throw new NoSuchElementException();
                        }
                        Entry<Object, Object> e = new SimpleImmutableEntry<>(entries[2 * next], entries[2 * next + 1]);
                        next++;
                        return e;
                    }
                };
            }

            @Override
            public int size() {
                return size;
            }
        };
    }
}
