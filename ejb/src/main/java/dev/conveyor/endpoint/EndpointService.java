package dev.conveyor.endpoint;

import dev.conveyor.common.ConveyorException;
import dev.conveyor.common.ConveyorHome;
import dev.conveyor.common.MessageId;
import dev.conveyor.operation.OperationCatalog;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Creating, changing and removing endpoints, and the service-wide defaults they inherit. Every
 * change is validated, against the settings the endpoint will run with, before it is stored.
 */
@Stateless
public class EndpointService {

    @PersistenceContext
    EntityManager em;

    @Inject
    OperationCatalog operations;

    @Inject
    Event<EndpointChanged> changes;

    public List<JsonObject> list() {
        SettingValues service = serviceDefaults();
        return endpoints().stream().map(e -> view(e, service)).toList();
    }

    public JsonObject get(String name) {
        return view(require(name), serviceDefaults());
    }

    public JsonObject create(JsonObject json) {
        SettingValues given = SettingValues.fromJson(json, EndpointSettings.ALL);
        SettingValues service = serviceDefaults();
        Path folder = validator().validate(given.over(service).over(EndpointSettings.MANUAL_DEFAULTS));
        String name = given.get(EndpointSettings.NAME);
        if (em.find(Endpoint.class, name) != null) {
            throw new ConveyorException(MessageId.ENDPOINT_EXISTS, name);
        }
        Endpoint endpoint = new Endpoint(name, Instant.now());
        store(endpoint, given, folder);
        em.persist(endpoint);
        return changed(endpoint, service);
    }

    /** Applies the given settings over the endpoint's; settings left out keep their value. */
    public JsonObject update(String name, JsonObject json) {
        Endpoint endpoint = require(name);
        SettingValues change = SettingValues.fromJson(json, EndpointSettings.ALL);
        if (change.has(EndpointSettings.NAME) && !change.get(EndpointSettings.NAME).equals(name)) {
            throw ConveyorException.invalidField("name", "an endpoint cannot be renamed; create a new one instead");
        }
        SettingValues given = change.over(endpoint.given());
        SettingValues service = serviceDefaults();
        store(endpoint, given, validator().validate(given.over(service).over(EndpointSettings.MANUAL_DEFAULTS)));
        return changed(endpoint, service);
    }

    public void delete(String name) {
        em.remove(require(name));
        changes.fire(new EndpointChanged(name));
    }

    public JsonObject setState(String name, EndpointState state) {
        Endpoint endpoint = require(name);
        endpoint.setState(state);
        return changed(endpoint, serviceDefaults());
    }

    /**
     * Blocks the endpoint in a transaction of its own, so the block holds even when the caller's
     * work rolls back. False when it was already blocked (or is gone): only the first blocker logs.
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public boolean block(String name, String reason) {
        Endpoint endpoint = em.find(Endpoint.class, name, LockModeType.PESSIMISTIC_WRITE);
        if (endpoint == null || endpoint.getState() == EndpointState.BLOCKED) {
            return false;
        }
        endpoint.block(reason);
        changed(endpoint, serviceDefaults());
        return true;
    }

    public Endpoint require(String name) {
        Endpoint endpoint = em.find(Endpoint.class, name);
        if (endpoint == null) {
            throw new ConveyorException(MessageId.ENDPOINT_NOT_FOUND, name);
        }
        return endpoint;
    }

    /** Counts one more scan against repeatCount; returns the scans made so far. */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public long countScan(String name) {
        Endpoint endpoint = em.find(Endpoint.class, name, LockModeType.PESSIMISTIC_WRITE);
        if (endpoint == null) {
            return 0;
        }
        endpoint.countScan();
        return endpoint.getScans();
    }

    /** A sign that an endpoint was added, removed, changed, paused, resumed or blocked (not its scan count). */
    public String stateStamp() {
        return String.valueOf(em.createQuery("SELECT e.name, e.state, e.blockedReason, e.settings FROM Endpoint e ORDER BY e.name",
                Object[].class).getResultList().stream().map(Arrays::asList).toList().hashCode());
    }

