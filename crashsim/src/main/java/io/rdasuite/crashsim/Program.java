package io.rdasuite.crashsim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/** One operation list per client (DESIGN §5: the explorer's workload). */
public record Program(List<List<Op>> clients) {
    public Program {
        clients = clients.stream().map(List::copyOf).toList();
        if (clients.isEmpty()) {
            throw new IllegalArgumentException("a program needs at least one client");
        }
    }

    public static Program of(List<Op> ops) {
        return new Program(List.of(ops));
    }

    /** PUTs of keys 0..n-1 by one client, values = keys + 1. */
    public static Program sequentialPuts(int n) {
        List<Op> ops = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ops.add(Op.put(i, i + 1));
        }
        return of(ops);
    }

    public int size() {
        return clients.stream().mapToInt(List::size).sum();
    }

    /** The same program without the operations whose global indices are in {@code drop}. */
    public Program without(boolean[] drop) {
        List<List<Op>> out = new ArrayList<>();
        int g = 0;
        for (List<Op> ops : clients) {
            List<Op> kept = new ArrayList<>();
            for (Op op : ops) {
                if (!drop[g++]) {
                    kept.add(op);
                }
            }
            out.add(kept);
        }
        return new Program(out);
    }

    /**
     * Delta debugging over the operations: drops chunks (halves, then quarters, … then single operations) while
     * {@code stillFails} holds for the smaller program, and returns the smallest program it kept. Never returns an
     * empty program.
     */
    public Program shrunkWhile(java.util.function.Predicate<Program> stillFails) {
        Program program = this;
        for (int chunk = Math.max(1, program.size() / 2); chunk >= 1; chunk /= 2) {
            int start = 0;
            while (start < program.size()) {
                boolean[] drop = new boolean[program.size()];
                for (int i = start; i < Math.min(program.size(), start + chunk); i++) {
                    drop[i] = true;
                }
                Program smaller = program.without(drop);
                if (smaller.size() > 0 && stillFails.test(smaller)) {
                    program = smaller;
                } else {
                    start += chunk;
                }
            }
        }
        return program;
    }

    /** The token form: clients separated by {@code /}, each client's operations by {@code ,} (see {@link Op#encode}). */
    public String encode() {
        return clients.stream().map(ops -> ops.stream().map(Op::encode).collect(Collectors.joining(","))).collect(Collectors.joining("/"));
    }

    /** Parses {@link #encode}'s form. */
    public static Program decode(String s) {
        List<List<Op>> clients = new ArrayList<>();
        for (String c : s.split("/", -1)) {
            clients.add(c.isEmpty() ? List.of() : Arrays.stream(c.split(",")).map(Op::decode).toList());
        }
        return new Program(clients);
    }
}
