package io.rdasuite.crashsim;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HexFormat;
import java.util.zip.CRC32C;

/**
 * The envelope of every replay token: {@code <prefix>} + URL-safe base64 of a text body + {@code .} + the body's
 * CRC32C as 8 hex digits. The checksum is what turns a token mistyped or cut in a copy into an error instead of a
 * replay of some other state (the body alone decodes to many plausible scenarios).
 */
public final class TokenCodec {
    private static final int CHECKSUM_HEX_DIGITS = 8;

    private TokenCodec() {
    }

    /** Wraps {@code body} in a token starting with {@code prefix} (for example {@code rda2.}). */
    public static String encode(String prefix, String body) {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        return prefix + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes) + "." + checksum(bytes);
    }

    /**
     * The body of a token made by {@link #encode}; a token without the prefix, with a body that is not base64, or
     * whose checksum does not match is an {@link IllegalArgumentException} saying which, ending with {@code hint}.
     */
    public static String decode(String prefix, String token, String hint) {
        if (token == null || !token.startsWith(prefix)) {
            throw malformed("it must start with '" + prefix + "'", hint);
        }
        String rest = token.substring(prefix.length()).trim();
        int dot = rest.lastIndexOf('.');
        if (dot < 0 || rest.length() - dot - 1 != CHECKSUM_HEX_DIGITS) {
            throw malformed("it must end with '.' and its " + CHECKSUM_HEX_DIGITS + "-digit checksum (was it cut short?)", hint);
        }
        byte[] bytes;
        try {
            bytes = Base64.getUrlDecoder().decode(rest.substring(0, dot));
        } catch (IllegalArgumentException e) {
            throw malformed("its body is not URL-safe base64", hint);
        }
        if (!Base64.getUrlEncoder().withoutPadding().encodeToString(bytes).equals(rest.substring(0, dot))) {
            // a changed last character can differ only in bits base64 ignores: still a typo
            throw malformed("its body is not in the canonical base64 this suite writes", hint);
        }
        if (!checksum(bytes).equalsIgnoreCase(rest.substring(dot + 1))) {
            throw malformed("its checksum does not match its body (a character was changed, added or lost in copying)", hint);
        }
        return new String(bytes, StandardCharsets.UTF_8);
    }

    static IllegalArgumentException malformed(String why, String hint) {
        return new IllegalArgumentException("malformed replay token: " + why + "; " + hint);
    }

    private static String checksum(byte[] bytes) {
        CRC32C crc = new CRC32C();
        crc.update(bytes);
        return HexFormat.of().toHexDigits((int) crc.getValue());
    }
}
