package io.rdasuite.crashsim.txn;

import io.rdasuite.crashsim.Execution;
import io.rdasuite.crashsim.TokenCodec;
import io.rdasuite.crashsim.cluster.ServerImages;
import io.rdasuite.hwsim.fabric.FaultPlan;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.hwsim.memory.CrashFrontier;
import io.rdasuite.hwsim.memory.CrashImage;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.thdpms.monitor.MappingItem;
import io.rdasuite.store.thdpms.monitor.Replica;
import io.rdasuite.store.thdpms.pdsm.PdsmConfig;
import io.rdasuite.store.thdpms.pdsm.PdsmServer;
import io.rdasuite.store.thdpms.txn.TxnCluster;
import io.rdasuite.store.thdpms.txn.TxnCoordinator;
import io.rdasuite.store.thdpms.txn.TxnLayout;
import io.rdasuite.store.thdpms.txn.TxnOp;
import io.rdasuite.store.thdpms.txn.TxnOutcome;
import io.rdasuite.store.thdpms.txn.TxnPlantedBug;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Crash exploration of pDSM's transactions (paper 002 §4.1.6) across three PM servers, a monitor and the program's
 * clients: the program runs once uncut to count its events, then once per crash point and {@link TxnCrashTarget},
 * and (when every server lost power) once per post-crash image. After recovery a checker client reads every key in one
 * transaction, invoked after every other completed. Each history is checked by the supplied {@link TxnHistoryCheck}
 * (strict serializability of list-append: a transaction pending at the crash commits entirely or not at all), and the
 * explorer itself checks that the final read commits (recovery released every lock) and that every segment's live
 * copies agree after recovery (a committed write is at every replica, the point of COMMIT-BACKUP).
 */
public final class TxnExplorer {
    public static final int SERVERS = 3;
    private static final int FINAL_READ_ATTEMPTS = 24;
    /** Aimed crash points: this many events after (before, when negative) a commit step. */
    public static final long[] AIM_OFFSETS = {-1, 1, 32, 128, 384};
    /** A poller's pause between its reads, and its bound (a writer stuck for good must not keep it going forever). */
    private static final long POLL_PAUSE_NANOS = 1_000;
    private static final int MAX_POLLS = 400;
    private final PdsmConfig pdsmConfig = PdsmConfig.small();
    /** The participants' steps of the crashed run, recorded only when a finding is described ({@link #describe}); else null. */
    private List<TxnCrashPoint.Step> stepLog;

    /** What one exploration covers. */
    public record Scenario(ServerConfig config, Transport transport, long seed, TxnProgram program, Plant bug) {
        public static Scenario of(ServerConfig config, Transport transport, long seed, Plant bug) {
            return new Scenario(config, transport, seed, defaultProgram(seed), bug);
        }

        /** The same scenario running {@code smaller} instead (what shrinking tries). */
        public Scenario withProgram(TxnProgram smaller) {
            return new Scenario(config, transport, seed, smaller, bug);
        }

        /** Whether the program is the one {@link #of} generates from the seed (a token then need not carry it). */
        public boolean seedProgram() {
            return program.equals(defaultProgram(seed));
        }

        private static TxnProgram defaultProgram(long seed) {
            return TxnProgram.generate(seed, 3, 2, 4, 1);
        }
    }

    /** A violation, with the token that replays it. */
    public record Finding(String token, TxnCrashTarget target, long crashAt, int image, String violation, List<TxnRecord> history) {
    }

    /** What an exploration found and how many crash states it checked. */
    public record Result(long states, long events, List<Finding> findings) {
    }

    /** One run's outcome: its history with the final read, the explorer's own violations, and its event count. */
    record Run(List<TxnRecord> history, List<String> violations, long events, boolean crashed, int images, List<Long> commitSteps) {
    }

    /**
     * Explores {@code scenario}: {@code crashPoints} evenly spread crash points per target, {@code images} post-crash
     * images per point where every server lost power. Stops at the first finding per target when {@code firstOnly}.
     */
    public Result explore(Scenario scenario, List<TxnCrashTarget> targets, int crashPoints, int images, TxnHistoryCheck check, boolean firstOnly) {
        return explore(scenario, targets, crashPoints, false, images, check, firstOnly);
    }

