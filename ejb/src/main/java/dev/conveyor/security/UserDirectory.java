package dev.conveyor.security;

import static dev.conveyor.common.JsonText.JSON;

import dev.conveyor.common.ConveyorException;
import dev.conveyor.common.MessageId;
import jakarta.annotation.PostConstruct;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.security.enterprise.identitystore.Pbkdf2PasswordHash;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The API's users (besides deploy/run's admin): names, roles and password hashes made with
 * Jakarta Security's {@link Pbkdf2PasswordHash} (PBKDF2-HMAC-SHA256, 210,000 iterations, as
 * OWASP advises for it). A user's JSON never carries the hash.
 */
@Stateless
public class UserDirectory {

    /** Parameters of the hash; verification reads them back from each stored hash. */
    public static final Map<String, String> HASH_PARAMETERS = Map.of("Pbkdf2PasswordHash.Algorithm", "PBKDF2WithHmacSHA256",
            "Pbkdf2PasswordHash.Iterations", "210000", "Pbkdf2PasswordHash.SaltSizeBytes", "16", "Pbkdf2PasswordHash.KeySizeBytes", "32");
    private static final Set<String> FIELDS = Set.of("name", "role", "password");

    @PersistenceContext
    EntityManager em;

    @Inject
    Pbkdf2PasswordHash hash;

    @PostConstruct
    void configureHash() {
        hash.initialize(HASH_PARAMETERS);
    }

    public List<JsonObject> list() {
        return em.createQuery("SELECT u FROM ApiUser u ORDER BY u.name", ApiUser.class).getResultList().stream()
                .map(UserDirectory::toJson).toList();
    }

    public JsonObject get(String name) {
        return toJson(find(name));
    }

    /** The stored user, to check a login against; empty for an unknown name. */
    public Optional<ApiUser> login(String name) {
        return Optional.ofNullable(em.find(ApiUser.class, name));
    }

    public JsonObject create(JsonObject json) {
        refuseUnknown(json);
        String name = UserRules.name(text(json, "name", true));
        if (em.find(ApiUser.class, name) != null) {
            throw new ConveyorException(MessageId.USER_EXISTS, name);
        }
        ApiUser user = new ApiUser(name, UserRules.role(text(json, "role", true)),
                hash.generate(UserRules.password(text(json, "password", true)).toCharArray()), Instant.now());
        em.persist(user);
        return toJson(user);
    }

    /** Changes the role or the password given; the name stays. */
    public JsonObject update(String name, JsonObject json) {
        refuseUnknown(json);
        ApiUser user = find(name);
        if (json.containsKey("name") && !name.equals(text(json, "name", true))) {
            throw ConveyorException.invalidField("name", "cannot be changed; create a new user and delete this one");
        }
        if (json.containsKey("role")) {
            user.setRole(UserRules.role(text(json, "role", true)));
        }
        if (json.containsKey("password")) {
            user.setPasswordHash(hash.generate(UserRules.password(text(json, "password", true)).toCharArray()));
        }
        user.setChangedAt(Instant.now());
        return toJson(user);
    }

    public void delete(String name) {
        em.remove(find(name));
    }

    private ApiUser find(String name) {
        ApiUser user = em.find(ApiUser.class, name);
        if (user == null) {
            throw new ConveyorException(MessageId.USER_NOT_FOUND, name);
        }
        return user;
    }

    private static void refuseUnknown(JsonObject json) {
        for (String key : json.keySet()) {
            if (!FIELDS.contains(key)) {
                throw ConveyorException.invalidField(key, "unknown field; known fields: " + new TreeSet<>(FIELDS));
            }
        }
    }

    private static String text(JsonObject json, String field, boolean required) {
        JsonValue value = json.get(field);
        if (value == null && !required) {
            return "";
        }
        if (!(value instanceof JsonString string)) {
            throw ConveyorException.invalidField(field, value == null ? "is required" : "must be a string");
        }
        return string.getString();
    }

    private static JsonObject toJson(ApiUser user) {
        return JSON.createObjectBuilder().add("name", user.getName()).add("role", user.getRole().roleName())
                .add("changedAt", user.getChangedAt().toString()).build();
    }
}
