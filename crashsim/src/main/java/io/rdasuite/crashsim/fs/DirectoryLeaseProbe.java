package io.rdasuite.crashsim.fs;

import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.thdpms.fs.PdfsClient;
import java.util.function.BooleanSupplier;

/**
 * The uncut run's check of pDFSLib's directory cache across clients (issue 32, item 5): client B caches {@code /probe};
 * client A renames it to {@code /probe-renamed} and makes a new {@code /probe}; B then, after A's operations returned,
 * creates {@code /probe/f}, which must land in the new directory. A directory rename that returned while another
 * client's lease on the old entry still ran ({@code pdfs-directory-lease-not-awaited}) puts it in the renamed one.
 * The program's clients work in disjoint subtrees, so without this no check would see a stale cached entry.
 */
final class DirectoryLeaseProbe {
    static final long OLD_GUID = 9_000_001;
    static final long NEW_GUID = 9_000_002;
    static final long FILE_ID = 9_000_003;
    /** How long (virtual) a client waits for the other's step before the probe gives up: far beyond a few operations. */
    private static final long PATIENCE_NS = 100_000_000;
    private static final long POLL_NS = 1_000;

    private DirectoryLeaseProbe() {
    }

    /** Runs the probe on a live cluster; null when the create landed in the new {@code /probe}, else the violation. */
    static String run(SimFabric fabric, Node nodeA, PdfsClient a, Node nodeB, PdfsClient b) {
        int[] step = {0};
        String[] outcome = {"the probe did not finish"};
        nodeA.spawn("lease-probe-a", () -> {
            boolean made = a.mkdir("/probe", OLD_GUID);
            step[0] = 1;
            if (!made || !await(nodeA, () -> step[0] == 2)) {
                outcome[0] = made ? "the probe's other client did not cache /probe" : "the probe could not make /probe";
                step[0] = -1;
                return;
            }
            boolean moved = a.rename("/probe", "/probe-renamed") && a.mkdir("/probe", NEW_GUID);
            step[0] = moved ? 3 : -1;
            if (!moved || !await(nodeA, () -> step[0] == 4)) {
                outcome[0] = moved ? "the probe's create did not return" : "the probe's rename or second mkdir failed";
                return;
            }
            outcome[0] = a.stat("/probe/f") != null ? null
                    : a.stat("/probe-renamed/f") != null
                    ? "STATE: a create of /probe/f begun after another client's rename of /probe (and mkdir of a new /probe) returned"
                            + " went into the renamed directory: a stale directory-cache entry outlived the rename"
                    : "STATE: a create of /probe/f that returned true is in neither /probe nor /probe-renamed";
        });
        nodeB.spawn("lease-probe-b", () -> {
            if (!await(nodeB, () -> step[0] == 1 || step[0] < 0) || step[0] < 0) {
                return;
            }
            b.stat("/probe/f"); // resolves /probe: B's cache holds it now
            step[0] = 2;
            if (!await(nodeB, () -> step[0] == 3 || step[0] < 0) || step[0] < 0) {
                return;
            }
            b.create("/probe/f", FILE_ID);
            step[0] = 4;
        });
        fabric.run();
        return outcome[0];
    }

    private static boolean await(Node node, BooleanSupplier condition) {
        for (long waited = 0; !condition.getAsBoolean(); waited += POLL_NS) {
            if (waited >= PATIENCE_NS) {
                return false;
            }
            node.clock().sleepNanos(POLL_NS);
        }
        return true;
    }
}
