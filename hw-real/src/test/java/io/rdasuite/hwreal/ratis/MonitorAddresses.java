package io.rdasuite.hwreal.ratis;

import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;

/** Loopback addresses for a test's monitor replicas, each on a port that was free a moment ago. */
public final class MonitorAddresses {
    private MonitorAddresses() {
    }

    /** {@code n} addresses {@code 127.0.0.1:port}. */
    public static List<String> freeLoopback(int n) throws java.io.IOException {
        List<String> addresses = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            try (ServerSocket s = new ServerSocket(0)) {
                addresses.add("127.0.0.1:" + s.getLocalPort());
            }
        }
        return addresses;
    }
}
