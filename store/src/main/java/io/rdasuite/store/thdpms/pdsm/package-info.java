/** pDSM's servers, clients, object store and replication (paper 002 §4.1.5, §4.1.7, §4.1.8). */
package io.rdasuite.store.thdpms.pdsm;
