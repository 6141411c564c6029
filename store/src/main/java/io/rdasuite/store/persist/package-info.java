/**
 * Remote-persistence recipes (paper 003 §3.2–3.3, Tables 2 and 3): how a requester makes one update, or two
 * ordered updates, persistent at a responder, per server configuration and transport. {@link
 * io.rdasuite.store.persist.Recipes#paper} gives the paper's recipe for each of the 72 cells; {@link
 * io.rdasuite.store.persist.RemoteUpdater} (requester) and {@link io.rdasuite.store.persist.UpdateResponder}
 * (responder) carry any {@link io.rdasuite.store.persist.Recipe} out, including the wrong ones the taxonomy
 * search tries.
 */
package io.rdasuite.store.persist;
