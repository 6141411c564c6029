/** The monitor of pDSM (paper 002 §4.1.3, §5.4): a deterministic state machine behind a replicated log. */
package io.rdasuite.store.thdpms.monitor;
