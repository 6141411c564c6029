package io.rdasuite.store.nessie;

import io.rdasuite.store.fabric.Node;

/**
 * What every Nessie-family client does around an operation, whatever carries it out (§4.2 client-driven, §5
 * server-driven or hybrid): checks the key and value against the shape, counts the operation, marks whether the
 * verbs that follow belong to a GET (for the per-operation verb and byte counters of Figs. 8-11), and opens the
 * clock's operation scope.
 */
abstract class NessieKvBase implements NessieKv {
    final Node node;
    final NessieConfig config;
    final NessieClient.Stats stats = new NessieClient.Stats();
    /** True while a GET runs: its verbs count as GET verbs, the others as PUT/DELETE verbs. */
    boolean inGet;

    NessieKvBase(Node node, NessieConfig config) {
        this.node = node;
        this.config = config;
    }

    /** Stores {@code value} under {@code key}: true once it is the key's value. */
    abstract boolean putNow(byte[] key, byte[] value);

    /** Removes {@code key}: true once it is gone. */
    abstract boolean deleteNow(byte[] key);

    /** The key's value, or null when it is absent. */
    abstract byte[] getNow(byte[] key);

    @Override
    public final boolean put(byte[] key, byte[] value) {
        config.shape().check(key, value);
        if (value == null) {
            throw new IllegalArgumentException("a put needs a value; delete removes keys");
        }
        stats.puts++;
        inGet = false;
        try (var scope = node.clock().operation("put")) {
            return putNow(key, value);
        }
    }

    @Override
    public final boolean delete(byte[] key) {
        config.shape().check(key, null);
        stats.deletes++;
        inGet = false;
        try (var scope = node.clock().operation("delete")) {
            return deleteNow(key);
        }
    }

    @Override
    public final byte[] get(byte[] key) {
        config.shape().check(key, null);
        stats.gets++;
        inGet = true;
        try (var scope = node.clock().operation("get")) {
            return getNow(key);
        }
    }

    @Override
    public final Node node() {
        return node;
    }

    @Override
    public final NessieClient.Stats stats() {
        return stats;
    }
}
