package io.rdasuite.hwreal.ratis;

import io.rdasuite.store.thdpms.monitor.MonitorStateMachine;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.ratis.conf.RaftProperties;
import org.apache.ratis.netty.NettyConfigKeys;
import org.apache.ratis.protocol.RaftPeerId;
import org.apache.ratis.server.RaftServer;
import org.apache.ratis.server.storage.RaftStorage;
import org.apache.ratis.server.RaftServerConfigKeys;

/**
 * One monitor replica as its own process: {@code RatisReplicaMain INDEX STORAGE_DIR SEED HOST:PORT...}. It serves until
 * killed, prints {@value #RUNNING} once its Raft server runs (its group started as a follower, its port bound), and
 * keeps a file {@code leader} in its storage folder while it leads (for tests and operators).
 */
public final class RatisReplicaMain {
    /** Log entries between two snapshots of the monitor's state; the log is purged up to each snapshot. */
    public static final long SNAPSHOT_EVERY = 1024;

    /** The start of the line a replica prints once its Raft server runs (a campaign waits for it after a restart). */
    public static final String RUNNING = "Raft server running";

    private RatisReplicaMain() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 4) {
            System.err.println("usage: RatisReplicaMain INDEX STORAGE_DIR SEED HOST:PORT...");
            System.exit(2);
        }
        serve(Integer.parseInt(args[0]), Path.of(args[1]), Long.parseLong(args[2]), Arrays.asList(args).subList(3, args.length));
    }

    /**
     * Runs replica {@code index} of the monitor group at {@code addresses} (its Raft log under {@code storage}) until the
     * process ends; {@code rda serve --role monitor} and the tests' replica processes call it.
     */
    public static void serve(int index, Path storage, long seed, List<String> addresses) throws Exception {
        RaftServer server = start(index, storage, seed, addresses);
        System.out.println(RUNNING + ": m" + index + " (" + (System.currentTimeMillis() - ProcessHandle.current().info().startInstant()
                .map(java.time.Instant::toEpochMilli).orElse(System.currentTimeMillis())) + " ms after the process started)");
        System.out.flush();
        Path leader = storage.resolve("leader");
        while (true) {
            boolean leads = server.getDivision(RatisLog.GROUP).getInfo().isLeader();
            if (leads) {
                Files.writeString(leader, "m" + index);
            } else {
                Files.deleteIfExists(leader);
            }
            Thread.sleep(50);
        }
    }

    /**
     * Starts replica {@code index} (recovering its Raft log when {@code storage} has one) and returns it once its group
     * runs (as a follower) and its port is bound; the caller closes it.
     */
    public static RaftServer start(int index, Path storage, long seed, List<String> addresses) throws Exception {
        RaftProperties p = RatisLog.properties();
        NettyConfigKeys.Server.setPort(p, Integer.parseInt(addresses.get(index).substring(addresses.get(index).lastIndexOf(':') + 1)));
        RaftServerConfigKeys.setStorageDir(p, List.of(new File(storage.toFile(), "raft")));
        RaftServerConfigKeys.Snapshot.setAutoTriggerEnabled(p, true);
        RaftServerConfigKeys.Snapshot.setAutoTriggerThreshold(p, SNAPSHOT_EVERY);
        RaftServerConfigKeys.Snapshot.setRetentionFileNum(p, 2);
        RaftServerConfigKeys.Log.setPurgeUptoSnapshotIndex(p, true);
        File raft = new File(storage.toFile(), "raft");
        String[] before = raft.list();
        // a restarted replica recovers its log (Ratis formats only an empty directory, and refuses to format a used one)
        RaftStorage.StartupOption option = before != null && before.length > 0 ? RaftStorage.StartupOption.RECOVER : RaftStorage.StartupOption.FORMAT;
        RaftServer server = RaftServer.newBuilder().setServerId(RaftPeerId.valueOf("m" + index)).setGroup(RatisLog.group(addresses))
                .setProperties(p).setStateMachine(new MonitorStateMachineAdapter(new MonitorStateMachine(seed))).setOption(option).build();
        server.start();
        return server;
    }
}
