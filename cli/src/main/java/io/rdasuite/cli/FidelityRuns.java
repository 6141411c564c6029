package io.rdasuite.cli;

import io.rdasuite.bench.fidelity.PaperClaim;
import io.rdasuite.bench.fidelity.PhysicalBound;
import io.rdasuite.bench.kv.EfactoryClaims;
import io.rdasuite.bench.kv.ErdaClaims;
import io.rdasuite.bench.kv.NvmWrites;
import io.rdasuite.bench.kv.YcsbBench;
import io.rdasuite.bench.nessie.NessieBench;
import io.rdasuite.bench.nessie.NessieClaims;
import io.rdasuite.bench.taxonomy.RemoteLogBench;
import io.rdasuite.bench.thdpms.ThdpmsBench;
import io.rdasuite.crashsim.taxonomy.Taxonomy;
import io.rdasuite.hwsim.model.CostModel;
import io.rdasuite.store.baseline.BaselineProtocol;
import io.rdasuite.store.efactory.EfProtocol;
import io.rdasuite.store.erda.ErdaProtocol;
import io.rdasuite.store.fabric.PersistenceDomain;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.kv.KvShape;
import io.rdasuite.store.nessie.NessieMode;
import io.rdasuite.store.nessie.NessieOptimization;
import io.rdasuite.store.persist.PrimaryOp;
import io.rdasuite.store.persist.UpdateKind;
import io.rdasuite.store.protocol.KvProtocol;
import io.rdasuite.store.workload.Ycsb;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The figures {@code rda bench fidelity} runs (issue 32, item 4), one method per paper, each adding the paper's claims
 * beside the model's figures and the physical bounds its runs must respect. The parameters are those of the figures'
 * own commands (docs/MEASURED.md, docs/COMMANDS.md); {@code quick} runs fewer operations per client, for tests: its
 * verdicts can differ from the full run's.
 */
final class FidelityRuns {
    /** What one source measured. */
    record Part(String name, List<PaperClaim> claims, List<PhysicalBound> bounds) {
    }

    /** The sources in page order, by the name {@code --only} takes. */
    static final List<String> SOURCES = List.of("erda", "efactory", "remotelog", "taxonomy", "nessie", "thdpms");

    private final long seed;
    private final boolean quick;

    FidelityRuns(long seed, boolean quick) {
        this.seed = seed;
        this.quick = quick;
    }

    Part run(String source, Consumer<String> progress) {
        List<PaperClaim> claims = new ArrayList<>();
        List<PhysicalBound> bounds = new ArrayList<>();
        switch (source) {
            case "erda" -> erda(claims, bounds, progress);
            case "efactory" -> efactory(claims, bounds, progress);
            case "remotelog" -> remotelog(claims, progress);
            case "taxonomy" -> taxonomy(claims, progress);
            case "nessie" -> nessie(claims, bounds, progress);
            case "thdpms" -> thdpms(claims, bounds, progress);
            default -> throw new IllegalArgumentException("unknown source '" + source + "'; valid: " + String.join(", ", SOURCES));
        }
        return new Part(source, claims, bounds);
    }

    /** Paper 000: Table 1 at K = 16 and 1 KB values; Erda against Redo Logging in YCSB A, B, C and update-only. */
    private void erda(List<PaperClaim> claims, List<PhysicalBound> bounds, Consumer<String> progress) {
        KvShape shape = new KvShape(16, 1024);
        for (KvProtocol p : List.of(ErdaProtocol.ERDA, BaselineProtocol.REDO)) {
            progress.accept("paper 000 Table 1, " + p.cliName());
            claims.addAll(ErdaClaims.table1(p, shape, NvmWrites.measure(p, shape)));
        }
        for (Ycsb.Workload w : Ycsb.Workload.values()) {
            progress.accept("paper 000 YCSB-" + w.name());
            List<YcsbBench.Result> results = ycsb(w, List.of(ErdaProtocol.ERDA, BaselineProtocol.REDO), shape, 8, "erda-testbed", bounds);
            claims.addAll(ErdaClaims.ycsb(w, results));
        }
    }

    /** Paper 001: §6.1 at 4 KB values and 8 clients, §6.2 at 2 KB values from 1 to 16 clients. */
    private void efactory(List<PaperClaim> claims, List<PhysicalBound> bounds, Consumer<String> progress) {
        List<KvProtocol> all = List.of(EfProtocol.EFACTORY, EfProtocol.EFACTORY_NOHR, EfProtocol.SAW, EfProtocol.IMM, ErdaProtocol.ERDA,
                EfProtocol.FORCA);
        for (Ycsb.Workload w : Ycsb.Workload.values()) {
            progress.accept("paper 001 §6.1 YCSB-" + w.name());
            claims.addAll(EfactoryClaims.forWorkload(w, 4096, ycsb(w, all, new KvShape(16, 4096), 8, "efactory-testbed", bounds)));
        }
        int[] clients = {1, 8, 16};
        for (Ycsb.Workload w : List.of(Ycsb.Workload.C, Ycsb.Workload.A, Ycsb.Workload.UPDATE_ONLY)) {
            progress.accept("paper 001 §6.2 YCSB-" + w.name());
            Map<KvProtocol, long[]> throughput = new LinkedHashMap<>();
            for (KvProtocol p : List.of(EfProtocol.EFACTORY, EfProtocol.IMM, EfProtocol.SAW)) {
                long[] t = new long[clients.length];
                for (int i = 0; i < clients.length; i++) {
                    t[i] = ycsb(w, List.of(p), new KvShape(32, 2048), clients[i], "efactory-testbed", bounds).getFirst().throughputOpsPerSecond();
                }
                throughput.put(p, t);
            }
            claims.addAll(EfactoryClaims.forScaling(w, clients, throughput));
        }
    }

