package dev.conveyor.web.security;

import dev.conveyor.common.ConveyorHome;
import dev.conveyor.common.MessageId;
import dev.conveyor.security.AdminPassword;
import dev.conveyor.security.Role;
import dev.conveyor.security.UserDirectory;
import dev.conveyor.security.UserRules;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.security.enterprise.credential.UsernamePasswordCredential;
import jakarta.security.enterprise.identitystore.CredentialValidationResult;
import jakarta.security.enterprise.identitystore.IdentityStore;
import jakarta.security.enterprise.identitystore.Pbkdf2PasswordHash;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Logger;

/**
 * The API's callers: deploy/run's {@code admin} (CONVEYOR_ADMIN_PASSWORD, or the hash deploy/run
 * stored under var/) and the users of {@link UserDirectory}, whose hashes Jakarta Security's
 * {@link Pbkdf2PasswordHash} checks. Hashing is slow on purpose, so each user's last password
 * that passed is remembered (as a digest, with the hash it passed against): repeated calls with
 * it cost one SHA-256, and a changed password or hash no longer matches.
 */
@ApplicationScoped
public class ApiIdentityStore implements IdentityStore {

    private static final Logger LOG = Logger.getLogger(ApiIdentityStore.class.getName());

    @Inject
    UserDirectory users;

    @Inject
    Pbkdf2PasswordHash hash;

    private final Map<String, String> lastVerified = new ConcurrentHashMap<>();
    private volatile boolean missingReported;

    /** What a password is checked against: a stored hash (or the configured password itself) and the role it gives. */
    private record Stored(String secret, Role role, boolean plain, boolean deployAdmin) {
    }

    /** The full check (IdentityStore's convention: a validate method per credential type); slow for a password not seen before. */
    public CredentialValidationResult validate(UsernamePasswordCredential credential) {
        return check(credential, true).orElse(CredentialValidationResult.INVALID_RESULT);
    }

    /** The result when this password passed before, at the cost of a digest; empty when only the slow check can tell. */
    Optional<CredentialValidationResult> remembered(UsernamePasswordCredential credential) {
        return check(credential, false);
    }

    private Optional<CredentialValidationResult> check(UsernamePasswordCredential credential, boolean slowCheckAllowed) {
        String name = credential.getCaller();
        String attempt = credential.getPasswordAsString();
        if (attempt.length() > UserRules.MAX_PASSWORD_LENGTH) {
            return Optional.of(CredentialValidationResult.INVALID_RESULT);
        }
        Optional<Stored> stored = stored(name);
        if (stored.isEmpty()) {
            return slowCheckAllowed ? Optional.of(CredentialValidationResult.INVALID_RESULT) : Optional.empty();
        }
        Stored user = stored.get();
        if (user.plain()) {
            boolean matches = MessageDigest.isEqual(user.secret().getBytes(StandardCharsets.UTF_8), attempt.getBytes(StandardCharsets.UTF_8));
            return Optional.of(matches ? valid(name, user.role()) : CredentialValidationResult.INVALID_RESULT);
        }
        String key = sha256(user.secret() + "\n" + attempt);
        if (key.equals(lastVerified.get(name))) {
            return Optional.of(valid(name, user.role()));
        }
        if (!slowCheckAllowed) {
            return Optional.empty();
        }
        boolean matches = user.deployAdmin() ? AdminPassword.verify(user.secret(), attempt) : hash.verify(attempt.toCharArray(), user.secret());
        if (!matches) {
            return Optional.of(CredentialValidationResult.INVALID_RESULT);
        }
        lastVerified.put(name, key);
        return Optional.of(valid(name, user.role()));
    }

    private static CredentialValidationResult valid(String name, Role role) {
        return new CredentialValidationResult(name, Set.of(role.roleName()));
    }

    private Optional<Stored> stored(String name) {
        if (!UserRules.DEPLOY_ADMIN.equals(name)) {
            return users.login(name).map(user -> new Stored(user.getPasswordHash(), user.getRole(), false, false));
        }
        Optional<String> configured = ConveyorHome.adminPassword();
        if (configured.isPresent()) {
            return Optional.of(new Stored(configured.get(), Role.ADMIN, true, true));
        }
        Path hashFile = ConveyorHome.adminPasswordHashFile();
        try {
            return Optional.of(new Stored(Files.readString(hashFile, StandardCharsets.US_ASCII).strip(), Role.ADMIN, false, true));
        } catch (NoSuchFileException e) {
            if (!missingReported) {
                missingReported = true;
                LOG.severe(MessageId.ADMIN_PASSWORD_MISSING.format(hashFile));
            }
            return Optional.empty();
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + hashFile, e);
        }
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
