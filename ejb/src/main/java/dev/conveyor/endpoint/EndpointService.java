package dev.conveyor.endpoint;

import dev.conveyor.common.ConveyorException;
import dev.conveyor.common.ConveyorHome;
import dev.conveyor.common.MessageId;
import dev.conveyor.operation.OperationCatalog;
import jakarta.ejb.Stateless;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/** Creating, changing and removing endpoints. Every change is validated before it is stored. */
@Stateless
public class EndpointService {

    @PersistenceContext
    EntityManager em;

    @Inject
    OperationCatalog operations;

    @Inject
    Event<EndpointChanged> changes;

    public List<EndpointView> list() {
        return em.createNamedQuery("Endpoint.all", Endpoint.class).getResultList().stream().map(EndpointView::of).toList();
    }

    public EndpointView get(String name) {
        return EndpointView.of(require(name));
    }

    public EndpointView create(EndpointDefinition given) {
        EndpointDefinition settings = given.withDefaults();
        Path folder = validator().validate(settings);
        if (em.find(Endpoint.class, settings.name()) != null) {
            throw new ConveyorException(MessageId.ENDPOINT_EXISTS, settings.name());
        }
        Endpoint endpoint = new Endpoint(settings.name(), Instant.now());
        store(endpoint, settings, folder);
        em.persist(endpoint);
        return changed(endpoint);
    }

    /** Applies the given fields over the current settings; fields left out keep their value. */
    public EndpointView update(String name, EndpointDefinition change) {
        Endpoint endpoint = require(name);
        if (change.name() != null && !change.name().equals(name)) {
            throw ConveyorException.invalidField("name", "an endpoint cannot be renamed; create a new one instead");
        }
        EndpointDefinition settings = change.over(endpoint.definition());
        store(endpoint, settings, validator().validate(settings));
        return changed(endpoint);
    }

    public void delete(String name) {
        em.remove(require(name));
        changes.fire(new EndpointChanged(name));
    }

    public EndpointView setState(String name, EndpointState state) {
        Endpoint endpoint = require(name);
        endpoint.setState(state);
        return changed(endpoint);
    }

    public Endpoint require(String name) {
        Endpoint endpoint = em.find(Endpoint.class, name);
        if (endpoint == null) {
            throw new ConveyorException(MessageId.ENDPOINT_NOT_FOUND, name);
        }
        return endpoint;
    }

    private void store(Endpoint endpoint, EndpointDefinition settings, Path folder) {
        for (Endpoint other : em.createNamedQuery("Endpoint.byPath", Endpoint.class)
                .setParameter("path", folder.toString()).getResultList()) {
            if (!other.getName().equals(endpoint.getName())) {
                throw new ConveyorException(MessageId.FOLDER_ALREADY_WATCHED, folder, other.getName());
            }
        }
        try {
            Files.createDirectories(folder);
        } catch (IOException e) {
            throw ConveyorException.invalidField("path", "folder " + folder + " cannot be created: " + e);
        }
        endpoint.apply(settings, folder);
    }

    private EndpointView changed(Endpoint endpoint) {
        em.flush();
        changes.fire(new EndpointChanged(endpoint.getName()));
        return EndpointView.of(endpoint);
    }

    private EndpointValidator validator() {
        return new EndpointValidator(new AllowedRoots(ConveyorHome.allowedRoots()), name -> operations.find(name).isPresent());
    }
}