    private List<YcsbBench.Result> ycsb(Ycsb.Workload w, List<KvProtocol> protocols, KvShape shape, int clients, String profile,
                                        List<PhysicalBound> bounds) {
        CostModel cost = CostModel.profile(profile);
        YcsbBench.Spec spec = new YcsbBench.Spec(w, Ycsb.Distribution.ZIPF, shape, clients, 1000, quick ? 40 : 200, cost,
                ServerConfig.parse("DMP+DDIO+DRAM-RQWRB"), seed);
        List<YcsbBench.Result> results = new ArrayList<>();
        double reads = switch (w) {
            case A -> 0.5;
            case B -> 0.95;
            case C -> 1.0;
            case UPDATE_ONLY -> 0.0;
        };
        for (KvProtocol p : protocols) {
            YcsbBench.Result r = YcsbBench.run(p, spec);
            results.add(r);
            // every operation moves its value through the one server's port, reads out and writes in
            bounds.add(new PhysicalBound("YCSB-" + w.name() + ", " + p.cliName() + ", " + clients + " clients, " + shape.valueBytes() + " B values",
                    "the server's port at " + cost.linkGbps() + " Gb/s each way", r.throughputOpsPerSecond() * (double) shape.valueBytes()
                    * Math.max(reads, 1 - reads), cost.linkBytesPerNs() * 1e9, "B/s"));
        }
        return results;
    }

    /** Paper 003 §4.3-4.4: REMOTELOG's append latency in every cell and the paper's six claims. */
    private void remotelog(List<PaperClaim> claims, Consumer<String> progress) {
        progress.accept("paper 003 Fig. 2, 144 cells");
        List<RemoteLogBench.Measurement> all = new ArrayList<>();
        for (Cells.Cell c : Cells.select(null, null, null, null, new Cells.Shard(0, 1))) {
            all.add(RemoteLogBench.measure(c.config(), c.transport(), c.update(), c.op(), quick ? 50 : 200, seed));
        }
        claims.addAll(RemoteLogBench.claims(all));
    }

    /** Paper 003 Tables 2-3: every cell's cheapest recipe the explorer proves, with strict PCIe ordering and with Relaxed Ordering. */
    private void taxonomy(List<PaperClaim> claims, Consumer<String> progress) {
        String figure = "paper 003 Tables 2-3";
        for (boolean relaxed : new boolean[] {false, true}) {
            progress.accept(figure + (relaxed ? ", Relaxed Ordering" : ", strict ordering"));
            List<ServerConfig> configs = ServerConfig.all().stream().map(c -> c.withRelaxedOrdering(relaxed)).toList();
            List<Taxonomy.Cell> cells = new ArrayList<>();
            for (Cells.Cell c : Cells.select(configs, null, null, null, new Cells.Shard(0, 1))) {
                cells.add(Taxonomy.cell(c.config(), c.transport(), c.op(), c.update(), CellOptions.BASE_BUDGET.scaled(quick ? 0.3 : 1), 2, seed));
            }
            String ordering = relaxed ? "under PCIe Relaxed Ordering" : "with in-order PCIe";
            long correct = cells.stream().filter(c -> c.paper() != null && c.paper().correct()).count();
            long cheapest = cells.stream().filter(Taxonomy.Cell::agreesWithPaper).count();
            claims.add(new PaperClaim(figure, "the paper's recipe is correct in every cell, " + ordering,
                    correct + " of " + cells.size() + " cells pass the crash explorer", cells.size(), correct, cells.size(), cells.size()));
            claims.add(new PaperClaim(figure, "the paper's recipe is the cheapest correct one in every cell, " + ordering,
                    cheapest + " of " + cells.size() + " cells", cells.size(), cheapest, cells.size(), cells.size()));
            if (relaxed) {
                List<Taxonomy.Cell> twoFlush = cells.stream().filter(c -> c.config().domain() == PersistenceDomain.DMP && !c.config().ddio()
                        && c.update() == UpdateKind.COMPOUND && c.op() != PrimaryOp.SEND).toList();
                long agree = twoFlush.stream().filter(Taxonomy.Cell::agreesWithPaper).count();
                claims.add(new PaperClaim(figure, "DMP without DDIO, compound WRITE and WRITE_IMM: the paper's two FLUSHes are needed " + ordering,
                        agree + " of " + twoFlush.size() + " cells", twoFlush.size(), agree, twoFlush.size(), twoFlush.size()));
            }
        }
    }

