/** pDSM's 128-bit global addresses (paper 002 §4.1.2). */
package io.rdasuite.store.thdpms.addr;
