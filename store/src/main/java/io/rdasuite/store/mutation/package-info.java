/**
 * Planted bugs: the switches the project's own mutation test turns on one at a time (DESIGN §5a). Each store's package
 * declares its own {@link io.rdasuite.store.mutation.Plant}s and registers them as
 * {@link io.rdasuite.store.mutation.PackagePlants}; {@link io.rdasuite.store.mutation.Plant#NONE} is no bug.
 */
package io.rdasuite.store.mutation;