    /** Paper 004: Fig. 4 (16 KB, 90% GETs, 0 and 8 background processes), Figs. 5-11 (uniform, 50% GETs), Figs. 12-13 (Zipf). */
    private void nessie(List<PaperClaim> claims, List<PhysicalBound> bounds, Consumer<String> progress) {
        // each figure's runs are judged apart, as `rda bench nessie` runs them (docs/COMMANDS.md): a claim reads whatever
        // runs it is given, and Fig. 4's 16 KB runs at 90% GETs are not Figs. 5-7's at 50%
        List<NessieMode> modes = List.of(NessieMode.NESSIE, NessieMode.NESSIE_SD, NessieMode.NESSIE_HY);
        progress.accept("paper 004 Fig. 4");
        List<NessieBench.Result> fig4 = new ArrayList<>();
        for (int background : new int[] {0, 8}) {
            for (NessieMode m : modes) {
                fig4.add(nessie(m, 16384, 0.9, Ycsb.Distribution.UNIFORM, background, quick ? 100 : 1000, NessieOptimization.all(), bounds));
            }
        }
        claims.addAll(NessieClaims.evaluate(fig4));
        List<NessieBench.Result> fig5to11 = new ArrayList<>();
        for (int size : new int[] {2048, 8192, 16384, 131072}) {
            progress.accept("paper 004 Figs. 5-11, " + size + " B");
            for (NessieMode m : modes) {
                fig5to11.add(nessie(m, size, 0.5, Ycsb.Distribution.UNIFORM, 0, quick ? 50 : 300, NessieOptimization.all(), bounds));
            }
        }
        claims.addAll(NessieClaims.evaluate(fig5to11));
        for (double gets : new double[] {0.5, 0.99}) {
            progress.accept("paper 004 Figs. 12-13, " + Math.round(gets * 100) + "% GETs");
            List<NessieBench.Result> zipf = new ArrayList<>();
            for (int size : new int[] {256, 16384}) {
                zipf.add(nessie(NessieMode.NESSIE_SD, size, gets, Ycsb.Distribution.ZIPF, 0, quick ? 50 : 300, NessieOptimization.all(), bounds));
            }
            zipf.add(nessie(NessieMode.NESSIE, 256, gets, Ycsb.Distribution.ZIPF, 0, quick ? 50 : 300, NessieOptimization.all(), bounds));
            for (Set<NessieOptimization> rung : NessieOptimization.ladder()) {
                zipf.add(nessie(NessieMode.NESSIE, 16384, gets, Ycsb.Distribution.ZIPF, 0, quick ? 50 : 300, rung, bounds));
            }
            claims.addAll(NessieClaims.evaluate(zipf));
        }
    }

    private NessieBench.Result nessie(NessieMode mode, int size, double gets, Ycsb.Distribution distribution, int background, int ops,
                                      Set<NessieOptimization> optimizations, List<PhysicalBound> bounds) {
        int nodes = 4;
        NessieBench.Result r = NessieBench.run(new NessieBench.Spec(mode, nodes, size, gets, distribution, background, ops, 240, seed,
                optimizations, "nessie-testbed", NessieBench.Spec.LINUX_SLICE_NS, NessieBench.WORKERS));
        if (distribution == Ycsb.Distribution.UNIFORM) {
            // a remote operation's value crosses one node's port one way; a quarter of the keys are local (a Zipf run's cache
            // serves hot values without the wire, so only uniform runs are bounded)
            CostModel cost = CostModel.profile("nessie-testbed");
            bounds.add(new PhysicalBound("paper 004, " + mode.cliName() + ", " + size + " B, " + Math.round(gets * 100) + "% GETs, "
                    + background + " background", nodes + " ports at " + cost.linkGbps() + " Gb/s each way, 3/4 of the operations remote",
                    r.goodputBytesPerSecond() * (1 - 1.0 / nodes), nodes * cost.linkBytesPerNs() * 1e9, "B/s"));
        }
        return r;
    }

    /** Paper 002 §5: Figs. 11-17 as {@code rda bench thdpms} runs them. */
    private void thdpms(List<PaperClaim> claims, List<PhysicalBound> bounds, Consumer<String> progress) {
        progress.accept("paper 002 Figs. 11-17");
        ThdpmsBenchCommand.Figures f = ThdpmsBenchCommand.measure("all", quick ? List.of(1, 3) : List.of(1, 2, 3, 4, 5, 6), List.of(2, 6), seed);
        claims.addAll(f.claims());
        for (Map<String, Object> r : f.results()) {
            if (r.containsKey("bytesPerSecond")) {
                int servers = (Integer) r.get("servers");
                bounds.addAll(ThdpmsBench.bounds("paper 002 Fig. " + r.get("figure") + ", " + servers + " servers, " + r.get("op"), servers,
                        "write-persist".equals(r.get("op")), ((Number) r.get("bytesPerSecond")).doubleValue()));
            }
        }
    }
}
