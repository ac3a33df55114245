package dev.conveyor.job;

import static dev.conveyor.common.JsonText.JSON;

import dev.conveyor.common.ConveyorException;
import dev.conveyor.common.JsonText;
import dev.conveyor.common.MessageId;
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
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One file taken from a watched folder, from its claim to its result. */
@Entity
@Table(name = "CNV_JOB", indexes = {
        @Index(name = "CNV_JOB_ENDPOINT_STATE", columnList = "endpoint, state"),
        @Index(name = "CNV_JOB_WAIT_SIGNAL", columnList = "waitSignal"),
        @Index(name = "CNV_JOB_SUBMISSION", columnList = "submissionId"),
        // The console's listing, newest first, alone or by endpoint or state; and its recent counts by end time.
        @Index(name = "CNV_JOB_CREATED", columnList = "createdAt"),
        @Index(name = "CNV_JOB_ENDPOINT_CREATED", columnList = "endpoint, createdAt"),
        @Index(name = "CNV_JOB_STATE_CREATED", columnList = "state, createdAt"),
        @Index(name = "CNV_JOB_FINISHED", columnList = "finishedAt")})
public class Job {

    static final int MAX_REASON_LENGTH = 4000;
    public static final int MAX_SIGNAL_ID_LENGTH = 255;
    public static final String WAIT_START_TIMESTAMP = "wait.start.timestamp";
    public static final String WAIT_COUNTER_PREFIX = "wait.counter.";

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

    /** The node running the job, so recovery can tell a dead worker from a slow one. */
    @Column(length = 36)
    private String node;

    /** The JMS submission that made the job, if one did: a redelivered submission finds its job by it. */
    @Column(length = 255)
    private String submissionId;

    /** Times a worker started the operation; bounded, so a job that kills workers cannot loop. */
    private int attempts;

    /** The operation's outcome, recorded with the WRITING state: what the result writer must do. */
    private Boolean succeeded;

    @Lob
    private String failureDetail;

    /** The job's attributes ({@link JobAttributes}) as a JSON object of text values. */
    @Lob
    @Column(name = "ATTRIBUTES")
    private String attributesJson = "{}";

    /** The release signal the job waits or waited for; null for a job that never waited. */
    @Column(length = MAX_SIGNAL_ID_LENGTH)
    private String waitSignal;

    /** The priority bucket the job was put in at its claim (or by an administrator's re-bucketing). */
    @Column(length = 100)
    private String bucket;

    /** The JMS priority of the job's dispatch messages: its bucket's, kept for every resend. */
    private Integer jmsPriority;

    /** When a worker first started the job: the end of its wait in the queue. */
    private Instant startedAt;

    /** When the purge deleted the job's results; null while they are kept. */
    private Instant resultsPurgedAt;

