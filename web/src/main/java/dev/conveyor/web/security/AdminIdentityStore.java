package dev.conveyor.web.security;

import dev.conveyor.common.ConveyorHome;
import dev.conveyor.common.MessageId;
import dev.conveyor.security.AdminPassword;
import dev.conveyor.web.ConveyorApi;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.security.enterprise.authentication.mechanism.http.BasicAuthenticationMechanismDefinition;
import jakarta.security.enterprise.credential.UsernamePasswordCredential;
import jakarta.security.enterprise.identitystore.CredentialValidationResult;
import jakarta.security.enterprise.identitystore.IdentityStore;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Logger;

/**
 * Checks the admin's password: CONVEYOR_ADMIN_PASSWORD when set, else the hash deploy/run
 * stored under var/. PBKDF2 is slow on purpose, so the last password that passed is remembered
 * (as a digest, with the hash it passed against) and repeated calls cost one SHA-256.
 */
@ApplicationScoped
@BasicAuthenticationMechanismDefinition(realmName = "Conveyor")
public class AdminIdentityStore implements IdentityStore {

    private static final Logger LOG = Logger.getLogger(AdminIdentityStore.class.getName());
    private static final String ADMIN = "admin";

    private volatile String lastVerified;
    private volatile boolean missingReported;

    public CredentialValidationResult validate(UsernamePasswordCredential credential) {
        if (ADMIN.equals(credential.getCaller()) && passwordMatches(credential.getPasswordAsString())) {
            return new CredentialValidationResult(ADMIN, Set.of(ConveyorApi.ADMIN_ROLE));
        }
        return CredentialValidationResult.INVALID_RESULT;
    }

    private boolean passwordMatches(String attempt) {
        Optional<String> configured = ConveyorHome.adminPassword();
        if (configured.isPresent()) {
            return MessageDigest.isEqual(configured.get().getBytes(StandardCharsets.UTF_8), attempt.getBytes(StandardCharsets.UTF_8));
        }
        Path hashFile = ConveyorHome.adminPasswordHashFile();
        String stored;
        try {
            stored = Files.readString(hashFile, StandardCharsets.US_ASCII).strip();
        } catch (NoSuchFileException e) {
            if (!missingReported) {
                missingReported = true;
                LOG.severe(MessageId.ADMIN_PASSWORD_MISSING.format(hashFile));
            }
            return false;
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + hashFile, e);
        }
        String key = sha256(stored + "\n" + attempt);
        if (key.equals(lastVerified)) {
            return true;
        }
        boolean matches = AdminPassword.verify(stored, attempt);
        if (matches) {
            lastVerified = key;
        }
        return matches;
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
