package io.rdasuite.crashsim.fuzz;

import io.rdasuite.crashsim.Program;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What goes wrong in one fuzz run besides the server crash the explorer places (DESIGN §3 "Crashes and faults",
 * §5). Background faults are placed at a fraction (per mille) of the crash-free run's events, and the cleaner's
 * start at a fraction of its virtual duration, so that a schedule keeps its meaning when shrinking shortens the
 * program; {@link FuzzExecution} resolves them against a calibration run.
 *
 * @param serverCrash          how the server goes down at each explored crash point
 * @param repeat               whether it goes down again: during the recovery, or after it and a few more operations
 * @param afterRecovery        {@link Repeat#AFTER_RECOVERY}: what the clients do between the first recovery and the
 *                             second crash (one list per client, as many as the program has); null otherwise
 * @param clientCrashes        clients whose process dies during the first run
 * @param stalls               server threads descheduled for a while during the first run
 * @param serverHogs           background processes competing for the server's cores (0: none)
 * @param cleanerStartPermille when the log cleaner of erda-cleaning / efactory-cleaning starts, per mille of the
 *                             calibration run's duration; -1: the store's default (20 µs)
 * @param tornLines            dirty cache lines may be written back torn at 8-byte units
 */
public record FaultSchedule(ServerCrash serverCrash, Repeat repeat, Program afterRecovery, List<ClientCrash> clientCrashes, List<Stall> stalls,
                            int serverHogs, int cleanerStartPermille, boolean tornLines) {
    /** How the server goes down at a crash point. */
    public enum ServerCrash {
        /** Power failure: everything outside the persistence domain may be lost; every allowed image is a state. */
        POWER_FAILURE,
        /** The server's process dies: PM keeps what was visible, DRAM is lost; one image. */
        PROCESS_CRASH
    }

    /** A second crash after the first one. */
    public enum Repeat {
        NONE,
        /** A power failure at an event of the restarted run before its recovery ends; then restart and recover again. */
        DURING_RECOVERY,
        /** Recover, run {@link FaultSchedule#afterRecovery()}, lose power again, restart and recover. */
        AFTER_RECOVERY
    }

    /** Client {@code client}'s process (node client + 1) dies at {@code permille} of the crash-free run's events. */
    public record ClientCrash(int client, int permille) {
        public ClientCrash {
            checkPermille(permille);
            if (client < 0) {
                throw new IllegalArgumentException("client index must be >= 0: " + client);
            }
        }
    }

    /**
     * The server's threads named {@code threadPrefix…} are descheduled for {@code durationNs} from {@code permille} of
     * the crash-free run's events on.
     */
    public record Stall(String threadPrefix, int permille, long durationNs) {
        public Stall {
            checkPermille(permille);
            if (threadPrefix.isEmpty() || !threadPrefix.matches("[A-Za-z0-9._-]+") || durationNs < 0) {
                throw new IllegalArgumentException("a stall names threads by a prefix of [A-Za-z0-9._-] and lasts >= 0 ns: " + threadPrefix + " " + durationNs);
            }
        }
    }

    /** A power failure and nothing else. */
    public static final FaultSchedule POWER_FAILURE_ONLY = new FaultSchedule(ServerCrash.POWER_FAILURE, Repeat.NONE, null, List.of(), List.of(), 0, -1, false);

    public FaultSchedule {
        Objects.requireNonNull(serverCrash);
        Objects.requireNonNull(repeat);
        clientCrashes = List.copyOf(clientCrashes);
        stalls = List.copyOf(stalls);
        if ((repeat == Repeat.AFTER_RECOVERY) != (afterRecovery != null)) {
            throw new IllegalArgumentException("operations after recovery go with AFTER_RECOVERY, and only with it");
        }
        if (serverHogs < 0 || cleanerStartPermille < -1 || cleanerStartPermille > 1000) {
            throw new IllegalArgumentException("hogs >= 0 and a cleaner start of -1 or 0..1000 per mille: " + serverHogs + ", " + cleanerStartPermille);
        }
    }

    private static void checkPermille(int permille) {
        if (permille < 0 || permille > 1000) {
            throw new IllegalArgumentException("per mille in 0..1000: " + permille);
        }
    }

    /** How many separate faults it adds to a plain power failure (what shrinking removes). */
    public int weight() {
        return (serverCrash == ServerCrash.POWER_FAILURE ? 0 : 1) + (repeat == Repeat.NONE ? 0 : 1) + clientCrashes.size() + stalls.size()
                + (serverHogs > 0 ? 1 : 0) + (cleanerStartPermille >= 0 ? 1 : 0) + (tornLines ? 1 : 0);
    }

    public FaultSchedule withServerCrash(ServerCrash c) {
        return new FaultSchedule(c, repeat, afterRecovery, clientCrashes, stalls, serverHogs, cleanerStartPermille, tornLines);
    }

    public FaultSchedule withRepeat(Repeat r, Program after) {
        return new FaultSchedule(serverCrash, r, r == Repeat.AFTER_RECOVERY ? after : null, clientCrashes, stalls, serverHogs, cleanerStartPermille, tornLines);
    }

    public FaultSchedule withClientCrashes(List<ClientCrash> c) {
        return new FaultSchedule(serverCrash, repeat, afterRecovery, c, stalls, serverHogs, cleanerStartPermille, tornLines);
    }

    public FaultSchedule withStalls(List<Stall> s) {
        return new FaultSchedule(serverCrash, repeat, afterRecovery, clientCrashes, s, serverHogs, cleanerStartPermille, tornLines);
    }

    public FaultSchedule withServerHogs(int hogs) {
        return new FaultSchedule(serverCrash, repeat, afterRecovery, clientCrashes, stalls, hogs, cleanerStartPermille, tornLines);
    }

    public FaultSchedule withCleanerStartPermille(int permille) {
        return new FaultSchedule(serverCrash, repeat, afterRecovery, clientCrashes, stalls, serverHogs, permille, tornLines);
    }

    public FaultSchedule withTornLines(boolean torn) {
        return new FaultSchedule(serverCrash, repeat, afterRecovery, clientCrashes, stalls, serverHogs, cleanerStartPermille, torn);
    }

    /** Every schedule with one fault fewer (the shrinker's candidates), simplest first. */
    public List<FaultSchedule> simplifications() {
        List<FaultSchedule> out = new ArrayList<>();
        if (repeat != Repeat.NONE) {
            out.add(withRepeat(Repeat.NONE, null));
        }
        if (serverCrash != ServerCrash.POWER_FAILURE) {
            out.add(withServerCrash(ServerCrash.POWER_FAILURE));
        }
        for (int i = 0; i < clientCrashes.size(); i++) {
            List<ClientCrash> fewer = new ArrayList<>(clientCrashes);
            fewer.remove(i);
            out.add(withClientCrashes(fewer));
        }
        for (int i = 0; i < stalls.size(); i++) {
            List<Stall> fewer = new ArrayList<>(stalls);
            fewer.remove(i);
            out.add(withStalls(fewer));
        }
        if (serverHogs > 0) {
            out.add(withServerHogs(0));
        }
        if (cleanerStartPermille >= 0) {
            out.add(withCleanerStartPermille(-1));
        }
        if (tornLines) {
            out.add(withTornLines(false));
        }
        return out;
    }

    /** One line for people: "power failure, crash during recovery, client 2 crashes at 40%, ...". */
    public String describe() {
        List<String> parts = new ArrayList<>();
        parts.add(serverCrash == ServerCrash.POWER_FAILURE ? "server power failure" : "server process crash");
        switch (repeat) {
            case DURING_RECOVERY -> parts.add("power failure again during recovery");
            case AFTER_RECOVERY -> parts.add("recovery, " + afterRecovery.size() + " more operation(s) (" + afterRecovery.encode() + "), power failure again");
            case NONE -> { }
        }
        clientCrashes.forEach(c -> parts.add("client " + c.client() + " crashes at " + c.permille() / 10.0 + "% of the run"));
        stalls.forEach(s -> parts.add("server threads " + s.threadPrefix() + "* stall " + s.durationNs() + " ns at " + s.permille() / 10.0 + "% of the run"));
        if (serverHogs > 0) {
            parts.add(serverHogs + " CPU hog(s) on the server");
        }
        if (cleanerStartPermille >= 0) {
            parts.add("log cleaner starts at " + cleanerStartPermille / 10.0 + "% of the run");
        }
        if (tornLines) {
            parts.add("torn cache lines");
        }
        return String.join(", ", parts);
    }

    /** The token form: fields separated by {@code ~} (see {@link #decode}). */
    String encode() {
        List<String> cc = clientCrashes.stream().map(c -> c.client() + "@" + c.permille()).toList();
        List<String> st = stalls.stream().map(s -> s.threadPrefix() + "@" + s.permille() + "+" + s.durationNs()).toList();
        return String.join("~", serverCrash == ServerCrash.POWER_FAILURE ? "P" : "X", repeat.name().substring(0, 1),
                afterRecovery == null ? "-" : afterRecovery.encode(), String.join(";", cc), String.join(";", st), Integer.toString(serverHogs),
                Integer.toString(cleanerStartPermille), tornLines ? "1" : "0");
    }

    static FaultSchedule decode(String s) {
        String[] f = s.split("~", -1);
        if (f.length != 8) {
            throw new IllegalArgumentException("a fault schedule has 8 fields, not " + f.length);
        }
        ServerCrash crash = switch (f[0]) {
            case "P" -> ServerCrash.POWER_FAILURE;
            case "X" -> ServerCrash.PROCESS_CRASH;
            default -> throw new IllegalArgumentException("server crash '" + f[0] + "' is neither P nor X");
        };
        Repeat repeat = switch (f[1]) {
            case "N" -> Repeat.NONE;
            case "D" -> Repeat.DURING_RECOVERY;
            case "A" -> Repeat.AFTER_RECOVERY;
            default -> throw new IllegalArgumentException("repeat '" + f[1] + "' is none of N, D, A");
        };
        Program after = f[2].equals("-") ? null : Program.decode(f[2]);
        List<ClientCrash> cc = new ArrayList<>();
        for (String c : f[3].isEmpty() ? new String[0] : f[3].split(";")) {
            String[] p = c.split("@");
            cc.add(new ClientCrash(Integer.parseInt(p[0]), Integer.parseInt(p[1])));
        }
        List<Stall> st = new ArrayList<>();
        for (String c : f[4].isEmpty() ? new String[0] : f[4].split(";")) {
            int at = c.lastIndexOf('@');
            int plus = c.lastIndexOf('+');
            st.add(new Stall(c.substring(0, at), Integer.parseInt(c.substring(at + 1, plus)), Long.parseLong(c.substring(plus + 1))));
        }
        return new FaultSchedule(crash, repeat, after, cc, st, Integer.parseInt(f[5]), Integer.parseInt(f[6]), switch (f[7]) {
            case "1" -> true;
            case "0" -> false;
            default -> throw new IllegalArgumentException("torn lines '" + f[7] + "' is neither 0 nor 1");
        });
    }
}
