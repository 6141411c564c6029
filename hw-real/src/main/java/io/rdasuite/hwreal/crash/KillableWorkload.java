package io.rdasuite.hwreal.crash;

import io.rdasuite.hwreal.loopback.LoopbackFabric;
import io.rdasuite.hwreal.pm.MappedFilePm;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.kv.KvClient;
import io.rdasuite.store.protocol.KvProtocol;
import io.rdasuite.store.protocol.KvProtocols;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The process that gets killed (DESIGN §6, issue 6): a store on mapped-file PM over the loopback fabric, with
 * {@link #CLIENTS} client threads each writing its own keys in increasing sequence numbers, forever. It
 * recovers the store when the PM files exist, resumes every key after its recovered sequence, prints
 * {@code READY}, then one {@code ACK key seq} line per acknowledged put, flushed at once, until it is killed.
 *
 * <p>Usage: {@code KillableWorkload PROTOCOL PM-DIRECTORY SEED}
 */
public final class KillableWorkload {
    public static final int CLIENTS = 2;
    public static final int KEYS_PER_CLIENT = 8;
    public static final ServerConfig CONFIG = ServerConfig.parse("MHP+DDIO+PM-RQWRB");

    private KillableWorkload() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 3) {
            System.err.println("usage: KillableWorkload PROTOCOL PM-DIRECTORY SEED");
            System.exit(2);
        }
        KvProtocol protocol = KvProtocols.parse(args[0]);
        Path dir = Path.of(args[1]);
        long seed = Long.parseLong(args[2]);
        boolean restart = Files.isDirectory(dir) && Files.list(dir).findAny().isPresent();
        PrintStream out = new PrintStream(System.out, false);
        MappedFilePm pm = new MappedFilePm(dir);
        LoopbackFabric.Builder b = LoopbackFabric.builder().node(CONFIG).pm(pm);
        for (int c = 0; c < CLIENTS; c++) {
            b.node(CONFIG);
        }
        LoopbackFabric fabric = b.build();
        List<KvClient> clients = protocol.deploy(fabric, WorkloadValues.SHAPE, CLIENTS, restart, CLIENTS * KEYS_PER_CLIENT).clients();
        long[] next = new long[CLIENTS * KEYS_PER_CLIENT];
        for (int k = 0; k < next.length; k++) {
            byte[] v = clients.get(k / KEYS_PER_CLIENT).get(WorkloadValues.key(k));
            next[k] = v == null ? 1 : WorkloadValues.sequence(k, v) + 1;
        }
        out.println("READY");
        out.flush();
        for (int c = 0; c < CLIENTS; c++) {
            int client = c;
            fabric.node(c + 1).spawn("writer-" + c, () -> {
                SplittableRandom random = new SplittableRandom(seed * 31 + client);
                KvClient kv = clients.get(client);
                while (true) {
                    int k = client * KEYS_PER_CLIENT + random.nextInt(KEYS_PER_CLIENT);
                    long seq = next[k]++;
                    if (kv.put(WorkloadValues.key(k), WorkloadValues.value(k, seq))) {
                        synchronized (out) {
                            out.println("ACK " + k + " " + seq);
                            out.flush();
                        }
                    }
                }
            });
        }
        fabric.join();
    }
}
