/**
 * Reading and writing histories: JSON Lines (read and written; what RDA Suite's workload drivers record),
 * Jepsen's text log (the public etcd histories) and Jepsen's EDN as Jepsen and Knossos write it (one vector of
 * maps over many lines, or a map per line; {@link io.rdasuite.linearizability.format.EdnParser} reads the EDN
 * grammar). Errors are {@link io.rdasuite.linearizability.format.HistoryParseException}s naming the file, the line
 * and, for syntax, the column, and what was expected.
 */
package io.rdasuite.linearizability.format;
