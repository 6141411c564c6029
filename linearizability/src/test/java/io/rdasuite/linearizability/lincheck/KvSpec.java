package io.rdasuite.linearizability.lincheck;

import java.util.HashMap;
import java.util.Map;

/**
 * The sequential specification of a key-value store, as Lincheck's tests call it: a map from key numbers to
 * value numbers; a get of an absent key returns 0. Each store's Lincheck subject has operations of the same
 * names and parameter types.
 */
public class KvSpec {
    private final Map<Integer, Integer> map = new HashMap<>();

    public void put(int key, int value) {
        map.put(key, value);
    }

    public int get(int key) {
        return map.getOrDefault(key, 0);
    }

    public void delete(int key) {
        map.remove(key);
    }
}
