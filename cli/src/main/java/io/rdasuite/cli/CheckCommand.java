package io.rdasuite.cli;

import io.rdasuite.crashsim.Budget;
import io.rdasuite.crashsim.Explorer;
import io.rdasuite.crashsim.Invariant;
import io.rdasuite.crashsim.Op;
import io.rdasuite.crashsim.Program;
import io.rdasuite.crashsim.Scenario;
import io.rdasuite.crashsim.Shrinker;
import io.rdasuite.crashsim.Subject;
import io.rdasuite.crashsim.Violation;
import io.rdasuite.crashsim.pinned.AnchoredExploration;
import io.rdasuite.crashsim.pinned.PinnedFindings;
import io.rdasuite.crashsim.subjects.InPlaceSubject;
import io.rdasuite.crashsim.subjects.RemoteLogSubject;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.persist.Method;
import io.rdasuite.store.persist.PrimaryOp;
import io.rdasuite.store.persist.Recipe;
import io.rdasuite.store.persist.Recipes;
import io.rdasuite.store.persist.UpdateKind;
import io.rdasuite.store.protocol.KvProtocol;
import io.rdasuite.store.protocol.KvProtocols;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import me.tongfei.progressbar.ProgressBar;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code rda check}: REMOTELOG (paper 003 §4.1) under every configuration × transport × primary operation ×
 * singleton/compound, each append persisted by the paper's recipe (Tables 2–3), explored under power
 * failures: every crash point (bounded), every post-crash image (bounded), recovery, checks. Then the
 * negative controls, which must be caught, and the key-value stores, whose findings must match the pinned ones.
 */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = {"Explore crash states on the simulator: REMOTELOG under every server configuration and recipe, the negative"
                + " controls, every key-value store (Erda, Redo Logging, Read After Write, eFactory, SAW, IMM, Forca), and TH-DPMS's"
                + " clusters (the pDSM object store, transactions checked strictly serializable, pDKVS, pDFS).",
                "Exit codes: 0 all claims hold, controls caught, findings as pinned; 1 a claim failed, a control was missed or a"
                        + " cell's findings changed; 2 bad usage; 3 the budget is too small to catch a negative control."})
final class CheckCommand implements Callable<Integer> {
    /** Exit code when {@code --budget} is too small for the negative controls to be caught. */
    static final int EXIT_BUDGET_TOO_SMALL = 3;

    @Mixin
    CommonOptions common;

    @Mixin
    ClasspathOption classpath;

    @Spec
    CommandSpec spec;

    @Mixin
    CellOptions cellOptions;

    @Option(names = "--appends", defaultValue = "3", description = "Appends per run (default: ${DEFAULT-VALUE}).")
    int appends;

    @Option(names = "--protocols", split = ",", converter = Converters.Protocol.class,
            description = "Key-value stores to check (default: all).")
    List<KvProtocol> protocols;

    @Option(names = "--subject", paramLabel = "CLASS",
            description = "Check only the store of this class (its KvProtocolFamily, or its KvProtocol class; a store of your own"
                    + " comes with --classpath): its key-value cells under the filters, without REMOTELOG's cells, the negative"
                    + " controls or TH-DPMS's clusters. Instead of --protocols.")
    String subjectClass;

    @Option(names = "--findings", paramLabel = "FILE",
            description = "Pinned findings to compare with (default: the suite's own, " + PinnedFindings.BUILT_IN + ").")
    Path findingsFile;

    @Option(names = "--write-findings", paramLabel = "FILE",
            description = "Write the findings observed, over the pinned ones, to FILE (to approve a change, commit its diff).")
    Path writeFindings;

    @Option(names = "--clusters", defaultValue = "all", paramLabel = "NAME", converter = ClusterChoice.Converter.class,
            completionCandidates = ClusterChoice.Names.class,
            description = "Explore the cluster cell families (TH-DPMS's and Nessie's, each a registered ClusterCellFamily) in every"
                    + " configuration and transport the filters take: ${COMPLETION-CANDIDATES} (default: all). An unknown name gets the"
                    + " list with what each family explores.")
    ClusterChoice clusters;

    @Option(names = "--pin-seeds", defaultValue = "3", paramLabel = "N",
            description = "With --write-findings: run seeds --seed .. --seed+N-1; the findings of the seed-independent anchor are pinned"
                    + " certain, those only some seed's search reached possible (informational; default: ${DEFAULT-VALUE}).")
    int pinSeeds;

    @Option(names = "--search-only",
            description = "Explore only the seed's search, not the seed-independent anchor (the same for every seed): for sweeps"
                    + " over seeds, after one full run. Claims and controls are judged; pinned findings are not compared.")
    boolean searchOnly;

