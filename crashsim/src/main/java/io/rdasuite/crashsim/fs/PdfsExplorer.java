package io.rdasuite.crashsim.fs;

import io.rdasuite.crashsim.Execution;
import io.rdasuite.crashsim.TokenCodec;
import io.rdasuite.crashsim.cluster.ServerImages;
import io.rdasuite.hwsim.fabric.FaultPlan;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.hwsim.memory.CrashImage;
import io.rdasuite.hwsim.memory.PmImage;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
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
 * alone (the cluster fails over and runs on). After recovery the checker walks the namespace and checks: no entry whose
 * parent is gone (ORPHAN), no directory that does not lead to the root (CYCLE), no directory or file under two names
 * (DUPLICATE: a rename that was not atomic), and that the namespace is what each client's acknowledged operations
 * leave, with its operation in flight done or not (STATE).
 */
public final class PdfsExplorer {
    static final int SERVERS = 3;
    private final PdsmConfig pdsmConfig = PdsmConfig.small();

    /** The crash targets. */
    public enum Target {
        ALL_SERVERS, DIRECTORY_SERVER, FILE_SERVER;

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

    /** The fixed program: two clients in disjoint subtrees; directory and file renames, writes, an unlink. */
    public static final List<List<FsOp>> PROGRAM = List.of(
            List.of(FsOp.mkdir("/a", 100), FsOp.create("/a/f", 1), FsOp.write("/a/f", 1), FsOp.mkdir("/b", 101), FsOp.rename("/a/f", "/b/g"),
                    FsOp.rename("/a", "/b/c"), FsOp.create("/b/c/h", 2), FsOp.unlink("/b/g")),
            List.of(FsOp.mkdir("/d", 200), FsOp.create("/d/x", 3), FsOp.rename("/d/x", "/d/y"), FsOp.write("/d/y", 2), FsOp.create("/d/z", 4),
                    FsOp.rename("/d/z", "/d/w")));

    public record Finding(String token, Target target, long crashAt, int image, String violation) {
    }

    public record Result(long states, long events, List<Finding> findings) {
    }

    /** A run: per client, how many operations completed and whether the next one was in flight; the observed namespace. */
    record Run(long events, boolean crashed, int[] done, String violation, List<long[]> renames) {
    }

    private SimFabric.Builder fabric(ServerConfig config, Transport transport, long seed) {
        SimFabric.Builder b = SimFabric.builder().seed(seed).transport(transport).cost(Execution.EXPLORATION_COST);
        for (int n = 0; n < SERVERS + 1 + PROGRAM.size() + 1; n++) {
            b.node(config);
        }
        return b;
    }

    private static List<Integer> servers() {
        return List.of(0, 1, 2);
    }

    private static List<Integer> clients() {
        List<Integer> c = new ArrayList<>();
        for (int i = 0; i <= PROGRAM.size(); i++) {
            c.add(SERVERS + 1 + i);
        }
        return c;
    }

    /** Explores {@code crashPoints} evenly spread points per target, {@code images} images where every server crashed. */
    public Result explore(ServerConfig config, Transport transport, long seed, PdfsPlantedBug bug, List<Target> targets, int crashPoints, int images,
                          boolean firstOnly) {
        return explore(config, transport, seed, bug, targets, crashPoints, 0, images, firstOnly);
    }

