package io.rdasuite.store.kv;

/** No room for another key or object; every key stored before stays readable. */
public final class StoreFullException extends RuntimeException {
    public StoreFullException(String message) {
        super(message);
    }
}
