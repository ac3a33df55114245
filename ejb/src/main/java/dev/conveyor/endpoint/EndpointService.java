package dev.conveyor.endpoint;

import static dev.conveyor.common.JsonText.JSON;

import dev.conveyor.common.ConveyorException;
import dev.conveyor.common.ConveyorHome;
import dev.conveyor.common.MessageId;
import dev.conveyor.files.UnsafeFolderException;
import dev.conveyor.operation.OperationCatalog;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.FlushModeType;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * Creating, changing and removing endpoints, and the service-wide defaults they inherit. Every
 * change is validated, against the settings the endpoint will run with, before it is stored.
 */
@Stateless
public class EndpointService {

    private static final Logger LOG = Logger.getLogger(EndpointService.class.getName());
    private static final RunningConfigs RUNNING = new RunningConfigs();
    private static final RecentAnswers<Path, Optional<String>> WATCHERS = new RecentAnswers<>(Duration.ofSeconds(1), Clock.systemUTC());

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
        return blockRow(name, reason);
    }

    /**
     * Blocks the endpoint because one of its folders is not safe to use (a link where a folder of
     * Conveyor's should be), in a transaction of its own; the first blocker logs it.
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public void blockUnsafe(String name, UnsafeFolderException unsafe) {
        if (blockRow(name, unsafe.getMessage())) {
            LOG.warning(MessageId.ENDPOINT_BLOCKED.format(name, unsafe.getMessage()));
        }
    }

    /** True when the endpoint is blocked because one of its folders is not safe to use: nothing is written for it until resumed. */
    public boolean blockedForUnsafeFolder(String name) {
        Endpoint endpoint = em.find(Endpoint.class, name);
        return endpoint != null && endpoint.getState() == EndpointState.BLOCKED && UnsafeFolderException.isReasonOf(endpoint.getBlockedReason());
    }

    private boolean blockRow(String name, String reason) {
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

    /**
     * The endpoint as it runs now, or empty when it was deleted. Read on every batch by scans,
     * workers and result writers: the row and the defaults are read each time (so a change made on
     * any node counts at once), but their settings are parsed and merged only when one of their
     * versions moved.
     */
    public Optional<EndpointConfig> config(String name) {
        Endpoint endpoint = em.find(Endpoint.class, name);
        if (endpoint == null) {
            return Optional.empty();
        }
        ServiceSettings service = em.find(ServiceSettings.class, ServiceSettings.ID);
        return Optional.of(RUNNING.get(name, endpoint.getVersion(), service == null ? -1 : service.getVersion(),
                () -> endpoint.config(service == null ? SettingValues.EMPTY : service.values())));
    }

    /**
     * The endpoint watching {@code folder} as it runs now, if any. A result writer asks for every
     * job: which endpoint watches a folder is looked up at most once a second per folder, so an
     * endpoint made or moved on any node counts within a second.
     */
    public Optional<EndpointConfig> configWatching(Path folder) {
        // Asked in the middle of a chunk's result write: flushing its pending job rows first would make them written twice.
        return WATCHERS.get(folder, () -> watching(folder, FlushModeType.COMMIT).stream().findFirst().map(Endpoint::getName))
                .flatMap(this::config);
    }

    private List<Endpoint> watching(Path folder, FlushModeType flush) {
        return em.createNamedQuery("Endpoint.byPath", Endpoint.class).setParameter("path", folder.toString()).setFlushMode(flush)
                .getResultList();
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

    /** A service-wide setting as it applies: given through /api/settings, else the default. */
    public <T> T serviceWide(Setting<T> setting) {
        return serviceDefaults().over(EndpointSettings.MANUAL_DEFAULTS).get(setting);
    }

    SettingValues serviceDefaults() {
        ServiceSettings row = em.find(ServiceSettings.class, ServiceSettings.ID);
        return row == null ? SettingValues.EMPTY : row.values();
    }

    private List<Endpoint> endpoints() {
        return em.createNamedQuery("Endpoint.all", Endpoint.class).getResultList();
    }

    private void store(Endpoint endpoint, SettingValues given, Path folder) {
        for (Endpoint other : watching(folder, FlushModeType.AUTO)) {
            if (!other.getName().equals(endpoint.getName())) {
                throw new ConveyorException(MessageId.FOLDER_ALREADY_WATCHED, folder, other.getName());
            }
        }
        SettingValues service = serviceDefaults();
        EndpointConfig saved = new EndpointConfig(endpoint.getName(), folder,
                given.over(service).over(EndpointSettings.MANUAL_DEFAULTS), endpoint.getState());
        List<EndpointConfig> others = endpoints().stream().filter(other -> !other.getName().equals(endpoint.getName()))
                .map(other -> other.config(service)).toList();
        FolderOverlap.of(saved, others, ConveyorHome.varDirectory()).ifPresent(found -> {
            throw new ConveyorException(MessageId.FOLDERS_OVERLAP, found.folder(), found.overlapped());
        });
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
        var json = JSON.createObjectBuilder(endpoint.config(service).settings().toJson(EndpointSettings.ALL))
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
