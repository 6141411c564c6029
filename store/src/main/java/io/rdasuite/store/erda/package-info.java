/**
 * Erda (paper 000): zero-copy log-structured memory for remote data atomicity. Objects (delete tag, CRC32,
 * key-value pair) are appended to per-head logs of regions divided into segments; a hopscotch hash table
 * indexes them with an 8-byte atomic region holding a new tag and two 31-bit offsets (the newest version
 * and the one before); clients write objects with one-sided RDMA WRITEs after the server reserved their
 * place and flipped the entry (§3.3, §4.1), and read them with RDMA READs, verifying the CRC and falling
 * back to the old version (§4.2, §4.3).
 *
 * <p>What Erda claims: atomic puts (RDA). Not durability at acknowledgement, nor monotonic reads across a
 * power failure (its metadata and objects become durable by cache eviction), nor a consistent version when
 * several writers of one key crash (paper 001 §7.2): the verifiers report those as findings.
 */
package io.rdasuite.store.erda;