    @Mixin
    RemoteOptions remote;

    @Mixin
    RemoteCheckOptions remoteCheck;
    @Mixin PlantOption plant;

    @Mixin
    ReportOption htmlReport;

    @Override
    public Integer call() throws java.io.IOException {
        plant.apply();
        if (remote.remote()) {
            return RemoteCheckRun.run(spec, common, remote, remoteCheck);
        }
        remote.addresses(spec);
        if (appends < 1 || appends > 64) {
            throw new ParameterException(spec.commandLine(), "--appends must be in 1..64");
        }
        if (subjectClass != null) {
            chooseSubject();
        }
        Budget b = cellOptions.scaledBudget(spec);
        PinnedFindings pinned = pinnedFindings();
        if (searchOnly && writeFindings != null) {
            throw new ParameterException(spec.commandLine(), "--search-only cannot --write-findings: the pins describe the anchor, which a search-only run skips");
        }
        if (pinSeeds < 1 || pinSeeds > 100) {
            throw new ParameterException(spec.commandLine(), "--pin-seeds must be in 1..100");
        }
        long wallStart = System.nanoTime();
        Interrupts.install();
        CheckReport.timelineDir = htmlReport.wanted() ? htmlReport.dir.resolve("timelines") : null; // no file unless asked
        CheckReport report;
        try {
            report = run(common.seed, b, pinned);
        } finally {
            CheckReport.timelineDir = null;
        }
        report.campaign = campaign();
        report.cellsPlanned = plannedCells;
        report.interrupted = Interrupts.requested() ? Interrupts.signal() : null;
        report.judge(cellOptions.budget);
        if (writeFindings != null) {
            // The anchor is the same for every seed: its findings are pinned as certain. What the seeds' searches reached
            // besides is written as possible, for people to read; it never changes a verdict.
            java.util.TreeMap<String, PinnedFindings.Pin> pins = new java.util.TreeMap<>(pinned.entries());
            java.util.TreeMap<String, java.util.TreeSet<String>> searched = report.seedObserved();
            for (int k = 1; k < pinSeeds && !Interrupts.requested(); k++) {
                run(common.seed + k, b, pinned).seedObserved().forEach((cell, f) -> searched.merge(cell, f, (x, y) -> {
                    x.addAll(y);
                    return x;
                }));
            }
            report.observed().forEach((cell, certain) -> {
                java.util.TreeSet<String> possible = new java.util.TreeSet<>(searched.getOrDefault(cell, new java.util.TreeSet<>()));
                possible.removeAll(certain);
                pins.put(cell, new PinnedFindings.Pin(certain, possible));
            });
            PinnedFindings.write(writeFindings, pins, "rda check --seed " + common.seed + " --pin-seeds " + pinSeeds + " --budget " + cellOptions.budget);
        }
        long wallNanos = System.nanoTime() - wallStart;
        report.print(spec.commandLine().getOut(), common, cellOptions, appends, wallNanos);
        htmlReport.write(spec, Json.tree(report.document(common, cellOptions, wallNanos))); // the report reads plain maps
        if (writeFindings != null) {
            spec.commandLine().getErr().println("rda check: wrote the findings of seeds " + common.seed + ".." + (common.seed + pinSeeds - 1) + " to "
                    + writeFindings);
        }
        if (report.interrupted != null) {
            spec.commandLine().getErr().println("rda check: stopped by " + report.interrupted + " after " + report.cellsDone() + " of " + plannedCells
                    + " cells; the verdict covers those only");
            spec.commandLine().getErr().flush();
            return Interrupts.EXIT_INTERRUPTED;
        }
        if (report.budgetTooSmall()) {
            spec.commandLine().getErr().println("rda check: --budget " + cellOptions.budget + " is too small to catch the negative controls ("
                    + String.join(", ", report.missedControls()) + " missed), so a pass would prove nothing; use --budget 1 (the default) or more");
            spec.commandLine().getErr().flush();
            return EXIT_BUDGET_TOO_SMALL;
        }
        return report.passed() ? 0 : 1;
    }