    /**
     * As above, plus {@code aimed} crash points spread inside each rename of the uncut run (the multi-step operation
     * whose atomicity is at stake), for the every-server target, with the oldest image only.
     */
    public Result explore(ServerConfig config, Transport transport, long seed, PdfsPlantedBug bug, List<Target> targets, int crashPoints, int aimed,
                          int images, boolean firstOnly) {
        Run uncut = runOn(config, transport, seed, bug, null, -1);
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
            findings.add(new Finding(token(config, transport, seed, bug, null, -1, 0), null, -1, 0, uncut.violation()));
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
                    prefix = crashPrefix(config, transport, seed, bug, crashAt, images);
                }
                for (int image = 0; image < count; image++) {
                    Run r = t.runsOn() ? runOn(config, transport, seed, bug, t, crashAt) : restart(config, transport, seed, bug, prefix, image);
                    if (!r.crashed()) {
                        break;
                    }
                    states++;
                    if (r.violation() != null) {
                        findings.add(new Finding(token(config, transport, seed, bug, t, crashAt, image), t, crashAt, image, r.violation()));
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

    static String token(ServerConfig c, Transport t, long seed, PdfsPlantedBug bug, Target target, long crashAt, int image) {
        return TokenCodec.encode(TOKEN_PREFIX, String.join(":", c.name(), t.name(), Long.toString(seed), bug.label(), target == null ? "none" : target.label(),
                Long.toString(crashAt), Integer.toString(image)));
    }

    /** Each client's completed operations at the crash event, recorded only while a finding is described; else null. */
    private int[] atCrash;

    /**
     * Where a token's crash cut each client's operations of {@link #PROGRAM} (issue 27: findings that explain themselves):
     * its crashed run again, with the clients' progress taken just before the crash event; never computed while exploring.
     */
    public List<String> describe(String token) {
        String[] p = TokenCodec.decode(TOKEN_PREFIX, token, HINT).split(":");
        if (p.length != 7 || p[4].equals("none")) {
            return List.of("no crash: the run without one already fails");
        }
        ServerConfig c = ServerConfig.parse(p[0]);
        Transport t = Transport.parse(p[1]);
        long seed = Long.parseLong(p[2]);
        PdfsPlantedBug bug = PdfsPlantedBug.parse(p[3]);
        Target target = Target.parse(p[4]);
        long crashAt = Long.parseLong(p[5]);
        describing = crashAt;
        try {
            if (target.runsOn()) {
                runOn(c, t, seed, bug, target, crashAt);
            } else {
                crashPrefix(c, t, seed, bug, crashAt, 1);
            }
            List<String> out = new ArrayList<>();
            out.add("power failure of " + target.label() + " before event " + crashAt);
            for (int i = 0; i < PROGRAM.size(); i++) {
                int done = atCrash == null ? 0 : atCrash[i];
                List<FsOp> ops = PROGRAM.get(i);
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
        String[] p = TokenCodec.decode(TOKEN_PREFIX, token, HINT).split(":");
        if (p.length != 7) {
            throw new IllegalArgumentException("malformed replay token: 7 fields expected; " + HINT);
        }
        ServerConfig c = ServerConfig.parse(p[0]);
        Transport t = Transport.parse(p[1]);
        long seed = Long.parseLong(p[2]);
        PdfsPlantedBug bug = PdfsPlantedBug.parse(p[3]);
        long crashAt = Long.parseLong(p[5]);
        int image = Integer.parseInt(p[6]);
        if (p[4].equals("none")) {
            return runOn(c, t, seed, bug, null, -1).violation();
        }
        Target target = Target.parse(p[4]);
        return target.runsOn() ? runOn(c, t, seed, bug, target, crashAt).violation()
                : restart(c, t, seed, bug, crashPrefix(c, t, seed, bug, crashAt, image + 1), image).violation();
    }

    // ---- runs -----------------------------------------------------------------------------------------------------

    /** Runs the program's clients; {@code renames} receives each rename's first and last event. */
    private static List<int[]> spawnClients(SimFabric fabric, PdfsCluster cluster, List<long[]> renames) {
        List<int[]> progress = new ArrayList<>();
        for (int c = 0; c < PROGRAM.size(); c++) {
            int[] done = {0};
            progress.add(done);
            PdfsClient client = cluster.clients.get(c);
            List<FsOp> ops = PROGRAM.get(c);
            fabric.node(clients().get(c)).spawn("pdfs-client-" + c, () -> {
                for (FsOp op : ops) {
                    long start = fabric.engine().dispatched();
                    if (!execute(client, op)) {
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

    private Run runOn(ServerConfig config, Transport transport, long seed, PdfsPlantedBug bug, Target target, long crashAt) {
        FaultPlan plan = FaultPlan.NONE.continuingAfterPowerFailure();
        if (target != null) {
            plan = plan.with(FaultPlan.Fault.powerFailure(target == Target.DIRECTORY_SERVER ? 0 : 1, crashAt));
        }
        try (SimFabric fabric = fabric(config, transport, seed).faults(plan).build()) {
            PdfsCluster cluster = PdfsCluster.deploy(fabric, servers(), SERVERS, clients(), pdsmConfig, 1, false, bug);
            List<long[]> renames = new ArrayList<>();
            List<int[]> progress = spawnClients(fabric, cluster, renames);
            observeProgress(fabric, progress);
            fabric.run();
            long events = fabric.engine().dispatched();
            boolean crashed = !fabric.firedFaults().isEmpty();
            String violation = check(fabric, cluster, progress, target != null);
            return new Run(events, crashed, done(progress), violation, renames);
        }
    }

    record Prefix(long events, boolean crashed, int[] done, List<TreeMap<Integer, CrashImage>> images, PmImage monitorPm) {
    }

    private Prefix crashPrefix(ServerConfig config, Transport transport, long seed, PdfsPlantedBug bug, long crashAt, int images) {
        FaultPlan plan = FaultPlan.NONE;
        for (int n : servers()) {
            plan = plan.with(FaultPlan.Fault.powerFailure(n, crashAt));
        }
        try (SimFabric fabric = fabric(config, transport, seed).faults(plan).build()) {
            PdfsCluster cluster = PdfsCluster.deploy(fabric, servers(), SERVERS, clients(), pdsmConfig, 1, false, bug);
            List<int[]> progress = spawnClients(fabric, cluster, new ArrayList<>());
            observeProgress(fabric, progress);
            fabric.run();
            long events = fabric.engine().dispatched();
            if (fabric.firedFaults().isEmpty()) {
                return new Prefix(events, false, done(progress), List.of(), null);
            }
            List<TreeMap<Integer, CrashImage>> all = ServerImages.take(fabric, servers(), seed, images);
            return new Prefix(events, true, done(progress), all, fabric.pmSnapshot(SERVERS));
        }
    }

    private Run restart(ServerConfig config, Transport transport, long seed, PdfsPlantedBug bug, Prefix prefix, int image) {
        if (!prefix.crashed()) {
            return new Run(prefix.events(), false, prefix.done(), null, List.of());
        }
        SimFabric.Builder b = fabric(config, transport, seed);
        if (prefix.monitorPm() != null) {
            b.restore(SERVERS, prefix.monitorPm());
        }
        prefix.images().get(image).forEach(b::restore);
        try (SimFabric restarted = b.build()) {
            PdfsCluster cluster = PdfsCluster.deploy(restarted, servers(), SERVERS, clients(), pdsmConfig, 1, true, bug);
            List<int[]> progress = new ArrayList<>();
            for (int d : prefix.done()) {
                progress.add(new int[] {d});
            }
            return new Run(prefix.events(), true, prefix.done(), check(restarted, cluster, progress, false), List.of());
        }
    }

    private static int[] done(List<int[]> progress) {
        return progress.stream().mapToInt(p -> p[0]).toArray();
    }

    // ---- the namespace check -------------------------------------------------------------------------------------

    /** Every directory guid and every name the program uses: the checker's candidates. */
    private static final TreeSet<Long> GUIDS = new TreeSet<>();
    private static final TreeSet<String> NAMES = new TreeSet<>();

    static {
        GUIDS.add(PdfsClient.ROOT);
        for (List<FsOp> ops : PROGRAM) {
            for (FsOp op : ops) {
                if (op.kind() == FsOp.Kind.MKDIR) {
                    GUIDS.add(op.id());
                }
                NAMES.add(op.path().substring(op.path().lastIndexOf('/') + 1));
                if (!op.to().isEmpty()) {
                    NAMES.add(op.to().substring(op.to().lastIndexOf('/') + 1));
                }
            }
        }
    }

    private String check(SimFabric fabric, PdfsCluster cluster, List<int[]> progress, boolean waitForDetector) {
        PdfsClient checker = cluster.clients.get(PROGRAM.size());
        List<FsRecord> dirs = new ArrayList<>();
        List<FsRecord> files = new ArrayList<>();
        TreeMap<Long, byte[]> data = new TreeMap<>();
        boolean[] mounted = {false};
        fabric.node(clients().get(PROGRAM.size())).spawn("pdfs-checker", () -> {
            if (waitForDetector) {
                fabric.node(clients().get(PROGRAM.size())).clock().sleepNanos((pdsmConfig.missedProbes() + 4) * pdsmConfig.probeNanos());
            }
            mounted[0] = checker.recover(PROGRAM.size());
            for (long g : GUIDS) {
                for (String n : NAMES) {
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
        });
        fabric.run();
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
            observed.put(path, "F:" + f.id() + ":" + version(f, fabric, checker, path));
        }
        return matchesSomePrefix(observed, done(progress));
    }

    /** The data version a file holds: 0 unwritten, the version whose bytes it holds, or -1 (bytes no write wrote). */
    private long version(FsRecord f, SimFabric fabric, PdfsClient checker, String path) {
        if (f.data() == 0) {
            return 0;
        }
        byte[][] got = new byte[1][];
        fabric.node(clients().get(PROGRAM.size())).spawn("pdfs-read", () -> got[0] = checker.read(path));
        fabric.run();
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
    private static String matchesSomePrefix(TreeMap<String, String> observed, int[] done) {
        List<TreeMap<String, String>> options = new ArrayList<>();
        options.add(new TreeMap<>());
        for (int c = 0; c < PROGRAM.size(); c++) {
            List<TreeMap<String, String>> next = new ArrayList<>();
            for (int k = done[c]; k <= Math.min(done[c] + 1, PROGRAM.get(c).size()); k++) {
                for (TreeMap<String, String> o : options) {
                    next.add(FsModel.apply(o, PROGRAM.get(c).subList(0, k)));
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
