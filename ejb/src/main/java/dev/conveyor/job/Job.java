package dev.conveyor.job;

import jakarta.json.Json;
import jakarta.json.JsonString;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Lob;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.io.StringReader;
import java.time.Instant;
import java.util.List;

/** One file taken from a watched folder, from its claim to its result. */
@Entity
@Table(name = "CNV_JOB", indexes = {
        @Index(name = "CNV_JOB_ENDPOINT_STATE", columnList = "endpoint, state"),
        @Index(name = "CNV_JOB_STATE", columnList = "state")})
public class Job {

    static final int MAX_REASON_LENGTH = 4000;

    @Id
    @Column(length = 36)
    private String id;

    @Column(nullable = false, length = 100)
    private String endpoint;

    /** The source's file name as it was dropped. */
    @Column(nullable = false, length = 1024)
    private String source;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    private JobState state;

    /** The identity the operation runs as (the endpoint's userName and domainName at claim time). */
    @Column(length = 255)
    private String userName;

    @Column(length = 255)
    private String domainName;

    @Column(nullable = false)
    private Instant createdAt;

    private Instant finishedAt;

    /**
     * Result paths, relative to the watched folder where they lie inside it, as a JSON array:
     * one column read with the row, no second table to keep in step.
     */
    @Lob
    @Column(name = "RESULTS")
    private String resultsJson = "[]";

    @Column(length = MAX_REASON_LENGTH)
    private String failureReason;

    @Version
    private long version;

    protected Job() {
    }

    public Job(String id, String endpoint, String source, String userName, String domainName, Instant createdAt) {
        this.id = id;
        this.endpoint = endpoint;
        this.source = source;
        this.userName = userName;
        this.domainName = domainName;
        this.createdAt = createdAt;
        this.state = JobState.STAGED;
    }

    public void moveTo(JobState next) {
        this.state = next;
    }

    public void succeed(List<String> resultPaths, Instant at) {
        this.resultsJson = Json.createArrayBuilder(resultPaths).build().toString();
        this.state = JobState.SUCCEEDED;
        this.finishedAt = at;
    }

    public void fail(String reason, List<String> keptPaths, Instant at) {
        this.resultsJson = Json.createArrayBuilder(keptPaths).build().toString();
        this.failureReason = reason.length() > MAX_REASON_LENGTH ? reason.substring(0, MAX_REASON_LENGTH) : reason;
        this.state = JobState.FAILED;
        this.finishedAt = at;
    }

    public String getId() {
        return id;
    }

    public String getEndpoint() {
        return endpoint;
    }

    public String getSource() {
        return source;
    }

    public String getUserName() {
        return userName;
    }

    public String getDomainName() {
        return domainName;
    }

    public JobState getState() {
        return state;
    }

    public Instant getCreatedAt() {
        return createdAt;
    }

    public Instant getFinishedAt() {
        return finishedAt;
    }

    public List<String> getResults() {
        try (var reader = Json.createReader(new StringReader(resultsJson))) {
            return reader.readArray().getValuesAs(JsonString::getString);
        }
    }

    public String getFailureReason() {
        return failureReason;
    }
}