    /** One run of every selected cell under {@code seed}: REMOTELOG, the controls (shard 0), the stores. */
    private CheckReport run(long seed, Budget b, PinnedFindings pinned) {
        List<Cells.Cell> cells = subjectClass != null ? List.of() : cellOptions.cells();
        List<StoreCells.Cell> storeCells = StoreCells.select(protocols, cellOptions);
        Map<ClusterCellFamily.Section, List<ClusterCellFamily.Cell>> familyCells = new java.util.EnumMap<>(ClusterCellFamily.Section.class);
        Map<ClusterCellFamily.Section, ClusterCellFamily.Cell> familyControls = new java.util.EnumMap<>(ClusterCellFamily.Section.class);
        for (ClusterCellFamily.Section section : ClusterCellFamily.Section.values()) {
            familyCells.put(section, new java.util.ArrayList<>());
        }
        for (ClusterCellFamily family : ClusterCellFamily.all()) {
            if (!clusters.takes(family)) {
                continue;
            }
            List<ClusterCellFamily.Cell> selected = family.select(cellOptions);
            familyCells.get(family.section()).addAll(selected);
            if (!selected.isEmpty() && cellOptions.shard.index() == 0) {
                family.control().ifPresent(control -> familyControls.put(family.section(), control));
            }
        }
        CheckReport report = new CheckReport();
        long weight = (long) b.crashPoints() * b.imagesPerPoint() * b.timings(); // the most crash states a cell's budget allows
        int controls = cellOptions.shard.index() == 0 && subjectClass == null ? 2 : 0;
        int total = cells.size() + controls + storeCells.size() + familyControls.size()
                + familyCells.values().stream().mapToInt(List::size).sum();
        plannedCells = total;
        try (ProgressDisplay progress = ProgressDisplay.start("check", weight * total, total, common.json, spec.commandLine().getErr())) {
            progress.phase("REMOTELOG");
            report.rows.addAll(Parallel.map(cells, cell -> {
                LogRow row = explore(seed, new LogCell(cell.index(),
                        new RemoteLogSubject(Recipes.required(cell.config(), cell.transport(), cell.op(), cell.update())), cell.config(), cell.transport(),
                        false), b, pinned);
                progress.cellDone(weight, row.crashStates());
                return row;
            }, () -> { }, Interrupts::requested));
            if (controls > 0 && !Interrupts.requested()) {
                progress.phase("controls");
                ServerConfig dmp = ServerConfig.parse("DMP+DDIO+DRAM-RQWRB");
                report.controls.add(explore(seed, new LogCell(-1, new RemoteLogSubject(new Recipe(PrimaryOp.WRITE, UpdateKind.SINGLETON, Method.COMPLETION)),
                        dmp, Transport.IB, true), b, pinned));
                progress.cellDone(weight, report.controls.getLast().crashStates());
                ServerConfig mhp = ServerConfig.parse("MHP+NODDIO+DRAM-RQWRB");
                report.controls.add(explore(seed, new LogCell(-2, new InPlaceSubject(Recipes.paper(mhp, Transport.IB, PrimaryOp.WRITE, UpdateKind.SINGLETON)),
                        mhp, Transport.IB, true), b, pinned));
                progress.cellDone(weight, report.controls.getLast().crashStates());
            }
            progress.phase("stores");
            report.stores.addAll(Parallel.map(storeCells, sc -> {
                StoreRow row = StoreCells.explore(sc, seed, b, pinned, searchOnly);
                progress.cellDone(weight, row.crashStates());
                return row;
            }, () -> { }, Interrupts::requested));
            for (ClusterCellFamily.Section section : ClusterCellFamily.Section.values()) {
                progress.phase(section.phase());
                ClusterCellFamily.Cell control = familyControls.get(section);
                if (control != null && !Interrupts.requested()) {
                    ClusterRow row = control.explore(seed, cellOptions.budget, activePlant());
                    report.control(section, row);
                    progress.cellDone(weight, row.crashStates());
                }
                Parallel.map(familyCells.get(section), cell -> {
                    ClusterRow row = cell.explore(seed, cellOptions.budget, activePlant());
                    progress.cellDone(weight, row.crashStates());
                    return row;
                }, () -> { }, Interrupts::requested).forEach(row -> report.add(section, row));
            }
        }
        return report;
    }

    /**
     * {@code --subject}: the protocols of that class instead of {@code --protocols}, and no cluster cells. Giving
     * {@code --protocols} or {@code --clusters} beside it is an error, since they would choose other cells.
     */
    private void chooseSubject() {
        for (String other : List.of("--protocols", "--clusters")) {
            if (spec.commandLine().getParseResult().hasMatchedOption(other)) {
                throw new ParameterException(spec.commandLine(), "--subject checks one store's cells only; drop " + other);
            }
        }
        try {
            protocols = KvProtocols.ofClass(subjectClass);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--subject: " + e.getMessage());
        }
        clusters = ClusterChoice.NONE;
    }

    /** The {@code --plant} plant; TH-DPMS's cells switch it on where it is their store's ({@link PlantOption#within}). */
    private Plant activePlant() {
        return plant.plant == null ? Plant.NONE : plant.plant;
    }

    /** Cells (and controls) the filters chose, for the partial verdict of a stopped run. */
    private int plannedCells;