    /** Every endpoint as it runs now. */
    public List<EndpointConfig> configs() {
        SettingValues service = serviceDefaults();
        return endpoints().stream().map(e -> e.config(service)).toList();
    }

    /** The endpoint as it runs now, or empty when it was deleted. */
    public Optional<EndpointConfig> config(String name) {
        return Optional.ofNullable(em.find(Endpoint.class, name)).map(e -> e.config(serviceDefaults()));
    }

    /** The endpoint watching {@code folder} as it runs now, if any: one indexed lookup, for the result writers' hot path. */
    public Optional<EndpointConfig> configWatching(Path folder) {
        return watching(folder).stream().findFirst().map(e -> e.config(serviceDefaults()));
    }

    private List<Endpoint> watching(Path folder) {
        return em.createNamedQuery("Endpoint.byPath", Endpoint.class).setParameter("path", folder.toString()).getResultList();
    }

    /** The service-wide defaults as they apply: those given, then the manual's. */
    public JsonObject serviceSettings() {
        return serviceDefaults().over(EndpointSettings.MANUAL_DEFAULTS).only(EndpointSettings.SERVICE_WIDE)
                .toJson(EndpointSettings.SERVICE_WIDE);
    }

    /**
     * Changes service-wide defaults. Refused when an endpoint that inherits a changed setting
     * would become invalid with it; every endpoint is rescheduled with its new settings.
     */
    public JsonObject updateServiceSettings(JsonObject json) {
        SettingValues change = SettingValues.fromJson(json, EndpointSettings.SERVICE_WIDE);
        ServiceSettings row = em.find(ServiceSettings.class, ServiceSettings.ID);
        if (row == null) {
            row = new ServiceSettings();
            em.persist(row);
        }
        SettingValues merged = change.over(row.values());
        EndpointValidator.validateServiceDefaults(merged);
        EndpointValidator validator = validator();
        List<Endpoint> endpoints = endpoints();
        for (Endpoint endpoint : endpoints) {
            try {
                validator.validate(endpoint.given().over(merged).over(EndpointSettings.MANUAL_DEFAULTS));
            } catch (ConveyorException e) {
                throw ConveyorException.invalidField(e.field() == null ? "settings" : e.field(),
                        "endpoint '" + endpoint.getName() + "' would become invalid: " + e.getMessage());
            }
        }
        row.setValues(merged);
        em.flush();
        endpoints.forEach(endpoint -> changes.fire(new EndpointChanged(endpoint.getName())));
        return serviceSettings();
    }

    SettingValues serviceDefaults() {
        ServiceSettings row = em.find(ServiceSettings.class, ServiceSettings.ID);
        return row == null ? SettingValues.EMPTY : row.values();
    }

    private List<Endpoint> endpoints() {
        return em.createNamedQuery("Endpoint.all", Endpoint.class).getResultList();
    }

    private void store(Endpoint endpoint, SettingValues given, Path folder) {
        for (Endpoint other : watching(folder)) {
            if (!other.getName().equals(endpoint.getName())) {
                throw new ConveyorException(MessageId.FOLDER_ALREADY_WATCHED, folder, other.getName());
            }
        }
        try {
            Files.createDirectories(folder);
        } catch (IOException e) {
            throw ConveyorException.invalidField("path", "folder " + folder + " cannot be created: " + e);
        }
        endpoint.setGiven(given, folder);
    }

    private JsonObject changed(Endpoint endpoint, SettingValues service) {
        em.flush();
        changes.fire(new EndpointChanged(endpoint.getName()));
        return view(endpoint, service);
    }

    /** Every setting as the endpoint runs with it, its state (and why, when blocked), and when it was created. */
    private static JsonObject view(Endpoint endpoint, SettingValues service) {
        var json = Json.createObjectBuilder(endpoint.config(service).settings().toJson(EndpointSettings.ALL))
                .add("state", endpoint.getState().name());
        if (endpoint.getBlockedReason() != null) {
            json.add("blockedReason", endpoint.getBlockedReason());
        }
        return json.add("createdAt", endpoint.getCreatedAt().toString()).build();
    }

    private EndpointValidator validator() {
        return new EndpointValidator(new AllowedRoots(ConveyorHome.allowedRoots()), operations::find);
    }
}
