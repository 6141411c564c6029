package io.rdasuite.hwreal.auth;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Set;

/**
 * The secret a server and its clients share ({@code --secret-file}): at least 16 bytes, 32 when this class makes
 * it, kept in a file readable by its owner only. The file holds the bytes as hex (what {@link #create} writes) or
 * base64, on one line (text made of hex digits only is read as hex). A file that group or others may read is refused, naming the file and the {@code chmod}
 * that fixes it: a secret anyone on the machine can read authenticates no one.
 */
public final class Secret {
    /** The bytes {@link #create} draws. */
    public static final int BYTES = 32;
    /** The fewest bytes a file may hold. */
    public static final int MIN_BYTES = 16;
    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");

    private final byte[] key;
    private final Path file;

    private Secret(byte[] key, Path file) {
        this.key = key;
        this.file = file;
    }

    /** A secret of these bytes that no file holds (tests). */
    public static Secret of(byte[] key) {
        if (key.length < MIN_BYTES) {
            throw new IllegalArgumentException("a secret needs at least " + MIN_BYTES + " bytes, got " + key.length);
        }
        return new Secret(key.clone(), null);
    }

    /** The server's secret: read from {@code file}, or drawn from SecureRandom and written there (mode 0600) when it is missing. */
    public static Secret loadOrCreate(Path file) throws IOException {
        if (Files.notExists(file)) {
            try {
                return create(file);
            } catch (FileAlreadyExistsException raced) {
                // another process made it meanwhile: read theirs
            }
        }
        return load(file);
    }

    /** Draws {@value #BYTES} bytes from SecureRandom and writes them to the new file {@code file} as hex, mode 0600 from its creation on. */
    public static Secret create(Path file) throws IOException {
        byte[] key = new byte[BYTES];
        new SecureRandom().nextBytes(key);
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null && !Files.isDirectory(parent)) {
            throw new NoSuchFileException(parent.toString(), null, "the secret file's directory does not exist");
        }
        if (Files.getFileAttributeView(parent, PosixFileAttributeView.class) != null) {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(OWNER_ONLY)); // never readable by others, not even for a moment
        } else {
            Files.createFile(file);
        }
        Files.writeString(file, HexFormat.of().formatHex(key) + "\n", StandardCharsets.US_ASCII);
        return new Secret(key, file);
    }

    /** Reads a secret file, refusing one that group or others may access or that holds no hex or base64 secret. */
    public static Secret load(Path file) throws IOException {
        if (!Files.exists(file)) {
            throw new NoSuchFileException(file.toString(), null,
                    "no secret file; copy the one `rda serve --secret-file` wrote (it makes one where none exists)");
        }
        checkOwnerOnly(file);
        String text = Files.readString(file, StandardCharsets.US_ASCII).strip();
        byte[] key = decode(text);
        if (key == null) {
            throw new IllegalArgumentException("secret file " + file + " holds neither hex nor base64 (expected one line, e.g. the 64 hex digits "
                    + "`rda serve --secret-file` writes)");
        }
        if (key.length < MIN_BYTES) {
            throw new IllegalArgumentException("secret file " + file + " holds " + key.length + " bytes; at least " + MIN_BYTES
                    + " (delete it and let `rda serve --secret-file` make a " + BYTES + "-byte one)");
        }
        return new Secret(key, file);
    }

    /** Refuses {@code file} when group or others have any permission on it (on file systems with POSIX permissions). */
    static void checkOwnerOnly(Path file) throws IOException {
        PosixFileAttributeView view = Files.getFileAttributeView(file, PosixFileAttributeView.class);
        if (view == null) {
            return; // no POSIX permissions to check (not on the Linux hosts this runs on)
        }
        Set<PosixFilePermission> perms = view.readAttributes().permissions();
        for (PosixFilePermission p : perms) {
            if (!OWNER_ONLY.contains(p) && p != PosixFilePermission.OWNER_EXECUTE) {
                throw new IllegalArgumentException("secret file " + file + " is accessible by group or others (mode "
                        + PosixFilePermissions.toString(perms) + "); make it the owner's alone: chmod 600 " + file);
            }
        }
    }

    private static byte[] decode(String text) {
        if (text.isEmpty() || text.contains("\n")) {
            return null;
        }
        if (text.length() % 2 == 0 && text.chars().allMatch(c -> Character.digit(c, 16) >= 0)) {
            return HexFormat.of().parseHex(text);
        }
        try {
            return Base64.getDecoder().decode(text);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** The key bytes, for the HMAC (a copy). */
    byte[] key() {
        return key.clone();
    }

    /** Where it came from, for messages ("--secret-file PATH"); null for a secret no file holds. */
    public Path file() {
        return file;
    }

    /** How a message names this secret. */
    public String describe() {
        return file == null ? "the given secret" : "--secret-file " + file;
    }

    @Override
    public String toString() {
        return "Secret[" + (file == null ? "in memory" : file) + "]"; // never the bytes
    }
}
