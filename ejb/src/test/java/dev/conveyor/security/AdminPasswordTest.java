package dev.conveyor.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AdminPasswordTest {

    @TempDir
    Path dir;

    @Test
    void hashVerifiesTheSamePassword() {
        String stored = AdminPassword.hash("correct horse battery staple");
        assertTrue(AdminPassword.verify(stored, "correct horse battery staple"));
    }

    @Test
    void hashRefusesAnyOtherPassword() {
        String stored = AdminPassword.hash("s3cret");
        assertFalse(AdminPassword.verify(stored, "s3cret "));
        assertFalse(AdminPassword.verify(stored, "S3cret"));
        assertFalse(AdminPassword.verify(stored, ""));
    }

    @Test
    void hashIsSchemeIterationsSaltAndHash() {
        String[] parts = AdminPassword.hash("x").split("\\$");
        assertEquals(4, parts.length);
        assertEquals("pbkdf2-sha256", parts[0]);
        assertEquals("210000", parts[1]);
        assertTrue(parts[2].matches("[A-Za-z0-9+/]{22}"), parts[2]);
        assertTrue(parts[3].matches("[A-Za-z0-9+/]{43}"), parts[3]);
    }

    @Test
    void twoHashesOfOnePasswordDifferButBothVerify() {
        String first = AdminPassword.hash("same");
        String second = AdminPassword.hash("same");
        assertNotEquals(first, second);
        assertNotEquals(first.split("\\$")[2], second.split("\\$")[2]);
        assertTrue(AdminPassword.verify(first, "same"));
        assertTrue(AdminPassword.verify(second, "same"));
    }

    @Test
    void unicodeAndEmptyPasswordsRoundTrip() {
        assertTrue(AdminPassword.verify(AdminPassword.hash("pässwörd-密码"), "pässwörd-密码"));
        assertFalse(AdminPassword.verify(AdminPassword.hash("pässwörd-密码"), "passwort-密码"));
        assertTrue(AdminPassword.verify(AdminPassword.hash(""), ""));
    }

    @Test
    void storedHashMayEndWithANewline() {
        assertTrue(AdminPassword.verify(AdminPassword.hash("line") + "\n", "line"));
    }

    @Test
    void somethingElseThanAHashIsRefused() {
        for (String stored : new String[] {"plain-password", "md5$1$abc$def", "pbkdf2-sha256$1$abc"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> AdminPassword.verify(stored, "x"));
            assertEquals("not a pbkdf2-sha256 hash", e.getMessage());
        }
    }

    @Test
    void generatedPasswordIsTwentyFourUrlSafeCharacters() {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 50; i++) {
            String password = AdminPassword.generate();
            assertTrue(password.matches("[A-Za-z0-9_-]{24}"), password);
            seen.add(password);
        }
        assertEquals(50, seen.size());
    }

    @Test
    void initializeWritesTheHashOfTheReturnedPasswordReadableOnlyByTheOwner() throws IOException {
        Path hashFile = dir.resolve("config/admin.hash");

        String password = AdminPassword.initialize(hashFile);

        assertTrue(password.matches("[A-Za-z0-9_-]{24}"), password);
        String stored = Files.readString(hashFile);
        assertTrue(stored.endsWith("\n"));
        assertFalse(stored.contains(password));
        assertTrue(AdminPassword.verify(stored, password));
        assertEquals(PosixFilePermissions.fromString("rw-------"), Files.getPosixFilePermissions(hashFile));
    }

    @Test
    void initializeRefusesAnExistingFileAndLeavesItAlone() throws IOException {
        Path hashFile = dir.resolve("admin.hash");
        String password = AdminPassword.initialize(hashFile);
        String stored = Files.readString(hashFile);

        assertThrows(FileAlreadyExistsException.class, () -> AdminPassword.initialize(hashFile));

        assertEquals(stored, Files.readString(hashFile));
        assertTrue(AdminPassword.verify(Files.readString(hashFile), password));
    }
}
