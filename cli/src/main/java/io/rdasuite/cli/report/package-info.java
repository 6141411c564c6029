/**
 * The HTML report of a run ({@code --report DIR} on {@code rda check}, {@code fuzz}, {@code lin check}, every
 * {@code bench}, {@code sim-bench} and {@code merge}): made from the run's JSON document (plus, for the report alone,
 * what only it draws: fuzz coverage growth and finding examples, a timed history's or a real-backend benchmark's
 * operations over time, YCSB's paper figures), so a merged campaign gets the same report as a single run.
 * {@link io.rdasuite.cli.report.ReportSite} writes the folder; a page per command ({@code CheckPage} with its findings
 * index and a page per finding, {@code FuzzPage}, {@code LinPage}, {@code BenchPage}) lays out the verdict, the
 * matrices ({@code Matrix}: columns grouped by transport, families collapsible, 1400 px wide at most), the findings
 * ({@code FindingBox}) and the charts ({@code Charts}: ECharts option documents, the library copied from its webjar
 * into {@code DIR/assets}; {@code HistoryPlots}: Jepsen's latency and rate plots with fault windows). Every page, the
 * timelines too, carries the run's metadata ({@code RunInfo}). Decisions: a benchmark page has no verdict of its own
 * (each paper claim shows agrees/differs); timelines are redrawn from the replay tokens of store, REMOTELOG, pDSM
 * ({@code rda2.}), transaction ({@code rdat1.}) and pDFS ({@code rdafs1.}) findings; a crowded benchmark chart (over 40
 * bars or 8 lines) becomes small multiples.
 */
package io.rdasuite.cli.report;
