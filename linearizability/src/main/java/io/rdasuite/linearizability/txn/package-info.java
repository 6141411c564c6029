/**
 * Serializability of transactional histories, Elle-style (Kingsbury and Alvaro, VLDB 2020), for TH-DPMS's
 * transactions (paper 002 §4.1.6) and any Jepsen history of {@code :txn} operations. {@link
 * io.rdasuite.linearizability.txn.TxnHistory} reads EDN or JSON Lines; {@link
 * io.rdasuite.linearizability.txn.SerializabilityChecker} infers the dependency graph and names the anomaly of the most
 * specific cycle.
 *
 * <p>What is inferred. List-append: each key's version order is its longest read, and every read must be a prefix of it
 * (else {@code incompatible-order}); ww edges join consecutive appends, a wr edge goes from the appender of a read's last
 * element to the reader, an rw edge from the reader to the appender of the element after what it read. Read-write
 * registers: the version order is known only where a committed transaction reads a value and then writes the key (that
 * value precedes its write), so rw edges come from those pairs; wr edges from the writer of the value read. Real-time
 * edges (with {@code --strict}) go from each committed transaction to the first transaction of each process invoked
 * after it completed.
 *
 * <p>What is assumed. Values are unique per key. An {@code :info} transaction (pending at the end or at a crash)
 * commits entirely or not at all: it is committed when a read observes any of its writes, and then all its writes are
 * in the graph, so a read that misses another of its writes closes a cycle.
 *
 * <p>Anomalies. G1a: a read of a value an aborted ({@code :fail}) transaction wrote (or no transaction wrote). G1b: a
 * read of a transaction's intermediate (not final) write of a key. Cycles, most specific first: G0 (ww only), G1c (ww
 * and wr), G-single (exactly one rw), G2-item (more rw); a cycle that exists only with real-time edges is named with
 * {@code -realtime}. {@link io.rdasuite.linearizability.txn.CycleSvg} draws each cycle as an SVG in an HTML page
 * ({@code rda lin check --model txn-… --timeline DIR}).
 *
 * <p>Cost. Each read element is looked up once (a key's writes are numbered, {@code Inference.Writes}); edges live in a
 * table of primitive pairs ({@code PairTable}) with the facts they were added for, put in words only for the steps of a
 * cycle that is reported; the cycle search reuses each edge mask's adjacency and components. {@link
 * io.rdasuite.linearizability.txn.SyntheticHistory} generates Elle-shaped histories for the JMH benchmark
 * ({@code TxnCheckBenchmarks}) and the start-up cache's training.
 */
package io.rdasuite.linearizability.txn;
