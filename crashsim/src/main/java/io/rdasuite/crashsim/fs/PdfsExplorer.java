package io.rdasuite.crashsim.fs;

import io.rdasuite.crashsim.Execution;
import io.rdasuite.crashsim.TokenCodec;
import io.rdasuite.crashsim.cluster.SecondFailure;
import io.rdasuite.crashsim.cluster.ServerImages;
import io.rdasuite.hwsim.fabric.FaultPlan;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.hwsim.memory.CrashImage;
import io.rdasuite.hwsim.memory.PmImage;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.thdpms.fs.FsRecord;
import io.rdasuite.store.thdpms.fs.PdfsClient;
import io.rdasuite.store.thdpms.fs.PdfsCluster;
import io.rdasuite.store.thdpms.fs.PdfsPlantedBug;
import io.rdasuite.store.thdpms.pdsm.PdsmConfig;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Crash exploration of pDFS (paper 002 §4.2) on three PM servers (server 0 the directory server), a monitor and two
 * clients working in disjoint subtrees, under a power failure of every server (restart from each server's post-crash
 * image; the checker mounts, finishing rename intents), of the directory server alone and of a file metadata server
 * alone (the cluster fails over and runs on), and of a file metadata server followed, once re-replication gave its
 * segments their replicas back, by the primary of one of them (§4.1.7). After recovery the checker walks the namespace and checks: no entry whose
 * parent is gone (ORPHAN), no directory that does not lead to the root (CYCLE), no directory or file under two names
 * (DUPLICATE: a rename that was not atomic), and that the namespace is what each client's acknowledged operations
 * leave, with its operation in flight done or not (STATE). The run without a crash then checks the clients' directory
 * caches across clients ({@link DirectoryLeaseProbe}).
 */
public final class PdfsExplorer {
    static final int SERVERS = 3;
    /** How many probe periods the checker waits at most for re-replication to finish and the second failure to strike. */
    static final int SECOND_FAILURE_PROBES = 2_000;
    private final PdsmConfig pdsmConfig = PdsmConfig.small();

    /** The crash targets. */
    public enum Target {
        ALL_SERVERS, DIRECTORY_SERVER, FILE_SERVER,
        /**
         * A file metadata server fails, the monitor re-replicates its segments (§4.1.7), and once the last replica is
         * back the primary of that segment fails too ({@link SecondFailure}): the files are then read from the copies.
         */
        SECOND_FAILURE;

        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        }

        static Target parse(String s) {
            for (Target t : values()) {
                if (t.label().equals(s)) {
                    return t;
                }
            }
            throw new IllegalArgumentException("unknown pDFS crash target '" + s + "'; valid: "
                    + String.join(", ", Arrays.stream(values()).map(Target::label).toList()));
        }

