package io.rdasuite.crashsim.fuzz;

import io.rdasuite.crashsim.Program;
import io.rdasuite.crashsim.Scenario;
import io.rdasuite.crashsim.TokenCodec;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.protocol.Plants;
import java.util.Arrays;
import java.util.List;

/**
 * The one-line reproduction of a fuzz run's crash state: {@code rdaf2.} and, in the checksummed envelope every
 * replay token shares ({@link TokenCodec}), {@code subject|config|transport|seed|program|schedule|path|plant}.
 */
public final class FuzzToken {
    public static final String PREFIX = "rdaf2.";
    private static final String HINT = "tokens come from 'rda fuzz' output or its corpus; copy the whole token";
    private static final int FIELDS = 8;

    /** A decoded token: the case, the crash state, and the planted bug the run had. */
    public record Decoded(FuzzCase fuzzCase, CrashPath path, Plant plant) {
    }

    private FuzzToken() {
    }

    /** The token of a crash state: its case, its crash path and the planted bug of its run. */
    public static String encode(FuzzCase c, CrashPath path, Plant plant) {
        Scenario s = c.scenario();
        String body = String.join("|", s.subject(), s.config().name(), s.transport().name(), Long.toString(s.seed()), s.program().encode(),
                c.schedule().encode(), path.encode(), plant.cliName());
        return TokenCodec.encode(PREFIX, body);
    }

    /** Decodes a token; a malformed or mistyped one is an {@link IllegalArgumentException} saying what is wrong. */
    public static Decoded decode(String token) {
        String text = TokenCodec.decode(PREFIX, token, HINT);
        List<String> f = Arrays.asList(text.split("\\|", -1));
        if (f.size() != FIELDS) {
            throw malformed("it has " + f.size() + " fields, expected " + FIELDS);
        }
        try {
            Scenario scenario = new Scenario(f.get(0), ServerConfig.parse(f.get(1)), Transport.parse(f.get(2)), Long.parseLong(f.get(3)),
                    Program.decode(f.get(4)));
            return new Decoded(new FuzzCase(scenario, FaultSchedule.decode(f.get(5))), CrashPath.decode(f.get(6)), Plants.parse(f.get(7)));
        } catch (IllegalArgumentException e) {
            throw malformed(e.getMessage());
        }
    }

    private static IllegalArgumentException malformed(String why) {
        return new IllegalArgumentException("malformed replay token: " + why + "; " + HINT);
    }
}
