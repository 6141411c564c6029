package io.rdasuite.hwreal.split;

import io.rdasuite.hwreal.loopback.Region;
import io.rdasuite.hwreal.remote.ProcessNode;
import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Where peers learn a region's descriptor (base address, length, rkey) by its name: one line asked, one line answered
 * ({@code <node> <name>} → {@code <base> <length> <rkey>}, or {@code none} while it is not registered yet). Loopback
 * only: it answers anyone who asks and has no authentication.
 */
final class RegionRegistry implements AutoCloseable {
    private final ServerSocket socket;

    RegionRegistry(InetSocketAddress address, Map<Integer, ProcessNode> nodes) throws IOException {
        if (!address.getAddress().isLoopbackAddress()) {
            throw new IllegalArgumentException(address + " is not a loopback address; the region registry serves loopback only");
        }
        socket = new ServerSocket();
        socket.setReuseAddress(true);
        socket.bind(address);
        Thread.ofPlatform().daemon().name("region-registry").start(() -> {
            while (!socket.isClosed()) {
                try {
                    Socket s = socket.accept();
                    Thread.ofVirtual().start(() -> answer(s, nodes));
                } catch (IOException e) {
                    return;
                }
            }
        });
    }

    private static void answer(Socket s, Map<Integer, ProcessNode> nodes) {
        try (s; BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
             PrintWriter out = new PrintWriter(s.getOutputStream(), true, StandardCharsets.UTF_8)) {
            s.setSoTimeout(5000);
            String line = in.readLine();
            String[] parts = line == null ? new String[0] : line.split(" ", 2);
            ProcessNode node = parts.length == 2 ? nodes.get(parseOr(parts[0])) : null;
            Region found = null;
            if (node != null) {
                for (Region r : node.regions()) {
                    if (r.descriptor().name().equals(parts[1])) {
                        found = r;
                    }
                }
            }
            out.println(found == null ? "none" : found.descriptor().baseAddress() + " " + found.descriptor().lengthBytes() + " "
                    + found.descriptor().rkey());
        } catch (IOException | RuntimeException ignored) {
            // a peer that went away: it asks again
        }
    }

    private static int parseOr(String s) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** Asks {@code registry} for node {@code node}'s region {@code name} until it is registered, up to {@code timeoutMs}. */
    static MemoryRegion lookup(InetSocketAddress registry, int node, MemoryKind kind, String name, long timeoutMs) {
        long deadline = System.nanoTime() + timeoutMs * 1_000_000;
        String last = "no answer";
        while (System.nanoTime() < deadline) {
            try (Socket s = new Socket()) {
                s.connect(registry, 2000);
                s.setSoTimeout(5000);
                PrintWriter out = new PrintWriter(s.getOutputStream(), true, StandardCharsets.UTF_8);
                out.println(node + " " + name);
                String answer = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8)).readLine();
                if (answer != null && !answer.equals("none")) {
                    String[] w = answer.split(" ");
                    return new MemoryRegion(node, name, kind, Long.parseLong(w[0]), Long.parseLong(w[1]), Integer.parseInt(w[2]));
                }
                last = answer == null ? "closed" : "not registered yet";
            } catch (IOException e) {
                last = e.toString();
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        throw new IllegalStateException("node " + node + "'s region " + name + " not found at " + registry + " within " + timeoutMs + " ms: " + last);
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing
        }
    }
}