    /**
     * As above; with {@code aim}, also crash {@link #AIM_OFFSETS} events around every COMMIT-BACKUP and COMMIT-PRIMARY
     * of the uncut run (where a commit becomes durable or visible: the windows a planted ordering bug opens are a few
     * events wide, too narrow for evenly spread points to hit), taking only the oldest post-crash image there.
     */
    public Result explore(Scenario scenario, List<TxnCrashTarget> targets, int crashPoints, boolean aim, int images, TxnHistoryCheck check,
                          boolean firstOnly) {
        return explore(scenario, targets, crashPoints, aim ? AIM_OFFSETS : new long[0], images, check, firstOnly);
    }

    /** As above, aiming at the given offsets (events after a commit step; negative: before it). */
    public Result explore(Scenario scenario, List<TxnCrashTarget> targets, int crashPoints, long[] aimOffsets, int images, TxnHistoryCheck check,
                          boolean firstOnly) {
        Run uncut = run(scenario, null, -1, 0);
        TreeMap<Long, Integer> points = new TreeMap<>(); // crash event -> images to take there
        if (aimOffsets.length > 0) {
            for (long step : uncut.commitSteps()) {
                for (long d : aimOffsets) {
                    if (step + d > 0 && step + d < uncut.events()) {
                        points.put(step + d, Math.min(1, images)); // the oldest image: everything not yet persistent is lost
                    }
                }
            }
        }
        for (int p = 1; p <= crashPoints; p++) {
            points.put(uncut.events() * p / (crashPoints + 1), images);
        }
        List<Finding> findings = new ArrayList<>();
        long states = 1;
        HashMap<CheckedHistory, String> checked = new HashMap<>(); // history → the check's verdict (null: holds); never iterated
        String v = verdict(uncut, check, checked);
        if (v != null) {
            findings.add(new Finding(token(scenario, null, -1, 0), null, -1, 0, v, uncut.history()));
        }
        java.util.EnumSet<TxnCrashTarget> done = java.util.EnumSet.noneOf(TxnCrashTarget.class);
        Map<Long, Prefix> prefixes = null; // every point's crash of every server, from one run (when a target needs one)
        for (var point : points.entrySet()) {
            long crashAt = point.getKey();
            Prefix prefix = null; // the crash of every server, shared by both restarting targets and every image
            for (TxnCrashTarget target : targets) {
                if (firstOnly && done.contains(target)) {
                    continue;
                }
                if (!target.runsOn() && prefix == null) {
                    prefixes = prefixes == null ? crashPrefixes(scenario, points) : prefixes;
                    prefix = prefixes.get(crashAt);
                }
                int pointImages = point.getValue();
                int count = target.runsOn() ? 1 : pointImages;
                for (int image = 0; image < count && !(firstOnly && done.contains(target)); image++) {
                    Run r = target.runsOn() ? runOn(scenario, target, crashAt) : restart(scenario, target, prefix, image);
                    if (!r.crashed()) {
                        break;
                    }
                    states++;
                    String why = verdict(r, check, checked);
                    if (why != null) {
                        findings.add(new Finding(token(scenario, target, crashAt, image), target, crashAt, image, why, r.history()));
                        done.add(target);
                    }
                }
            }
        }
        return new Result(states, uncut.events(), findings);
    }

    /** The history of the run without a crash, with the checker's final read: what a smoke test looks at. */
    public List<TxnRecord> uncutHistory(Scenario scenario) {
        return run(scenario, null, -1, 0).history();
    }

    static String verdict(Run r, TxnHistoryCheck check) {
        if (!r.violations().isEmpty()) {
            return String.join("; ", r.violations());
        }
        return check.check(r.history());
    }

    /**
     * As {@link #verdict(Run, TxnHistoryCheck)}, checking a history equal to one checked before only once: the check
     * is a function of the history, and the images of one crash point (and both targets that restart from it) often
     * read back the same values after the same prefix.
     */
    private static String verdict(Run r, TxnHistoryCheck check, HashMap<CheckedHistory, String> checked) {
        if (!r.violations().isEmpty()) {
            return String.join("; ", r.violations());
        }
        CheckedHistory key = new CheckedHistory(r.history());
        if (checked.containsKey(key)) {
            return checked.get(key);
        }
        String why = check.check(r.history());
        checked.put(key, why);
        return why;
    }

