package io.rdasuite.crashsim;

import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import java.util.Arrays;
import java.util.List;

/**
 * The one-line reproduction of a violation: {@code rda2.}, URL-safe base64 of
 * {@code subject|config|transport|seed|program|crashEvent|choices|fifoCut|plantedBug}, then a CRC32C checksum
 * ({@link TokenCodec}). A crash of a cluster (several nodes' images, or a target other than every server) adds a tenth
 * field, the crash target, and writes choices and cuts per node ({@code id:c.c.c;id:c}, {@code id:cut;id:cut}).
 * ({@link TokenCodec}). Everything needed is in it; the simulator's determinism does the rest. Version 1 tokens
 * carried no checksum and are refused: a mistyped one replayed some other state.
 */
public final class ReplayToken {
    private static final String PREFIX = "rda2.";
    private static final String HINT = "tokens come from 'rda check' or 'rda taxonomy' output; copy the whole token";

    /** A decoded token: the scenario, and which crash and image to replay. */
    public record Decoded(Scenario scenario, long crashEvent, io.rdasuite.crashsim.cluster.CrashState state, io.rdasuite.store.mutation.Plant plant) {
    }

    private ReplayToken() {
    }

    static String encode(Violation v) {
        Scenario s = v.scenario();
        boolean single = v.state().singleServer() && s.target().equals(io.rdasuite.crashsim.cluster.CrashTarget.ALL_SERVERS);
        String choices = single ? String.join(".", Arrays.stream(v.choices()).mapToObj(Integer::toString).toList()) : v.state().encodeChoices();
        String cuts = single ? Integer.toString(v.fifoCut()) : v.state().encodeCuts();
        String body = String.join("|", s.subject(), s.config().name(), s.transport().name(), Long.toString(s.seed()),
                s.program().encode(), Long.toString(v.crashEvent()), choices, cuts,
                io.rdasuite.store.mutation.PlantedBugs.activePlant().cliName()); // a planted bug's failure replays with it planted
        if (!single) {
            body += "|" + s.target().spec();
        }
        return TokenCodec.encode(PREFIX, body);
    }

    /** Decodes a token; a malformed one is an {@link IllegalArgumentException} saying what is wrong. */
    public static Decoded decode(String token) {
        if (token != null && token.startsWith("rda1.")) {
            throw malformed("'rda1.' tokens carried no checksum and are no longer replayed; re-run the command that printed it");
        }
        String body = TokenCodec.decode(PREFIX, token, HINT);
        List<String> f = Arrays.asList(body.split("\\|", -1));
        if (f.size() != 9 && f.size() != 10) {
            throw malformed("it has " + f.size() + " fields, expected 9 (subject|config|transport|seed|program|crash|choices|cut|plant) or 10 (and target)");
        }
        try {
            io.rdasuite.crashsim.cluster.CrashTarget target = f.size() == 10 ? new io.rdasuite.crashsim.cluster.CrashTarget(f.get(9))
                    : io.rdasuite.crashsim.cluster.CrashTarget.ALL_SERVERS;
            Scenario scenario = new Scenario(f.get(0), ServerConfig.parse(f.get(1)), Transport.parse(f.get(2)), Long.parseLong(f.get(3)),
                    Program.decode(f.get(4)), target);
            io.rdasuite.crashsim.cluster.CrashState state;
            if (f.size() == 9) {
                int[] choices = f.get(6).isEmpty() ? new int[0] : Arrays.stream(f.get(6).split("\\.")).mapToInt(Integer::parseInt).toArray();
                state = io.rdasuite.crashsim.cluster.CrashState.of(0, choices, Integer.parseInt(f.get(7)));
            } else {
                state = io.rdasuite.crashsim.cluster.CrashState.decode(f.get(6), f.get(7));
            }
            return new Decoded(scenario, Long.parseLong(f.get(5)), state, io.rdasuite.store.protocol.Plants.parse(f.get(8)));
        } catch (IllegalArgumentException e) {
            throw malformed(e.getMessage());
        }
    }

    private static IllegalArgumentException malformed(String why) {
        return TokenCodec.malformed(why, HINT);
    }
}
