package dev.conveyor.common;

/**
 * The catalogue of Conveyor's messages. Each id is stable: operators search logs and tickets by
 * it, so an id is never reused for another meaning. The letter says the severity (E error,
 * W warning, I information); the kind says how an API caller sees it. Two ranges live outside
 * this catalogue and are never used here: CNV-01xx, deploy/run's, and CNV-71xx, the client
 * library's (client/ has no server code).
 */
public enum MessageId {
    ENDPOINT_NOT_FOUND("CNV-1001-E", Kind.NOT_FOUND,
            "No endpoint is named '%s'. GET /api/endpoints lists the endpoints."),
    ENDPOINT_EXISTS("CNV-1002-E", Kind.CONFLICT,
            "An endpoint named '%s' already exists. Choose another name, or PUT /api/endpoints/%1$s to change it."),
    INVALID_FIELD("CNV-1003-E", Kind.INVALID,
            "Field '%s' is invalid: %s"),
    FOLDER_ALREADY_WATCHED("CNV-1004-E", Kind.CONFLICT,
            "Folder %s is already watched by endpoint '%s'. Give each endpoint its own folder."),
    JOB_NOT_FOUND("CNV-1005-E", Kind.NOT_FOUND,
            "No job has id '%s'. GET /api/jobs lists the jobs."),
    MALFORMED_REQUEST("CNV-1006-E", Kind.INVALID,
            "The request body is not a JSON object: %s"),
    BATCH_JOB_NOT_FOUND("CNV-1007-E", Kind.NOT_FOUND,
            "No batch job is named '%s'. Known batch jobs: %s."),
    BATCH_EXECUTION_NOT_FOUND("CNV-1008-E", Kind.NOT_FOUND,
            "No batch execution has id %s."),
    INVALID_QUERY_PARAMETER("CNV-1009-E", Kind.INVALID,
            "Query parameter '%s' is invalid: %s"),
    HTTP_ERROR("CNV-1010-E", Kind.INVALID,
            "%s"),

    SCAN_FAILED("CNV-2001-W", Kind.INTERNAL,
            "Scan of endpoint '%s' failed and will be retried at the next interval: %s"),
    CLAIM_FAILED("CNV-2002-W", Kind.INTERNAL,
            "Could not claim %s for endpoint '%s'; it stays in the input folder: %s"),
    DISPATCH_FAILED("CNV-2003-W", Kind.INTERNAL,
            "%d staged jobs could not be queued; they stay STAGED and the next scan queues them: %s"),
    OPERATION_JAR_SKIPPED("CNV-2004-W", Kind.INTERNAL,
            "Operations in %s could not all be loaded; the others are available: %s"),
    BATCH_START_FAILED("CNV-2006-W", Kind.INTERNAL,
            "Batch job '%s' could not start; it is tried again at its next time: %s"),
    RECOVERED("CNV-2008-I", Kind.INTERNAL,
            "Recovery pass: %s."),
    RECOVERY_FAILED("CNV-2009-W", Kind.INTERNAL,
            "The recovery pass failed and runs again in 20 s: %s"),
    HEARTBEAT_FAILED("CNV-2007-W", Kind.INTERNAL,
            "This node's heartbeat could not be written; other nodes may take it for dead until it is: %s"),
    SCHEMA_MIGRATED("CNV-2010-I", Kind.INTERNAL,
            "Database schema (%s) is at version %s: %s."),
    SCHEMA_MIGRATION_FAILED("CNV-2011-E", Kind.INTERNAL,
            "The database schema could not be migrated, so Conveyor does not start; the database is left as the last "
                    + "migration that completed made it. Fix the cause and start again: %s"),
    DATABASE_NOT_SUPPORTED("CNV-2012-E", Kind.INTERNAL,
            "The database is %s; Conveyor's schema migrations exist for H2 and PostgreSQL only."),
    METRICS_NOT_READ("CNV-2013-W", Kind.INTERNAL,
            "The gauges at /metrics could not be read from the database; they keep their last values until the next "
                    + "try in a few seconds: %s"),
    STAGE_LEFT_FOR_RECOVERY("CNV-2005-W", Kind.INTERNAL,
            "Stage folder %s of a finished job could not be removed; the recovery pass will: %s"),

    OPERATION_FAILED("CNV-3001-E", Kind.INTERNAL,
            "Operation '%s' failed on %s: %s"),
    RESULT_WRITE_FAILED("CNV-3002-E", Kind.INTERNAL,
            "Results of job %s could not be written: %s"),
    READ_ONLY_SOURCE("CNV-3003-E", Kind.INTERNAL,
            "%s is read-only and was not processed; make it writable and drop it again."),
    OPERATION_RETRIED("CNV-3005-I", Kind.INTERNAL,
            "Job %s: attempt %d of %d failed; trying again in %d ms: %s"),
    ATTEMPTS_EXHAUSTED("CNV-3004-E", Kind.INTERNAL,
            "Gave up after %d attempts: each ended without an outcome (the worker crashed or was stopped while running it). "
                    + "Check the server log around the job's attempts, then drop the file again."),

