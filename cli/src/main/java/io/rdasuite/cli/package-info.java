/**
 * The {@code rda} command (DESIGN §7), on picocli. {@link io.rdasuite.cli.Rda} is the entry point; it builds only the
 * subcommand it is asked for. Each subcommand is a thin layer over the library modules: {@code check} (REMOTELOG in
 * every taxonomy cell, the negative controls, the key-value stores against their pinned findings, TH-DPMS's clusters
 * (pDSM, pDKVS, transactions, pDFS), Nessie's client-fault search: {@code StoreCells}, {@code ClusterCells},
 * {@code TxnCells}, {@code FsCells}, {@code NessieCells}), {@code fuzz}, {@code taxonomy} (paper 003 Tables 2–3),
 * {@code replay}, {@code bench} (REMOTELOG, YCSB, scale, Nessie, TH-DPMS), {@code nvm-writes}, {@code sim-bench},
 * {@code lin check} (recorded histories, for linearizability or with Elle's transaction checker) and {@code merge} (a
 * campaign's shards); against real processes, {@code serve}, {@code serve-status}, {@code thdpms-client},
 * {@code doctor}, and {@code check} or {@code bench ycsb} with {@code --fabric}.
 *
 * <p>Shared here: the options ({@code CommonOptions}, {@code PlantOption}, {@code ReportOption}, {@code RemoteOptions}),
 * JSON output, the {@code Campaign} record that {@code merge} compares, progress display, SIGINT/SIGTERM handling, and
 * {@code Errors}: one line per error and documented exit codes. Independent simulations run across the cores
 * ({@code Parallel}), each deterministic. The HTML reports are {@link io.rdasuite.cli.report};
 * {@link io.rdasuite.cli.StartupTraining} is the workload that writes the JDK's ahead-of-time cache for {@code ./rda}.
 * This module depends on every library module but {@code stress}; logic that belongs to a library stays there.
 *
 * <p>{@code rda check}'s rows are records that Jackson writes as the JSON ({@code LogRow} for REMOTELOG cells and the
 * negative controls, {@code StoreRow} for the key-value stores, each with {@code PinStatus}; the cluster families'
 * {@code ClusterRow}s: {@code PdsmRow}, {@code TxnRow}, {@code NessieRow}, {@code TxnControlRow}). Readers of a saved
 * JSON document, {@code merge} and the HTML report, read maps: the report gets the run's document as maps
 * ({@code Json.tree}), as it would read a file.
 */
package io.rdasuite.cli;