    /** What this run was, for its JSON (see {@link Campaign}). */
    private Campaign campaign() {
        Map<String, String> filters = new LinkedHashMap<>();
        filters.put("config", Campaign.filter(cellOptions.configs == null ? null : cellOptions.configs.stream().map(ServerConfig::name).toList()));
        filters.put("transport", Campaign.filter(cellOptions.transports));
        filters.put("op", Campaign.filter(cellOptions.ops));
        filters.put("update", Campaign.filter(cellOptions.updates));
        filters.put("protocols", Campaign.filter(protocols == null ? null : protocols.stream().map(KvProtocol::cliName).toList()));
        filters.put("clusters", clusters.cliName());
        filters.put("appends", Integer.toString(appends));
        filters.put("plant", plant.plant == null ? "none" : plant.plant.cliName());
        filters.put("findings", findingsFile == null ? "built-in" : findingsFile.toString());
        filters.put("searchOnly", Boolean.toString(searchOnly));
        if (subjectClass != null) {
            filters.put("subject", subjectClass); // only then: the JSON of a run without it stays as it was
        }
        return Campaign.of(spec, filters, cellOptions.budget, common.seed, cellOptions.shard);
    }

    private PinnedFindings pinnedFindings() {
        if (findingsFile == null) {
            return PinnedFindings.builtIn();
        }
        try {
            return PinnedFindings.read(findingsFile);
        } catch (java.io.IOException e) {
            throw new ParameterException(spec.commandLine(), "--findings: cannot read " + findingsFile + " (" + e.getMessage() + ")");
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--findings: " + e.getMessage());
        }
    }

    /**
     * A REMOTELOG cell or a negative control, as the report numbers it.
     *
     * @param index   the cell's number (-1, -2: the controls)
     * @param control a negative control: it must fail (CAUGHT), and its catch is pinned
     */
    private record LogCell(int index, Subject subject, ServerConfig config, Transport transport, boolean control) {
    }

    private LogRow explore(long seed, LogCell cell, Budget b, PinnedFindings pinned) {
        Subject subject = cell.subject();
        ServerConfig config = cell.config();
        Transport transport = cell.transport();
        boolean control = cell.control();
        Program program = control && subject instanceof InPlaceSubject
                ? Program.of(List.of(Op.put(1, 1), Op.put(1, 2))) : Program.sequentialPuts(appends);
        Scenario scenario = new Scenario(subject.name(), config, transport, seed, program);
        AnchoredExploration split = searchOnly ? AnchoredExploration.searchOnly(subject, scenario, CellOptions.BASE_BUDGET, b)
                : AnchoredExploration.explore(subject, scenario, CellOptions.BASE_BUDGET, b);
        Explorer.Report r = split.total();
        Recipe recipe = subject instanceof RemoteLogSubject log ? log.recipe() : null;
        List<String> caughtBy = null;
        PinStatus pin = null;
        if (control) {
            // the pin compares the seed-independent anchor's catch; the seed's search may add to it, never change the verdict
            TreeSet<String> caught = new TreeSet<String>();
            if (split.anchoredRun()) {
                split.anchored().statesByInvariant().keySet().forEach(i -> caught.add(i.name()));
            }
            caughtBy = List.copyOf(caught);
            String key = PinnedFindings.cell(subject.name(), config.name(), transport.name());
            pin = PinStatus.of(split.anchoredRun() ? pinned.compare(key, caught) : null, split.anchoredRun());
        }
        LogRow.Counterexample cx = null;
        if (!r.passed()) {
            long shrinkStart = System.nanoTime(); // reported only (wallShrinkMillis), never an input to the run
            Violation shrunk = Shrinker.shrink(subject, r.violations().getFirst(), b);
            long shrinkNanos = System.nanoTime() - shrinkStart;
            String timeline = r.statesByInvariant().containsKey(io.rdasuite.linearizability.crash.CrashHistoryCheck.INVARIANT)
                    ? CheckReport.timeline(shrunk.token()) : null;
            cx = new LogRow.Counterexample(shrunk.invariant().name(), shrunk.invariant().claimText(), shrunk.detail(),
                    shrunk.scenario().program().size(), shrunk.crashEvent(), shrunk.replayCommand(), shrunk.trace(), shrunk.crashPoint(),
                    shrinkNanos / 1_000_000, timeline);
        }
        return new LogRow(cell.index(), subject.name(), config.name(), transport.name(),
                recipe == null ? null : recipe.op().name(), recipe == null ? null : recipe.update().label(), recipe == null ? null : recipe.steps(),
                r.events(), r.crashPoints(), r.crashStates(), r.violatingStates(),
                control ? (r.passed() ? "MISSED" : "CAUGHT") : (r.passed() ? "PASS" : "FAIL"), caughtBy, pin, cx);
    }
}
