/** iRDMA's RPC over WRITE_WITH_IMM (paper 002 §4.1.1). */
package io.rdasuite.store.thdpms.irdma;
