/** Workload generators: YCSB (paper 000 §5.1, paper 001 §6) over fixed-size keys and values. */
package io.rdasuite.store.workload;