        boolean runsOn() {
            return this != ALL_SERVERS;
        }
    }

    /** The cells' program: two clients in disjoint subtrees; directory and file renames, writes, an unlink. */
    public static final FsProgram PROGRAM = new FsProgram(List.of(
            List.of(FsOp.mkdir("/a", 100), FsOp.create("/a/f", 1), FsOp.write("/a/f", 1), FsOp.mkdir("/b", 101), FsOp.rename("/a/f", "/b/g"),
                    FsOp.rename("/a", "/b/c"), FsOp.create("/b/c/h", 2), FsOp.unlink("/b/g")),
            List.of(FsOp.mkdir("/d", 200), FsOp.create("/d/x", 3), FsOp.rename("/d/x", "/d/y"), FsOp.write("/d/y", 2), FsOp.create("/d/z", 4),
                    FsOp.rename("/d/z", "/d/w"))));

    /** What one exploration covers. */
    public record Scenario(ServerConfig config, Transport transport, long seed, Plant bug, FsProgram program) {
        /** The same scenario running {@code smaller} instead (what shrinking tries). */
        public Scenario withProgram(FsProgram smaller) {
            return new Scenario(config, transport, seed, bug, smaller);
        }
    }

    public record Finding(String token, Target target, long crashAt, int image, String violation) {
    }

    public record Result(long states, long events, List<Finding> findings) {
    }

    /**
     * One operation of a run's history, for timelines and shrinking: its client ({@code program size}: the checker),
     * index in the client's program (-1: the checker's mount and walk), text, first event, last event
     * ({@link Long#MAX_VALUE} when the run ended with it in flight) and whether it succeeded.
     */
    public record Call(int client, int index, String text, long invoke, long complete, boolean ok) {
    }

    /**
     * A run: per client, how many operations completed; the violation; each rename's first and last event; every
     * operation with its events, and the checker's.
     */
    record Run(long events, boolean crashed, int[] done, String violation, List<long[]> renames, List<Call> calls) {
    }

    private SimFabric.Builder fabric(Scenario s) {
        SimFabric.Builder b = SimFabric.builder().seed(s.seed()).transport(s.transport()).cost(Execution.EXPLORATION_COST);
        for (int n = 0; n < SERVERS + 1 + s.program().clients().size() + 1; n++) {
            b.node(s.config());
        }
        return b;
    }

    private static List<Integer> servers() {
        return List.of(0, 1, 2);
    }

    private static List<Integer> clients(Scenario s) {
        List<Integer> c = new ArrayList<>();
        for (int i = 0; i <= s.program().clients().size(); i++) {
            c.add(SERVERS + 1 + i);
        }
        return c;
    }

    /** Explores {@code crashPoints} evenly spread points per target, {@code images} images where every server crashed. */
    public Result explore(ServerConfig config, Transport transport, long seed, Plant bug, List<Target> targets, int crashPoints, int images,
                          boolean firstOnly) {
        return explore(config, transport, seed, bug, targets, crashPoints, 0, images, firstOnly);
    }

    /**
     * As above, plus {@code aimed} crash points spread inside each rename of the uncut run (the multi-step operation
     * whose atomicity is at stake), for the every-server target, with the oldest image only.
     */
    public Result explore(ServerConfig config, Transport transport, long seed, Plant bug, List<Target> targets, int crashPoints, int aimed,
                          int images, boolean firstOnly) {
        return explore(new Scenario(config, transport, seed, bug, PROGRAM), targets, crashPoints, aimed, images, firstOnly);
    }

    /** As above, for any scenario. */
    public Result explore(Scenario s, List<Target> targets, int crashPoints, int aimed, int images, boolean firstOnly) {
        Run uncut = runOn(s, null, -1);
        TreeMap<Long, Boolean> points = new TreeMap<>(); // crash event -> aimed (every-server target, one image)
        for (long[] rename : uncut.renames()) {
            for (int j = 1; j <= aimed; j++) {
                points.put(rename[0] + (rename[1] - rename[0]) * j / (aimed + 1), true);
            }
        }
        for (int p = 1; p <= crashPoints; p++) {
            points.put(uncut.events() * p / (crashPoints + 1), false);
        }
        List<Finding> findings = new ArrayList<>();
        if (uncut.violation() != null) {
            findings.add(new Finding(token(s, null, -1, 0), null, -1, 0, uncut.violation()));
        }
        long states = 1;
        java.util.EnumSet<Target> done = java.util.EnumSet.noneOf(Target.class);
        for (var point : points.entrySet()) {
            long crashAt = point.getKey();
            boolean aimedPoint = point.getValue();
            Prefix prefix = null;
            for (Target t : targets) {
                if (firstOnly && done.contains(t) || aimedPoint && t.runsOn()) {
                    continue;
                }
                int count = t.runsOn() ? 1 : aimedPoint ? Math.min(1, images) : images;
                if (!t.runsOn() && prefix == null) {
                    prefix = crashPrefix(s, crashAt, images);
                }
                for (int image = 0; image < count; image++) {
                    Run r = run(s, t, crashAt, prefix, image);
                    if (!r.crashed()) {
                        break;
                    }
                    states++;
                    if (r.violation() != null) {
                        findings.add(new Finding(token(s, t, crashAt, image), t, crashAt, image, r.violation()));
                        done.add(t);
                        break;
                    }
                }
            }
        }
        return new Result(states, uncut.events(), findings);
    }

    // ---- tokens ---------------------------------------------------------------------------------------------------

    public static final String TOKEN_PREFIX = "rdafs1.";
    private static final String HINT = "copy the whole rdafs1.… token rda check printed";

    /**
     * A replay token: {@code config:transport:seed:bug:target:crash event:image} (target {@code none}: the uncut run),
     * plus {@code :program} ({@link FsProgram#encode()}) when the program is not {@link #PROGRAM} (a shrunk one).
     */
    public static String token(Scenario s, Target target, long crashAt, int image) {
        String body = String.join(":", s.config().name(), s.transport().name(), Long.toString(s.seed()), PdfsPlantedBug.labelOf(s.bug()),
                target == null ? "none" : target.label(), Long.toString(crashAt), Integer.toString(image));
        return TokenCodec.encode(TOKEN_PREFIX, s.program().equals(PROGRAM) ? body : body + ":" + s.program().encode());
    }

    /** What a token names: the scenario, the target (null: uncut), the crash event and the image. */
    public record Replay(Scenario scenario, Target target, long crashAt, int image) {
    }

    /** Decodes a token; a malformed one is an {@link IllegalArgumentException} saying why. */
    public static Replay decode(String token) {
        String[] p = TokenCodec.decode(TOKEN_PREFIX, token, HINT).split(":");
        if (p.length != 7 && p.length != 8) {
            throw new IllegalArgumentException("malformed replay token: 7 or 8 fields expected, " + p.length + " found; " + HINT);
        }
        Scenario s = new Scenario(ServerConfig.parse(p[0]), Transport.parse(p[1]), Long.parseLong(p[2]), PdfsPlantedBug.parse(p[3]),
                p.length == 8 ? FsProgram.decode(p[7]) : PROGRAM);
        return new Replay(s, p[4].equals("none") ? null : Target.parse(p[4]), Long.parseLong(p[5]), Integer.parseInt(p[6]));
    }

    /** Each client's completed operations at the crash event, recorded only while a finding is described; else null. */
    private int[] atCrash;

    /**
     * Where a token's crash cut each client's operations (issue 27: findings that explain themselves): its crashed run
     * again, with the clients' progress taken just before the crash event; never computed while exploring.
     */
    public List<String> describe(String token) {
        Replay r = decode(token);
        if (r.target() == null) {
            return List.of("no crash: the run without one already fails");
        }
        describing = r.crashAt();
        try {
            if (r.target().runsOn()) {
                runOn(r.scenario(), r.target(), r.crashAt());
            } else {
                crashPrefix(r.scenario(), r.crashAt(), 1);
            }
            List<String> out = new ArrayList<>();
            out.add("power failure of " + r.target().label() + " before event " + r.crashAt());
            List<List<FsOp>> program = r.scenario().program().clients();
            for (int i = 0; i < program.size(); i++) {
                int done = atCrash == null ? 0 : atCrash[i];
                List<FsOp> ops = program.get(i);
                out.add(done >= ops.size() ? "client " + i + ": all " + ops.size() + " operations done"
                        : "client " + i + ": " + ops.get(done) + " in flight (operation " + (done + 1) + " of " + ops.size() + ", pDFS metadata, 002 §4.2)"
                        + (done == 0 ? "" : "; done before it: " + String.join(", ", ops.subList(0, done).stream().map(FsOp::toString).toList())));
            }
            return out;
        } finally {
            describing = -1;
            atCrash = null;
        }
    }

    /** The crash event of the finding being described ({@link #describe}), else -1. */
    private long describing = -1;

    private void observeProgress(SimFabric fabric, List<int[]> progress) {
        if (describing >= 0) {
            fabric.engine().observeAt(describing, () -> {
                if (atCrash == null) {
                    atCrash = done(progress);
                }
            });
        }
    }

    /** Re-runs a token's crash state: its violation, or null when the checks pass. */
    public String replay(String token) {
        return replayRun(decode(token)).violation();
    }

    /**
     * A token's crash state again: every operation of the run with its first and last event (in flight at the end:
     * {@link Long#MAX_VALUE}), the checker's mount and walk after recovery (after every event of the crashed run when
     * the servers restarted), and the violation (null: the checks pass). What a timeline draws.
     */
    public History replayHistory(String token) {
        Replay r = decode(token);
        Run run = replayRun(r);
        return new History(r, run.calls(), run.violation());
    }

    /** A replayed run: what its token names, its operations and the checker's, its violation (null: none). */
    public record History(Replay replay, List<Call> calls, String violation) {
    }

    private Run replayRun(Replay r) {
        if (r.target() == null) {
            return runOn(r.scenario(), null, -1);
        }
        return r.target().runsOn() ? runOn(r.scenario(), r.target(), r.crashAt())
                : restart(r.scenario(), crashPrefix(r.scenario(), r.crashAt(), r.image() + 1), r.image());
    }

    /** The run of one crash state ({@code prefix}: the crash of every server at {@code crashAt}, for that target). */
    Run run(Scenario s, Target t, long crashAt, Prefix prefix, int image) {
        return t.runsOn() ? runOn(s, t, crashAt) : restart(s, prefix, image);
    }

    // ---- runs -----------------------------------------------------------------------------------------------------

    /**
     * Runs the program's clients; {@code renames} receives each rename's first and last event, {@code calls} each
     * operation's (its last event {@link Long#MAX_VALUE} until it returns).
     */
    private static List<int[]> spawnClients(SimFabric fabric, PdfsCluster cluster, Scenario s, List<long[]> renames, List<Call> calls) {
        List<int[]> progress = new ArrayList<>();
        for (int c = 0; c < s.program().clients().size(); c++) {
            int[] done = {0};
            progress.add(done);
            PdfsClient client = cluster.clients.get(c);
            List<FsOp> ops = s.program().clients().get(c);
            int me = c;
            fabric.node(clients(s).get(c)).spawn("pdfs-client-" + c, () -> {
                for (int i = 0; i < ops.size(); i++) {
                    FsOp op = ops.get(i);
                    long start = fabric.engine().dispatched();
                    int at = calls.size();
                    calls.add(new Call(me, i, op.toString(), start, Long.MAX_VALUE, false));
                    boolean ok = execute(client, op);
                    calls.set(at, new Call(me, i, op.toString(), start, fabric.engine().dispatched(), ok));
                    if (!ok) {
                        return; // a failed operation leaves its outcome open: the client stops there
                    }
                    if (op.kind() == FsOp.Kind.RENAME) {
                        renames.add(new long[] {start, fabric.engine().dispatched()});
                    }
                    done[0]++;
                }
            });
        }
        return progress;
    }

    private static boolean execute(PdfsClient client, FsOp op) {
        return switch (op.kind()) {
            case MKDIR -> client.mkdir(op.path(), op.id());
            case RMDIR -> client.rmdir(op.path());
            case CREATE -> client.create(op.path(), op.id());
            case WRITE -> client.write(op.path(), FsOp.data(op.id()));
            case RENAME -> client.rename(op.path(), op.to());
            case UNLINK -> client.unlink(op.path());
        };
    }

    Run runOn(Scenario s, Target target, long crashAt) {
        FaultPlan plan = FaultPlan.NONE.continuingAfterPowerFailure();
        if (target != null) {
            plan = plan.with(FaultPlan.Fault.powerFailure(target == Target.DIRECTORY_SERVER ? 0 : 1, crashAt));
        }
        try (SimFabric fabric = fabric(s).faults(plan).build()) {
            PdfsCluster cluster = PdfsCluster.deploy(fabric, servers(), SERVERS, clients(s), pdsmConfig, 1, false, s.bug());
            SecondFailure second = null;
            if (target == Target.SECOND_FAILURE) {
                cluster.kvs.pdsm.remapOnFailure();
                second = SecondFailure.arm(fabric, cluster.kvs.pdsm, SERVERS, pdsmConfig.backups());
            }
            List<long[]> renames = new ArrayList<>();
            List<Call> calls = new ArrayList<>();
            List<int[]> progress = spawnClients(fabric, cluster, s, renames, calls);
            observeProgress(fabric, progress);
            fabric.run();
            long events = fabric.engine().dispatched();
            boolean crashed = !fabric.firedFaults().isEmpty();
            String violation = check(fabric, cluster, s, progress, target != null, second, calls, 0);
            if (violation == null && target == null && !s.program().clients().isEmpty()) {
                int checker = s.program().clients().size();
                violation = DirectoryLeaseProbe.run(fabric, fabric.node(clients(s).get(0)), cluster.clients.get(0),
                        fabric.node(clients(s).get(checker)), cluster.clients.get(checker));
            }
            return new Run(events, crashed, done(progress), violation, renames, List.copyOf(calls));
        }
    }

    record Prefix(long events, boolean crashed, int[] done, List<TreeMap<Integer, CrashImage>> images, PmImage monitorPm, List<Call> calls) {
    }

    Prefix crashPrefix(Scenario s, long crashAt, int images) {
        FaultPlan plan = FaultPlan.NONE;
        for (int n : servers()) {
            plan = plan.with(FaultPlan.Fault.powerFailure(n, crashAt));
        }
        try (SimFabric fabric = fabric(s).faults(plan).build()) {
            PdfsCluster cluster = PdfsCluster.deploy(fabric, servers(), SERVERS, clients(s), pdsmConfig, 1, false, s.bug());
            List<Call> calls = new ArrayList<>();
            List<int[]> progress = spawnClients(fabric, cluster, s, new ArrayList<>(), calls);
            observeProgress(fabric, progress);
            fabric.run();
            long events = fabric.engine().dispatched();
            if (fabric.firedFaults().isEmpty()) {
                return new Prefix(events, false, done(progress), List.of(), null, List.copyOf(calls));
            }
            List<TreeMap<Integer, CrashImage>> all = ServerImages.take(fabric, servers(), s.seed(), images);
            return new Prefix(events, true, done(progress), all, fabric.pmSnapshot(SERVERS), List.copyOf(calls));
        }
    }

    private Run restart(Scenario s, Prefix prefix, int image) {
        if (!prefix.crashed()) {
            return new Run(prefix.events(), false, prefix.done(), null, List.of(), prefix.calls());
        }
        SimFabric.Builder b = fabric(s);
        if (prefix.monitorPm() != null) {
            b.restore(SERVERS, prefix.monitorPm());
        }
        prefix.images().get(image).forEach(b::restore);
        try (SimFabric restarted = b.build()) {
            PdfsCluster cluster = PdfsCluster.deploy(restarted, servers(), SERVERS, clients(s), pdsmConfig, 1, true, s.bug());
            List<int[]> progress = new ArrayList<>();
            for (int d : prefix.done()) {
                progress.add(new int[] {d});
            }
            List<Call> calls = new ArrayList<>(prefix.calls());
            String violation = check(restarted, cluster, s, progress, false, null, calls, prefix.events() + 1); // after every event of the crashed run
            return new Run(prefix.events(), true, prefix.done(), violation, List.of(), List.copyOf(calls));
        }
    }

    private static int[] done(List<int[]> progress) {
        return progress.stream().mapToInt(p -> p[0]).toArray();
    }

    // ---- the namespace check -------------------------------------------------------------------------------------

    /**
     * The checker after recovery (mount, finishing rename intents; then a walk over every guid and name the program
     * uses), its span added to {@code calls} ({@code base} offsets its stamps in a restarted simulation); the violation,
     * or null. With {@code waitForDetector} it first waits until the failure detector found the crashed server dead, and
     * with {@code second} also until the second failure struck and was found.
     */
    private String check(SimFabric fabric, PdfsCluster cluster, Scenario s, List<int[]> progress, boolean waitForDetector, SecondFailure second,
                         List<Call> calls, long base) {
        int me = s.program().clients().size();
        PdfsClient checker = cluster.clients.get(me);
        List<FsRecord> dirs = new ArrayList<>();
        List<FsRecord> files = new ArrayList<>();
        boolean[] mounted = {false};
        long[] span = {-1, -1};
        TreeSet<Long> guids = s.program().guids();
        TreeSet<String> names = s.program().names();
        fabric.node(clients(s).get(me)).spawn("pdfs-checker", () -> {
            if (waitForDetector) {
                var clock = fabric.node(clients(s).get(me)).clock();
                clock.sleepNanos((pdsmConfig.missedProbes() + 4) * pdsmConfig.probeNanos());
                if (second != null) {
                    for (int p = 0; p < SECOND_FAILURE_PROBES && !second.fired(); p++) {
                        clock.sleepNanos(pdsmConfig.probeNanos()); // re-replication copies the segments first
                    }
                    clock.sleepNanos((pdsmConfig.missedProbes() + 4) * pdsmConfig.probeNanos());
                }
            }
            span[0] = base + fabric.engine().dispatched();
            mounted[0] = checker.recover(me);
            for (long g : guids) {
                for (String n : names) {
                    FsRecord d = checker.lookupDir(g, n);
                    if (d != null) {
                        dirs.add(d);
                    }
                    FsRecord f = checker.lookupFile(g, n);
                    if (f != null) {
                        files.add(f);
                    }
                }
            }
            span[1] = base + fabric.engine().dispatched();
        });
        fabric.run();
        if (span[0] >= 0) {
            calls.add(new Call(me, -1, "mount (recovery) and walk the namespace", span[0], span[1] < 0 ? Long.MAX_VALUE : span[1], mounted[0]));
        }
        if (!mounted[0]) {
            return "MOUNT: a rename intent could not be finished";
        }
        TreeMap<Long, FsRecord> dirByGuid = new TreeMap<>();
        for (FsRecord d : dirs) {
            if (dirByGuid.put(d.id(), d) != null) {
                return "DUPLICATE: directory " + d.id() + " is under two names (a rename was not atomic)";
            }
        }
        TreeSet<Long> fileIds = new TreeSet<>();
        for (FsRecord f : files) {
            if (!fileIds.add(f.id())) {
                return "DUPLICATE: file " + f.id() + " is under two names (a rename was not atomic)";
            }
        }
        TreeMap<String, String> observed = new TreeMap<>();
        for (FsRecord d : dirs) {
            String path = path(d.parent(), d.name(), dirByGuid);
            if (path == null) {
                return "ORPHAN or CYCLE: directory " + d.id() + " (" + d.name() + ") does not lead to the root";
            }
            observed.put(path, "D:" + d.id());
        }
        for (FsRecord f : files) {
            String path = path(f.parent(), f.name(), dirByGuid);
            if (path == null) {
                return "ORPHAN: file " + f.id() + " (" + f.name() + ") has no live parent directory " + f.parent();
            }
            observed.put(path, "F:" + f.id() + ":" + version(f, fabric, s, checker, path));
        }
        return matchesSomePrefix(s.program(), observed, done(progress));
    }

    /**
     * The data version a file holds: 0 unwritten, the version whose bytes it holds, -1 (bytes no write wrote) or -2 (no
     * replica answered its READ).
     */
    private long version(FsRecord f, SimFabric fabric, Scenario s, PdfsClient checker, String path) {
        if (f.data() == 0) {
            return 0;
        }
        byte[][] got = new byte[1][];
        fabric.node(clients(s).get(s.program().clients().size())).spawn("pdfs-read", () -> got[0] = checker.read(path));
        fabric.run();
        if (got[0] == null) {
            return -2; // no replica answered the READ
        }
        for (long v = 1; v <= 8; v++) {
            if (Arrays.equals(got[0], FsOp.data(v))) {
                return v;
            }
        }
        return -1;
    }

    private static String path(long parent, String name, TreeMap<Long, FsRecord> dirs) {
        StringBuilder p = new StringBuilder("/" + name);
        long at = parent;
        for (int steps = 0; at != PdfsClient.ROOT; steps++) {
            FsRecord d = dirs.get(at);
            if (d == null || steps > dirs.size()) {
                return null;
            }
            p.insert(0, "/" + d.name());
            at = d.parent();
        }
        return p.toString();
    }

    /** Null when the namespace is the result of each client's completed operations, its next one done or not. */
    private static String matchesSomePrefix(FsProgram program, TreeMap<String, String> observed, int[] done) {
        List<TreeMap<String, String>> options = new ArrayList<>();
        options.add(new TreeMap<>());
        for (int c = 0; c < program.clients().size(); c++) {
            List<FsOp> ops = program.clients().get(c);
            List<TreeMap<String, String>> next = new ArrayList<>();
            for (int k = done[c]; k <= Math.min(done[c] + 1, ops.size()); k++) {
                for (TreeMap<String, String> o : options) {
                    next.add(FsModel.apply(o, ops.subList(0, k)));
                }
            }
            options = next;
        }
        for (TreeMap<String, String> o : options) {
            if (o.equals(observed)) {
                return null;
            }
        }
        return "STATE: the namespace " + observed + " is not what the acknowledged operations leave (" + Arrays.toString(done)
                + " done per client; expected, e.g., " + options.getFirst() + ")";
    }
}
