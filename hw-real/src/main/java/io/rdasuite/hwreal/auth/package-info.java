/**
 * Authentication of the TCP fabric's connections. {@link io.rdasuite.hwreal.auth.Secret} is the secret a server and its
 * clients share ({@code --secret-file}): at least 16 bytes (32 from SecureRandom when made here), hex or base64 on one
 * line, in a file only its owner may read; a file group or others can read is refused, naming the {@code chmod} that fixes
 * it. {@link io.rdasuite.hwreal.auth.HelloProof} is the challenge–response of the hello, both ways: an HMAC-SHA256 under
 * the secret over both hellos (so over both fresh nonces), with different labels for client and server so that a proof
 * cannot be reflected, checked in constant time, JDK crypto only. Used by {@link io.rdasuite.hwreal.tcp.TcpTransport} and
 * the hello frames of {@link io.rdasuite.hwreal.wire}.
 */
package io.rdasuite.hwreal.auth;
