package dev.conveyor.endpoint;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.nio.file.Path;
import java.time.Instant;

/** A watched folder and what to do with the files dropped in it. */
@Entity
@Table(name = "CNV_ENDPOINT")
@NamedQuery(name = "Endpoint.all", query = "SELECT e FROM Endpoint e ORDER BY e.name")
@NamedQuery(name = "Endpoint.byPath", query = "SELECT e FROM Endpoint e WHERE e.path = :path")
@NamedQuery(name = "Endpoint.enabled", query = "SELECT e FROM Endpoint e WHERE e.state = dev.conveyor.endpoint.EndpointState.ENABLED")
public class Endpoint {

    /** The folder inside the watched folder where claimed files wait for their results. */
    public static final String STAGE_FOLDER = "stage";

    @Id
    @Column(length = 100)
    private String name;

    @Column(nullable = false, length = 1024, unique = true)
    private String path;

    @Column(nullable = false)
    private String operationName;

    private boolean asynchronous;
    private int repeatInterval;
    private int batchSize;

    @Column(nullable = false, length = 1024)
    private String includeFilePattern;

    @Column(nullable = false, length = 1024)
    private String resultFolder;

    @Column(nullable = false, length = 1024)
    private String preserveFolder;

    @Column(nullable = false, length = 1024)
    private String failureFolder;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    private EndpointState state;

    @Column(nullable = false)
    private Instant createdAt;

    @Version
    private long version;

    protected Endpoint() {
    }

    public Endpoint(String name, Instant createdAt) {
        this.name = name;
        this.createdAt = createdAt;
        this.state = EndpointState.ENABLED;
    }

    /** Takes validated settings; the folder is the absolute form of the definition's path. */
    public void apply(EndpointDefinition settings, Path folder) {
        this.path = folder.toString();
        this.operationName = settings.operationName();
        this.asynchronous = settings.asynchronous();
        this.repeatInterval = settings.repeatInterval();
        this.batchSize = settings.batchSize();
        this.includeFilePattern = settings.includeFilePattern();
        this.resultFolder = settings.resultFolder();
        this.preserveFolder = settings.preserveFolder();
        this.failureFolder = settings.failureFolder();
    }

    /** The settings as a complete definition, the base a partial change is laid over. */
    public EndpointDefinition definition() {
        return new EndpointDefinition(name, path, operationName, asynchronous, repeatInterval, batchSize,
                includeFilePattern, resultFolder, preserveFolder, failureFolder);
    }

    public String getName() {
        return name;
    }

    public Path folder() {
        return Path.of(path);
    }

    public String getOperationName() {
        return operationName;
    }

    public boolean isAsynchronous() {
        return asynchronous;
    }

    public int getRepeatInterval() {
        return repeatInterval;
    }

    public int getBatchSize() {
        return batchSize;
    }

    public String getIncludeFilePattern() {
        return includeFilePattern;
    }

    public String getResultFolder() {
        return resultFolder;
    }

    public String getPreserveFolder() {
        return preserveFolder;
    }

    public String getFailureFolder() {
        return failureFolder;
    }

    public EndpointState getState() {
        return state;
    }

    public void setState(EndpointState state) {
        this.state = state;
    }

    public Instant getCreatedAt() {
        return createdAt;
    }
}
