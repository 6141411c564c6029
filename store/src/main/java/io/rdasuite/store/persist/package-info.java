/**
 * Remote-persistence recipes (paper 003 §3.2–3.3, Tables 2 and 3): how a requester makes an RDMA update
 * persistent at a responder, per server configuration and transport. So far the singleton RDMA WRITE column
 * of Table 2; the WRITE_IMM and SEND columns and the compound recipes of Table 3 follow with REMOTELOG.
 */
package io.rdasuite.store.persist;
