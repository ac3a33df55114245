package dev.conveyor.endpoint;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Lob;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.nio.file.Path;
import java.time.Instant;

/**
 * A watched folder and what to do with the files dropped in it. Only the settings the
 * administrator gave are stored (as JSON): those left out follow the service-wide defaults,
 * even when these change later.
 */
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

    /** The absolute watched folder, unique: two endpoints never watch one folder. */
    @Column(nullable = false, length = 1024, unique = true)
    private String path;

    @Lob
    @Column(nullable = false)
    private String settings;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    private EndpointState state;

    /** Why Conveyor blocked the endpoint; null unless BLOCKED. */
    @Column(length = 2000)
    private String blockedReason;

    @Column(nullable = false)
    private Instant createdAt;

    /** Scans made so far, counted against repeatCount. */
    private long scans;

    @Version
    private long version;

    protected Endpoint() {
    }

    public Endpoint(String name, Instant createdAt) {
        this.name = name;
        this.createdAt = createdAt;
        this.state = EndpointState.ENABLED;
    }

    /** Takes validated settings as given (with the path made absolute). */
    public void setGiven(SettingValues given, Path folder) {
        this.path = folder.toString();
        this.settings = given.with(EndpointSettings.PATH, path).with(EndpointSettings.NAME, name).toJsonText();
        this.scans = 0;
    }

    /** The settings as the administrator gave them. */
    public SettingValues given() {
        return SettingValues.fromJsonText(settings, EndpointSettings.ALL);
    }

    public EndpointConfig config(SettingValues serviceDefaults) {
        return new EndpointConfig(name, folder(), given().over(serviceDefaults).over(EndpointSettings.MANUAL_DEFAULTS), state);
    }

    public String getName() {
        return name;
    }

    public Path folder() {
        return Path.of(path);
    }

    public EndpointState getState() {
        return state;
    }

    /** An administrator's pause or resume; resuming also lifts a block. */
    public void setState(EndpointState state) {
        this.state = state;
        this.blockedReason = null;
    }

    public void block(String reason) {
        this.state = EndpointState.BLOCKED;
        this.blockedReason = reason.length() > 2000 ? reason.substring(0, 2000) : reason;
    }

    public String getBlockedReason() {
        return blockedReason;
    }

    public Instant getCreatedAt() {
        return createdAt;
    }

    /** Bumped by every change of the row: settings, state, block, scan count. */
    public long getVersion() {
        return version;
    }

    public long getScans() {
        return scans;
    }

    public void countScan() {
        scans++;
    }
}
