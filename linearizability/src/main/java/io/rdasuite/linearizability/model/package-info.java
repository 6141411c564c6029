/**
 * Models: sequential specifications of one key, compiled to int states for the search. Register
 * (read/write), cas-register (read/write/cas, initially nil) and kv (get/put/cas/delete/append), all checked
 * key by key.
 */
package io.rdasuite.linearizability.model;