    SIGNAL_ID_EMPTY("CNV-5001-E", Kind.INTERNAL,
            "The release signal id %s is empty for this job; give the job the attributes it reads, or change the endpoint's "
                    + "wait.releaseSignalId."),
    SIGNAL_ID_TOO_LONG("CNV-5002-E", Kind.INVALID,
            "Release signal id '%s...' has %d characters; at most %d are allowed."),
    WAIT_NOT_A_NUMBER("CNV-5003-E", Kind.INTERNAL,
            "The endpoint's wait.%s cannot be worked out for this job: %s"),
    WAIT_EXPIRED("CNV-5004-W", Kind.INTERNAL,
            "Waited %s for release signal '%s' without being released, longer than the endpoint's wait.expirationDuration; "
                    + "send the signals (POST /api/signals/%2$s) and drop the file again."),
    SIGNAL_NOT_FOUND("CNV-5005-E", Kind.NOT_FOUND,
            "No release signal has id '%s'; a notify creates it."),
    NOTIFY_SKIPPED("CNV-5006-W", Kind.INTERNAL,
            "Job %s of endpoint '%s' ended but sent no release signal: %s"),
    SIGNAL_MESSAGE_REJECTED("CNV-5007-W", Kind.INTERNAL,
            "A message on the signal queue was malformed and went to %s with the reason: %s"),
    SWEEP_FAILED("CNV-5008-W", Kind.INTERNAL,
            "The waiting-jobs sweep failed and runs again in a few seconds: %s"),
    QUEUE_THRESHOLD_REACHED("CNV-7001-W", Kind.INTERNAL,
            "The free size of input queue '%s' fell to its threshold or below: queued jobs=%d, limit=%d, threshold=%d%%. "
                    + "Scans take only what fits and JMS producers are told to back off."),
    OVER_STORE_SLEEP("CNV-7002-W", Kind.INTERNAL,
            "Results of endpoint '%s' cannot be stored in %s (%s); sleeping %d ms before retry %d of %d."),
    ENDPOINT_BLOCKED("CNV-7003-W", Kind.INTERNAL,
            "Endpoint '%s' is BLOCKED: %s. It stops scanning and dispatching; every staged, queued and waiting job is kept. "
                    + "POST /api/endpoints/%1$s/resume continues where it stopped."),
    ENDPOINT_RESUMED("CNV-7004-I", Kind.INTERNAL,
            "Endpoint '%s' resumed from BLOCKED; %d jobs whose results waited are being written."),
    SPACE_RETURNED("CNV-7010-I", Kind.INTERNAL,
            "Endpoint '%s' resumes by itself: its result volume has %d MiB free again."),
    SPACE_WATCH_FAILED("CNV-7011-W", Kind.INTERNAL,
            "Could not check whether space returned for blocked endpoints; trying again in 10 s: %s"),
    SUBMISSION_ENDPOINT_PAUSED("CNV-7005-E", Kind.INVALID,
            "Endpoint '%s' is paused and takes no submissions; POST /api/endpoints/%1$s/resume first."),
    SUBMISSION_PATH_REFUSED("CNV-7006-E", Kind.INVALID,
            "Path %s cannot be submitted: %s"),
    SUBMISSION_QUEUE_FULL("CNV-7007-W", Kind.INTERNAL,
            "Input queue '%s' is full (%d of %d jobs); the submission was not accepted. Back off and put it again."),
    SUBMISSION_MALFORMED("CNV-7008-E", Kind.INVALID,
            "The submission is malformed: %s"),
    SUBMISSION_REFUSED("CNV-7009-W", Kind.INTERNAL,
            "Submission %s for endpoint '%s' was refused and put on %s: %s"),

    ADMIN_PASSWORD_MISSING("CNV-4001-E", Kind.INTERNAL,
            "No admin password is configured: set CONVEYOR_ADMIN_PASSWORD or start Conveyor with deploy/run, "
                    + "which creates %s. Every API call is refused until then."),
    PRIORITY_RULE_NOT_FOUND("CNV-6001-E", Kind.NOT_FOUND,
            "No priority rule has id '%s'. GET /api/priority-rules lists the rules."),
    PRIORITY_RULE_EXISTS("CNV-6002-E", Kind.CONFLICT,
            "A priority bucket named '%s' already exists ('default' is the bucket of jobs no rule matches). Choose another name."),
    TURN_NOT_LENT("CNV-6003-W", Kind.INTERNAL,
            "A worker could not look for a job of JMS priority %d to give it its share; it runs the job it was handed: %s"),

    UNEXPECTED("CNV-9999-E", Kind.INTERNAL,
            "Unexpected error: %s. The server log has the details.");

    /** How a caller of the admin API sees a message: it decides the HTTP status. */
    public enum Kind { NOT_FOUND, CONFLICT, INVALID, INTERNAL }

    private final String code;
    private final Kind kind;
    private final String template;

    MessageId(String code, Kind kind, String template) {
        this.code = code;
        this.kind = kind;
        this.template = template;
    }

    public String code() {
        return code;
    }

    public Kind kind() {
        return kind;
    }

    /** The message with its id in front, as it goes to the log. */
    public String format(Object... args) {
        return code + " " + text(args);
    }

    /** The sentence alone, as it goes into an API error body next to the code. */
    public String text(Object... args) {
        return String.format(template, args);
    }
}
