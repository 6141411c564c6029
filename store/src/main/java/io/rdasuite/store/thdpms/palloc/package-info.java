/** PAllocator, pDSM's naive heap (paper 002 §4.1.4). */
package io.rdasuite.store.thdpms.palloc;
