/**
 * Reading and writing histories: JSON Lines (read and written; what RDA Suite's workload drivers record),
 * Jepsen's text log (the public etcd histories) and Jepsen's EDN maps. Errors name the file and line.
 */
package io.rdasuite.linearizability.format;
