package io.rdasuite.linearizability.lincheck;

import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;

/** A {@link StoreSubject} with deletes: every store of {@code KvProtocol}. */
public abstract class KvStoreSubject extends StoreSubject {
    protected KvStoreSubject(LoopbackDeployment.Cache cache) {
        super(cache, LincheckStoresTest.SHAPE.keyBytes(), LincheckStoresTest.SHAPE.valueBytes(), true);
    }

    @Operation
    public void delete(@Param(name = "key") int key) {
        if (!client().delete(key(key))) {
            throw new IllegalStateException("delete not acknowledged");
        }
    }
}