    /** When the job last changed state; recovery judges staleness by it. */
    private Instant changedAt;

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
        this.changedAt = createdAt;
        this.state = JobState.STAGED;
    }

    /** Adds to the job's attributes, replacing those of the same names. */
    public void putAttributes(Map<String, String> added) {
        Map<String, String> attributes = new LinkedHashMap<>(getAttributes());
        attributes.putAll(added);
        this.attributesJson = JobAttributes.toJson(attributes);
    }

    public void assignBucket(JobBucket assigned) {
        this.bucket = assigned.name();
        this.jmsPriority = assigned.jmsPriority();
    }

    /** Moves the job on; a move its state does not allow ({@link JobState#next}) is refused with CNV-3008-E, changing nothing. */
    public void moveTo(JobState next) {
        if (!state.mayMoveTo(next)) {
            throw new ConveyorException(MessageId.ILLEGAL_MOVE, id, state, next, state.next());
        }
        this.state = next;
        this.changedAt = Instant.now();
    }

    /** The job waits for {@code signalId}; {@value #WAIT_START_TIMESTAMP} says since when (epoch milliseconds). */
    public void park(String signalId) {
        moveTo(JobState.WAITING);
        this.waitSignal = signalId;
        putAttributes(Map.of(WAIT_START_TIMESTAMP, Long.toString(getChangedAt().toEpochMilli())));
    }

    /** Released from waiting with the attributes the release gives; staged again, ready to run. */
    public void release(Map<String, String> given) {
        moveTo(JobState.STAGED);
        Map<String, String> attributes = new LinkedHashMap<>(getAttributes());
        attributes.remove(WAIT_START_TIMESTAMP);
        attributes.putAll(given);
        this.attributesJson = JobAttributes.toJson(attributes);
    }

    /** Waited too long: the job ends EXPIRED, its source and the reason kept at {@code keptPaths}. */
    public void expire(String reason, List<String> keptPaths, Instant at) {
        end(JobState.EXPIRED, reason, keptPaths, at);
    }

    /** Whether the job waited for a signal already (and so does not wait again). */
    public boolean hasWaited() {
        return waitSignal != null;
    }

    public String getWaitSignal() {
        return waitSignal;
    }

    /** A worker on {@code node} starts the operation: one more attempt. */
    public void start(String node) {
        moveTo(JobState.RUNNING);
        if (startedAt == null) {
            startedAt = getChangedAt();
        }
        this.node = node;
        this.attempts++;
    }

    /**
     * True while the job is RUNNING in the given attempt: the fencing check. Recovery re-queues a job
     * whose node looks dead; if that node comes back, its attempt is no longer the job's (QUEUED
     * again, or started anew as a later attempt), so what it finds cannot be recorded.
     */
    public boolean isAt(int attempt) {
        return state == JobState.RUNNING && attempts == attempt;
    }

    /** The operation is done; its results are to be written. */
    public void recordOutcome(boolean succeeded, String reason, String detail) {
        moveTo(JobState.WRITING);
        this.succeeded = succeeded;
        this.failureReason = reason == null ? null : truncate(reason);
        this.failureDetail = detail;
    }

    public void succeed(List<String> resultPaths, Instant at) {
        moveTo(JobState.SUCCEEDED);
        this.resultsJson = JSON.createArrayBuilder(resultPaths).build().toString();
        this.finishedAt = at;
    }

    public void fail(String reason, List<String> keptPaths, Instant at) {
        end(JobState.FAILED, reason, keptPaths, at);
    }

    private void end(JobState end, String reason, List<String> keptPaths, Instant at) {
        moveTo(end);
        this.resultsJson = JSON.createArrayBuilder(keptPaths).build().toString();
        this.failureReason = truncate(reason);
        this.finishedAt = at;
    }

    private static String truncate(String reason) {
        return reason.length() > MAX_REASON_LENGTH ? reason.substring(0, MAX_REASON_LENGTH) : reason;
    }

    /** The purge deleted the job's results (or found them gone): it does not look at them again. */
    public void markResultsPurged(Instant at) {
        this.resultsPurgedAt = at;
    }

    public void setSubmissionId(String submissionId) {
        this.submissionId = submissionId;
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
        return JsonText.array(resultsJson).getValuesAs(JsonString::getString);
    }

    public Map<String, String> getAttributes() {
        return JobAttributes.fromJson(attributesJson);
    }

    public String getBucket() {
        return bucket == null ? JobBucket.DEFAULT_NAME : bucket;
    }

    /** Rows from before priorities read as the default bucket. */
    public int getJmsPriority() {
        return jmsPriority == null ? JobBucket.DEFAULT_JMS_PRIORITY : jmsPriority;
    }

    public Instant getStartedAt() {
        return startedAt;
    }

    public String getNode() {
        return node;
    }

    public int getAttempts() {
        return attempts;
    }

    /** The recorded outcome: true, false, or null before the operation finished. */
    public Boolean getSucceeded() {
        return succeeded;
    }

    public String getFailureDetail() {
        return failureDetail;
    }

    public Instant getChangedAt() {
        return changedAt;
    }

    public String getFailureReason() {
        return failureReason;
    }
}
