/**
 * The HTML report of a run ({@code --report DIR} on {@code rda check}, {@code fuzz}, {@code lin check}, every
 * {@code bench}, {@code sim-bench} and {@code merge}): made from the run's JSON document, so a merged campaign gets the
 * same report as a single run. {@link io.rdasuite.cli.report.ReportSite} writes the folder; a page per command
 * ({@code CheckPage}, {@code FuzzPage}, {@code LinPage}, {@code BenchPage}) lays out the verdict, the matrices
 * ({@code Matrix}), the findings and the charts ({@code Charts}: ECharts option documents, the library copied from its
 * webjar into {@code DIR/assets}). Decisions: a benchmark page has no verdict of its own (each paper claim shows
 * agrees/differs); timelines are drawn for findings whose replay token re-runs one crash state (REMOTELOG and the
 * stores, {@code rda2.}); cluster, transaction and fuzz findings show their replay line and trace only.
 */
package io.rdasuite.cli.report;
