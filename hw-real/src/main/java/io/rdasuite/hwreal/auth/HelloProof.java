package io.rdasuite.hwreal.auth;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The challenge–response of the TCP fabric's hello, both ways. Each end's hello carries a fresh 32-byte nonce from
 * SecureRandom; the transcript is the server's hello body followed by the client's (so both nonces, both queue pair
 * numbers, the purpose, the version and the timeouts). The client proves it holds the secret with
 * {@code HMAC-SHA256(secret, "RDAW client proof" || transcript)}; the server, after checking that in constant time
 * ({@link MessageDigest#isEqual}), proves it holds it too with the same under the label {@code "RDAW server proof"}
 * (the labels differ so a proof cannot be reflected back to its sender). A recorded proof is worth nothing on
 * another connection: the server's nonce differs. JDK crypto only ({@link Mac}); nothing here is home-made.
 */
public final class HelloProof {
    /** Nonce bytes in a hello. */
    public static final int NONCE_BYTES = 32;
    /** HMAC-SHA256 output bytes. */
    public static final int PROOF_BYTES = 32;
    private static final byte[] CLIENT = "RDAW client proof".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SERVER = "RDAW server proof".getBytes(StandardCharsets.US_ASCII);
    private static final SecureRandom NONCES = new SecureRandom();

    private HelloProof() {
    }

    /** A fresh nonce for a hello. */
    public static byte[] nonce() {
        byte[] n = new byte[NONCE_BYTES];
        NONCES.nextBytes(n);
        return n;
    }

    /** The client's proof over the two hello bodies. */
    public static byte[] client(Secret secret, byte[] serverHello, byte[] clientHello) {
        return mac(secret, CLIENT, serverHello, clientHello);
    }

    /** The server's proof over the two hello bodies. */
    public static byte[] server(Secret secret, byte[] serverHello, byte[] clientHello) {
        return mac(secret, SERVER, serverHello, clientHello);
    }

    /** Whether {@code proof} equals {@code expected}, in time independent of where they differ. */
    public static boolean matches(byte[] expected, byte[] proof) {
        return proof != null && MessageDigest.isEqual(expected, proof);
    }

    private static byte[] mac(Secret secret, byte[] label, byte[] serverHello, byte[] clientHello) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.key(), "HmacSHA256"));
            mac.update(label);
            mac.update(serverHello);
            mac.update(clientHello);
            return mac.doFinal();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JDK lacks HmacSHA256, which every Java SE runtime must provide", e);
        }
    }
}
