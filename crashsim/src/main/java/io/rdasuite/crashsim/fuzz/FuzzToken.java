package io.rdasuite.crashsim.fuzz;

import io.rdasuite.crashsim.Program;
import io.rdasuite.crashsim.Scenario;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.mutation.PlantedBug;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.zip.CRC32C;

/**
 * The one-line reproduction of a fuzz run's crash state: {@code rdaf1.} followed by URL-safe base64 of
 * {@code subject|config|transport|seed|program|schedule|path|plant|crc}, where {@code crc} is the CRC32C of
 * everything before it in hex. The text is padded so that its length is a multiple of 3: every base64 character
 * then carries data, so changing any one character of a token changes the bytes and the checksum rejects it.
 */
public final class FuzzToken {
    public static final String PREFIX = "rdaf1.";
    private static final int FIELDS = 9;

    /** A decoded token: the case, the crash state, and the planted bug the run had. */
    public record Decoded(FuzzCase fuzzCase, CrashPath path, PlantedBug plant) {
    }

    private FuzzToken() {
    }

    static String encode(FuzzCase c, CrashPath path, PlantedBug plant) {
        Scenario s = c.scenario();
        String body = String.join("|", s.subject(), s.config().name(), s.transport().name(), Long.toString(s.seed()), s.program().encode(),
                c.schedule().encode(), path.encode(), plant.cliName());
        StringBuilder text = new StringBuilder(body).append('|').append(crc(body));
        while (text.toString().getBytes(StandardCharsets.UTF_8).length % 3 != 0) {
            text.append('#');
        }
        return PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(text.toString().getBytes(StandardCharsets.UTF_8));
    }

    /** Decodes a token; a malformed or mistyped one is an {@link IllegalArgumentException} saying what is wrong. */
    public static Decoded decode(String token) {
        if (token == null || !token.startsWith(PREFIX)) {
            throw malformed("it must start with '" + PREFIX + "'");
        }
        String text;
        try {
            text = new String(Base64.getUrlDecoder().decode(token.substring(PREFIX.length()).trim()), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw malformed("its body is not URL-safe base64");
        }
        int end = text.length();
        while (end > 0 && text.charAt(end - 1) == '#') {
            end--;
        }
        text = text.substring(0, end);
        int bar = text.lastIndexOf('|');
        if (bar < 0 || !text.substring(bar + 1).equals(crc(text.substring(0, bar)))) {
            throw malformed("its checksum does not match (a character was changed or lost)");
        }
        List<String> f = Arrays.asList(text.split("\\|", -1));
        if (f.size() != FIELDS) {
            throw malformed("it has " + f.size() + " fields, expected " + FIELDS);
        }
        try {
            Scenario scenario = new Scenario(f.get(0), ServerConfig.parse(f.get(1)), Transport.parse(f.get(2)), Long.parseLong(f.get(3)),
                    Program.decode(f.get(4)));
            return new Decoded(new FuzzCase(scenario, FaultSchedule.decode(f.get(5))), CrashPath.decode(f.get(6)), PlantedBug.parse(f.get(7)));
        } catch (IllegalArgumentException e) {
            throw malformed(e.getMessage());
        }
    }

    private static String crc(String body) {
        CRC32C crc = new CRC32C();
        crc.update(body.getBytes(StandardCharsets.UTF_8));
        return HexFormat.of().toHexDigits((int) crc.getValue()).toLowerCase(Locale.ROOT);
    }

    private static IllegalArgumentException malformed(String why) {
        return new IllegalArgumentException("malformed fuzz token: " + why + "; tokens come from 'rda fuzz' output or its corpus");
    }
}
