/** What a protocol claims, for the verifiers (DESIGN §4, the protocol descriptor). */
package io.rdasuite.store.protocol;