    /**
     * A history compared by content: every record's client, operations, outcome, reads, event stamps and reason (all a
     * check can read).
     */
    static final class CheckedHistory {
        private final List<TxnRecord> history;
        private final int hash;

        CheckedHistory(List<TxnRecord> history) {
            this.history = history;
            int h = history.size();
            for (TxnRecord t : history) {
                h = 31 * h + recordHash(t);
            }
            this.hash = h;
        }

        private static int recordHash(TxnRecord t) {
            int h = Objects.hash(t.client(), t.ops(), t.outcome(), t.invoke(), t.complete(), t.why());
            if (t.reads() != null) {
                for (long[] read : t.reads()) {
                    h = 31 * h + Arrays.hashCode(read);
                }
            }
            return h;
        }

        private static boolean same(TxnRecord a, TxnRecord b) {
            if (a == b) {
                return true;
            }
            if (a.client() != b.client() || a.invoke() != b.invoke() || a.complete() != b.complete() || a.outcome() != b.outcome()
                    || !a.ops().equals(b.ops()) || !a.why().equals(b.why()) || (a.reads() == null) != (b.reads() == null)) {
                return false;
            }
            if (a.reads() != null) {
                if (a.reads().size() != b.reads().size()) {
                    return false;
                }
                for (int i = 0; i < a.reads().size(); i++) {
                    if (!Arrays.equals(a.reads().get(i), b.reads().get(i))) {
                        return false;
                    }
                }
            }
            return true;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof CheckedHistory k) || k.hash != hash || k.history.size() != history.size()) {
                return false;
            }
            for (int i = 0; i < history.size(); i++) {
                if (!same(k.history.get(i), history.get(i))) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    // ---- replay tokens --------------------------------------------------------------------------------------------

    /** Every transaction replay token starts with this (then the {@link TokenCodec} envelope). */
    public static final String TOKEN_PREFIX = "rdat1.";
    private static final String HINT = "copy the whole rdat1.… token rda check printed";

    /**
     * A replay token: {@code config:transport:seed:bug:target:crash event:image} (target {@code none}: the uncut run) in
     * the checksummed envelope, plus {@code :program} ({@link TxnProgram#encode()}) when the program is not the seed's
     * (a shrunk one).
     */
    public static String token(Scenario s, TxnCrashTarget target, long crashAt, int image) {
        String body = String.join(":", s.config().name(), s.transport().name(), Long.toString(s.seed()),
                TxnPlantedBug.labelOf(s.bug()), target == null ? "none" : target.label(), Long.toString(crashAt),
                Integer.toString(image));
        return TokenCodec.encode(TOKEN_PREFIX, s.seedProgram() ? body : body + ":" + s.program().encode());
    }

    /** What a token names: the scenario, the target (null: uncut), the crash event and the image. */
    public record Replay(Scenario scenario, TxnCrashTarget target, long crashAt, int image) {
    }

    /** Decodes a token; a malformed one is an {@link IllegalArgumentException} saying why. */
    public static Replay decode(String token) {
        String[] p = TokenCodec.decode(TOKEN_PREFIX, token, HINT).split(":");
        if (p.length != 7 && p.length != 8) {
            throw new IllegalArgumentException("malformed replay token: 7 or 8 fields expected, " + p.length + " found; " + HINT);
        }
        Plant bug = TxnPlantedBug.parse(p[3]);
        Scenario s = Scenario.of(ServerConfig.parse(p[0]), Transport.parse(p[1]), Long.parseLong(p[2]), bug);
        if (p.length == 8) {
            s = s.withProgram(TxnProgram.decode(p[7]));
        }
        return new Replay(s, p[4].equals("none") ? null : TxnCrashTarget.parse(p[4]), Long.parseLong(p[5]), Integer.parseInt(p[6]));
    }

    /** The history of a token's run (with the read-back), whatever the checks say. */
    public List<TxnRecord> replayHistory(String token) {
        Replay r = decode(token);
        return run(r.scenario(), r.target(), r.crashAt(), r.image()).history();
    }

    /**
     * A finding's crash state run again with the participants' steps recorded: where the crash cut each client's
     * transaction, in the steps of paper 002 §4.1.6 ({@link TxnCrashPoint}); never computed while exploring.
     */
    public List<String> describe(String token) {
        Replay r = decode(token);
        if (r.target() == null || r.crashAt() < 0) {
            return List.of("no crash: the run without one already fails");
        }
        stepLog = new ArrayList<>();
        try {
            Run run = run(r.scenario(), r.target(), r.crashAt(), r.image());
            return TxnCrashPoint.describe(r.target(), r.crashAt(), run.history(), stepLog);
        } finally {
            stepLog = null;
        }
    }

    /** The uncut run of {@code s} with the participants' steps recorded: where a shrinker re-locates a crash point. */
    Probe probe(Scenario s) {
        stepLog = new ArrayList<>();
        try {
            Run run = run(s, null, -1, 0);
            return new Probe(run, List.copyOf(stepLog));
        } finally {
            stepLog = null;
        }
    }

    /** An uncut run and its participants' steps. */
    record Probe(Run run, List<TxnCrashPoint.Step> steps) {
    }

    /** Runs a token's crash state again and checks it; the finding, or null when it holds. */
    public Finding replay(String token, TxnHistoryCheck check) {
        Replay r = decode(token);
        Run run = run(r.scenario(), r.target(), r.crashAt(), r.image());
        String why = verdict(run, check);
        return why == null ? null : new Finding(token, r.target(), r.crashAt(), r.image(), why, run.history());
    }

    // ---- one run --------------------------------------------------------------------------------------------------

    private static int monitorNode() {
        return SERVERS;
    }

    private static int clientNode(int c) {
        return SERVERS + 1 + c;
    }

    private SimFabric.Builder fabric(Scenario s) {
        SimFabric.Builder b = SimFabric.builder().seed(s.seed()).transport(s.transport()).cost(Execution.EXPLORATION_COST);
        for (int n = 0; n < SERVERS + 1 + s.program().clients().size() + 1; n++) {
            b.node(s.config());
        }
        return b;
    }

    private List<Integer> servers() {
        return List.of(0, 1, 2);
    }

    /** Clients of the program plus the checker (the last coordinator). */
    private List<Integer> clients(Scenario s) {
        List<Integer> c = new ArrayList<>();
        for (int i = 0; i <= s.program().clients().size(); i++) {
            c.add(clientNode(i));
        }
        return c;
    }

    Run run(Scenario s, TxnCrashTarget target, long crashAt, int image) {
        if (target == null || crashAt < 0) {
            return runOn(s, null, -1);
        }
        return target.runsOn() ? runOn(s, target, crashAt) : restart(s, target, crashPrefix(s, crashAt, image + 1), image);
    }

    /** No crash, or a partial one: the cluster runs on and the checker reads back in the same run. */
    private Run runOn(Scenario s, TxnCrashTarget target, long crashAt) {
        FaultPlan plan = FaultPlan.NONE.continuingAfterPowerFailure();
        if (target != null) {
            int node = target == TxnCrashTarget.SERVER_0 || target == TxnCrashTarget.SERVER_0_REREPLICATED ? 0 : clientNode(0);
            plan = plan.with(FaultPlan.Fault.powerFailure(node, crashAt));
        }
        try (SimFabric fabric = fabric(s).faults(plan).build()) {
            TxnCluster cluster = TxnCluster.deploy(fabric, servers(), monitorNode(), clients(s), pdsmConfig, 1, false, s.bug());
            if (target == TxnCrashTarget.SERVER_0_REREPLICATED) {
                cluster.pdsm.remapOnFailure();
            }
            record(fabric, cluster);
            List<Long> steps = new ArrayList<>();
            cluster.onCommitStep(() -> steps.add(fabric.engine().dispatched()));
            List<List<TxnRecord>> perClient = spawnClients(fabric, cluster, s.program());
            fabric.run();
            long events = fabric.engine().dispatched();
            boolean crashed = !fabric.firedFaults().isEmpty();
            List<TxnRecord> history = merged(perClient);
            List<String> violations = new ArrayList<>();
            readBack(fabric, cluster, s, history, violations, true, 0);
            return new Run(history, violations, events, crashed, 1, List.copyOf(steps));
        }
    }

    /**
     * The run up to a power failure of every server, with each server's post-crash images {@code 0 … images-1} (0 the
     * oldest, 1 the newest, the rest seeded samples) and the monitor's PM.
     */
    record Prefix(List<TxnRecord> history, long events, boolean crashed, List<TreeMap<Integer, CrashImage>> images,
                  io.rdasuite.hwsim.memory.PmImage monitorPm) {
    }

    Prefix crashPrefix(Scenario s, long crashAt, int images) {
        FaultPlan plan = FaultPlan.NONE;
        for (int n : servers()) {
            plan = plan.with(FaultPlan.Fault.powerFailure(n, crashAt));
        }
        try (SimFabric fabric = fabric(s).faults(plan).build()) {
            TxnCluster cluster = TxnCluster.deploy(fabric, servers(), monitorNode(), clients(s), pdsmConfig, 1, false, s.bug());
            record(fabric, cluster);
            List<List<TxnRecord>> perClient = spawnClients(fabric, cluster, s.program());
            fabric.run();
            long events = fabric.engine().dispatched();
            if (fabric.firedFaults().isEmpty()) {
                return new Prefix(merged(perClient), events, false, List.of(), null);
            }
            List<TreeMap<Integer, CrashImage>> all = ServerImages.take(fabric, servers(), s.seed(), images);
            return new Prefix(merged(perClient), events, true, all, fabric.pmSnapshot(monitorNode()));
        }
    }

    /**
     * What {@link #crashPrefix} returns at each of {@code points} (crash event → images), from one run instead of one per
     * point: before each point's event an engine observer records the servers' frontiers as if they lost power then
     * (computed on copies: the run goes on), the monitor's PM and the history so far. Up to its crash point a crashing
     * run is the run without a crash, and observers leave the run as it is ({@code Engine#observeAt}), so the records
     * equal the crashing runs' ({@code TxnPrefixOnePassTest} compares them); as in {@code Execution#runCrashingAtEach}.
     */
    Map<Long, Prefix> crashPrefixes(Scenario s, SortedMap<Long, Integer> points) {
        TreeMap<Long, Prefix> out = new TreeMap<>();
        boolean[] over = {false};
        try (SimFabric fabric = fabric(s).build()) {
            List<List<TxnRecord>> perClient = new ArrayList<>();
            for (var point : points.entrySet()) {
                long crashAt = point.getKey();
                fabric.engine().observeAt(crashAt, () -> {
                    if (over[0]) {
                        return; // closing the fabric dispatches its actors' last events: the run is over
                    }
                    TreeMap<Integer, CrashFrontier> frontiers = new TreeMap<>();
                    for (int n : servers()) {
                        frontiers.put(n, fabric.frontierIfPowerFailedNow(n));
                    }
                    out.put(crashAt, new Prefix(merged(perClient), crashAt, true, ServerImages.take(frontiers, servers(), s.seed(), point.getValue()),
                            fabric.pmSnapshot(monitorNode())));
                });
            }
            TxnCluster cluster = TxnCluster.deploy(fabric, servers(), monitorNode(), clients(s), pdsmConfig, 1, false, s.bug());
            perClient.addAll(spawnClients(fabric, cluster, s.program()));
            fabric.run();
            over[0] = true;
            long events = fabric.engine().dispatched();
            for (long crashAt : points.keySet()) { // points after the run's last event: no crash happens there
                out.computeIfAbsent(crashAt, k -> new Prefix(merged(perClient), events, false, List.of(), null));
            }
        }
        return out;
    }

    /** Restarts the servers from image {@code image} of the prefix (server 0 stays lost for that target) and reads back. */
    Run restart(Scenario s, TxnCrashTarget target, Prefix prefix, int image) {
        if (!prefix.crashed()) {
            return new Run(prefix.history(), List.of(), prefix.events(), false, 0, List.of());
        }
        boolean lose0 = target == TxnCrashTarget.ALL_SERVERS_LOSE_SERVER_0;
        SimFabric.Builder b = fabric(s);
        if (prefix.monitorPm() != null) {
            b.restore(monitorNode(), prefix.monitorPm());
        }
        prefix.images().get(image).forEach((n, img) -> {
            if (!(lose0 && n == 0)) {
                b.restore(n, img);
            }
        });
        if (lose0) {
            b.faults(FaultPlan.NONE.continuingAfterPowerFailure().with(FaultPlan.Fault.powerFailure(0, 0)));
        }
        List<TxnRecord> history = new ArrayList<>(prefix.history());
        List<String> violations = new ArrayList<>();
        try (SimFabric restarted = b.build()) {
            TxnCluster cluster = TxnCluster.deploy(restarted, servers(), monitorNode(), clients(s), pdsmConfig, 1, true, s.bug());
            readBack(restarted, cluster, s, history, violations, lose0, prefix.events() + 1); // after every event of the crashed run
        }
        return new Run(history, violations, prefix.events(), true, prefix.images().size(), List.of());
    }

    /** Records the participants' steps of a crashed run when a finding is being described. */
    private void record(SimFabric fabric, TxnCluster cluster) {
        List<TxnCrashPoint.Step> log = stepLog;
        if (log != null) {
            cluster.onStep((phase, server, c, txn) -> log.add(new TxnCrashPoint.Step(fabric.engine().dispatched(), phase, server, c, txn)));
        }
    }

    private static List<List<TxnRecord>> spawnClients(SimFabric fabric, TxnCluster cluster, TxnProgram program) {
        List<List<TxnRecord>> perClient = new ArrayList<>();
        int writers = program.clients().size() - program.readers();
        int[] running = {writers};
        for (int c = 0; c < program.clients().size(); c++) {
            List<TxnRecord> records = new ArrayList<>();
            perClient.add(records);
            int client = c;
            boolean poller = c >= writers;
            List<List<TxnOp>> txns = program.clients().get(c);
            TxnCoordinator coordinator = cluster.coordinators.get(c);
            fabric.node(clientNode(c)).spawn("txn-client-" + c, () -> {
                for (int i = 0; poller ? running[0] > 0 && i < MAX_POLLS : i < txns.size(); i++) {
                    List<TxnOp> ops = txns.get(i % txns.size());
                    long invoked = fabric.engine().dispatched();
                    records.add(new TxnRecord(client, ops, TxnRecord.Outcome.INFO, null, invoked, Long.MAX_VALUE, ""));
                    TxnOutcome o = poller ? coordinator.executeOnce(ops) : coordinator.execute(ops);
                    long done = fabric.engine().dispatched();
                    records.set(records.size() - 1, switch (o) {
                        case TxnOutcome.Committed ok -> new TxnRecord(client, ops, TxnRecord.Outcome.OK, ok.reads(), invoked, done, "");
                        case TxnOutcome.Aborted a -> new TxnRecord(client, ops, TxnRecord.Outcome.FAIL, null, invoked, done, a.why());
                        case TxnOutcome.Unknown u -> new TxnRecord(client, ops, TxnRecord.Outcome.INFO, null, invoked, done, u.why());
                    });
                    if (poller) {
                        fabric.node(clientNode(client)).clock().sleepNanos(POLL_PAUSE_NANOS);
                    }
                }
                coordinator.finish();
                if (!poller) {
                    running[0]--;
                }
            });
        }
        return perClient;
    }

    private static List<TxnRecord> merged(List<List<TxnRecord>> perClient) {
        List<TxnRecord> all = new ArrayList<>();
        perClient.forEach(all::addAll);
        all.sort(java.util.Comparator.comparingLong(TxnRecord::invoke).thenComparingInt(TxnRecord::client));
        return all;
    }

    /**
     * The checker client waits out the failure detector (a partial crash is found and recovered within a few probe
     * periods), reads every key in one transaction (retrying while locks are held or a failover is under way), and
     * appends it to the history; then each server's copies of the items are compared. {@code base} offsets its stamps
     * when it runs in a restarted simulation (whose event count starts again from zero).
     */
    private void readBack(SimFabric fabric, TxnCluster cluster, Scenario s, List<TxnRecord> history, List<String> violations, boolean waitForDetector,
                          long base) {
        int checker = s.program().clients().size();
        TxnCoordinator coordinator = cluster.coordinators.get(checker);
        List<TxnOp> ops = s.program().keys().stream().map(TxnOp::read).toList();
        TreeMap<Integer, Long> segments = new TreeMap<>();
        fabric.node(clientNode(checker)).spawn("txn-checker", () -> {
            if (waitForDetector) {
                fabric.node(clientNode(checker)).clock().sleepNanos((pdsmConfig.missedProbes() + 4) * pdsmConfig.probeNanos());
            }
            String last = "";
            for (int attempt = 0; attempt < FINAL_READ_ATTEMPTS; attempt++) {
                long invoked = base + fabric.engine().dispatched();
                TxnOutcome o = coordinator.execute(ops);
                if (o instanceof TxnOutcome.Committed ok) {
                    for (int key : s.program().keys()) {
                        segments.put(key, coordinator.segmentOfKey(key));
                    }
                    history.add(new TxnRecord(checker, ops, TxnRecord.Outcome.OK, ok.reads(), invoked, base + fabric.engine().dispatched(), ""));
                    return;
                }
                last = o.toString();
                fabric.node(clientNode(checker)).clock().sleepNanos(pdsmConfig.probeNanos());
            }
            violations.add("STUCK: the read-back never committed after recovery (" + last + ")");
        });
        fabric.run();
        if (!violations.isEmpty()) {
            return;
        }
        compareReplicas(fabric, cluster, coordinator, segments, violations);
    }

    /** Every live replica of a segment holding a program key has the same version and list for it. */
    private void compareReplicas(SimFabric fabric, TxnCluster cluster, TxnCoordinator keys, TreeMap<Integer, Long> segments,
                                 List<String> violations) {
        TreeMap<Long, MappingItem> table = new TreeMap<>(cluster.pdsm.monitor.view().table());
        TreeMap<String, long[]> copies = new TreeMap<>(); // "segment/key/node" -> words
        for (PdsmServer server : cluster.pdsm.servers) {
            if (!server.node().isUp()) {
                continue;
            }
            server.node().spawn("replica-snapshot", () -> {
                for (var e : segments.entrySet()) {
                    int key = e.getKey();
                    long segment = e.getValue();
                    Integer local = server.primaryLocal(segment);
                    local = local != null ? local : server.backupLocal(segment);
                    if (local != null) {
                        long[] words = new long[8];
                        server.segmentMemory(local).load(TxnLayout.itemAt(pdsmConfig, keys.slotOfKey(key)), MemorySegment.ofArray(words));
                        words[0] = TxnLayout.version(words[0]);
                        copies.put(segment + "/" + key + "/" + server.node().id(), words);
                    }
                }
            });
        }
        fabric.run();
        for (var e : segments.entrySet()) {
            int key = e.getKey();
            long segment = e.getValue();
            MappingItem item = table.get(segment);
            if (item == null) {
                continue;
            }
            long[] first = null;
            int firstNode = -1;
            for (Replica r : item.replicas()) {
                long[] w = copies.get(segment + "/" + key + "/" + r.nodeId());
                if (w == null) {
                    continue;
                }
                if (first == null) {
                    first = w;
                    firstNode = r.nodeId();
                } else if (!Arrays.equals(first, w)) {
                    violations.add("REPLICAS: key " + key + " differs between server " + firstNode + " (version " + first[0] + ", "
                            + Arrays.toString(Arrays.copyOfRange(first, 2, 2 + (int) Math.max(0, Math.min(6, first[1])))) + ") and server "
                            + r.nodeId() + " (version " + w[0] + ", " + Arrays.toString(Arrays.copyOfRange(w, 2, 2 + (int) Math.max(0, Math.min(6, w[1])))) + ")");
                }
            }
        }
    }
}
