/** Planted bugs: the switches the project's own mutation test turns on one at a time (DESIGN §5a). */
package io.rdasuite.store.mutation;
