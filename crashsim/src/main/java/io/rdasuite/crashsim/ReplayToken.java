package io.rdasuite.crashsim;

import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import java.util.Arrays;
import java.util.List;

/**
 * The one-line reproduction of a violation: {@code rda2.}, URL-safe base64 of
 * {@code subject|config|transport|seed|program|crashEvent|choices|fifoCut|plantedBug}, then a CRC32C checksum
 * ({@link TokenCodec}). Everything needed is in it; the simulator's determinism does the rest. Version 1 tokens
 * carried no checksum and are refused: a mistyped one replayed some other state.
 */
public final class ReplayToken {
    private static final String PREFIX = "rda2.";
    private static final String HINT = "tokens come from 'rda check' or 'rda taxonomy' output; copy the whole token";

    /** A decoded token: the scenario, and which crash and image to replay. */
    public record Decoded(Scenario scenario, long crashEvent, int[] choices, int fifoCut, io.rdasuite.store.mutation.PlantedBug plant) {
    }

    private ReplayToken() {
    }

    static String encode(Violation v) {
        Scenario s = v.scenario();
        String choices = String.join(".", Arrays.stream(v.choices()).mapToObj(Integer::toString).toList());
        String body = String.join("|", s.subject(), s.config().name(), s.transport().name(), Long.toString(s.seed()),
                s.program().encode(), Long.toString(v.crashEvent()), choices, Integer.toString(v.fifoCut()),
                io.rdasuite.store.mutation.PlantedBugs.active().cliName()); // a planted bug's failure replays with it planted
        return TokenCodec.encode(PREFIX, body);
    }

    /** Decodes a token; a malformed one is an {@link IllegalArgumentException} saying what is wrong. */
    public static Decoded decode(String token) {
        if (token != null && token.startsWith("rda1.")) {
            throw malformed("'rda1.' tokens carried no checksum and are no longer replayed; re-run the command that printed it");
        }
        String body = TokenCodec.decode(PREFIX, token, HINT);
        List<String> f = Arrays.asList(body.split("\\|", -1));
        if (f.size() != 9) {
            throw malformed("it has " + f.size() + " fields, expected 9 (subject|config|transport|seed|program|crash|choices|cut|plant)");
        }
        try {
            Scenario scenario = new Scenario(f.get(0), ServerConfig.parse(f.get(1)), Transport.parse(f.get(2)), Long.parseLong(f.get(3)),
                    Program.decode(f.get(4)));
            int[] choices = f.get(6).isEmpty() ? new int[0] : Arrays.stream(f.get(6).split("\\.")).mapToInt(Integer::parseInt).toArray();
            return new Decoded(scenario, Long.parseLong(f.get(5)), choices, Integer.parseInt(f.get(7)),
                    io.rdasuite.store.mutation.PlantedBug.parse(f.get(8)));
        } catch (IllegalArgumentException e) {
            throw malformed(e.getMessage());
        }
    }

    private static IllegalArgumentException malformed(String why) {
        return TokenCodec.malformed(why, HINT);
    }
}
