package dev.conveyor.security;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * The admin password's hash: PBKDF2-HMAC-SHA256 with a random salt, stored as
 * {@code pbkdf2-sha256$<iterations>$<salt>$<hash>}. Only the hash is ever written to disk.
 * <p>
 * Run as a program ({@code AdminPassword init FILE}) it creates the hash file with a new random
 * password and prints that password once; deploy/run does this at first start.
 */
public final class AdminPassword {

    private static final String SCHEME = "pbkdf2-sha256";
    private static final int ITERATIONS = 210_000;
    private static final int SALT_BYTES = 16;
    private static final int HASH_BITS = 256;
    private static final SecureRandom RANDOM = new SecureRandom();

    private AdminPassword() {
    }

    public static String hash(String password) {
        byte[] salt = new byte[SALT_BYTES];
        RANDOM.nextBytes(salt);
        return SCHEME + "$" + ITERATIONS + "$" + b64(salt) + "$" + b64(derive(password, salt, ITERATIONS));
    }

    public static boolean verify(String stored, String attempt) {
        String[] parts = stored.strip().split("\\$");
        if (parts.length != 4 || !SCHEME.equals(parts[0])) {
            throw new IllegalArgumentException("not a " + SCHEME + " hash");
        }
        byte[] salt = Base64.getDecoder().decode(parts[2]);
        byte[] expected = Base64.getDecoder().decode(parts[3]);
        return MessageDigest.isEqual(expected, derive(attempt, salt, Integer.parseInt(parts[1])));
    }

    /** 24 random characters from the URL-safe Base64 alphabet (144 bits). */
    public static String generate() {
        byte[] bytes = new byte[18];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** Creates the hash file for a new password and returns the password; fails if the file exists. */
    public static String initialize(Path hashFile) throws IOException {
        String password = generate();
        Files.createDirectories(hashFile.toAbsolutePath().getParent());
        try {
            Files.createFile(hashFile, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (UnsupportedOperationException noPosix) {
            Files.createFile(hashFile);
        }
        Files.writeString(hashFile, hash(password) + "\n", StandardCharsets.US_ASCII);
        return password;
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2 || !"init".equals(args[0])) {
            System.err.println("usage: AdminPassword init HASH_FILE");
            System.exit(2);
        }
        try {
            System.out.println(initialize(Path.of(args[1])));
        } catch (FileAlreadyExistsException exists) {
            System.exit(3);
        }
    }

    private static byte[] derive(String password, byte[] salt, int iterations) {
        try {
            PBEKeySpec spec = new PBEKeySpec(password.toCharArray(), salt, iterations, HASH_BITS);
            return SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256").generateSecret(spec).getEncoded();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("PBKDF2WithHmacSHA256 is missing from this JVM", e);
        }
    }

    private static String b64(byte[] bytes) {
        return Base64.getEncoder().withoutPadding().encodeToString(bytes);
    }
}
