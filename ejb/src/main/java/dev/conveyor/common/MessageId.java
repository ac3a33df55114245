package dev.conveyor.common;

/**
 * The catalogue of Conveyor's messages. Each id is stable: operators search logs and tickets by
 * it, so an id is never reused for another meaning. The letter says the severity (E error,
 * W warning, I information); the kind says how an API caller sees it. Two ranges are declared
 * outside this enum and never used here: CNV-01xx, the deploy scripts', and CNV-71xx, the client
 * library's (client/ has no server code). docs/messages.md lists all of them, generated from the
 * sources (MessageCatalogueTest).
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
    FOLDERS_OVERLAP("CNV-1011-E", Kind.INVALID,
            "Folder %s overlaps %s: one lies inside the other. Give each endpoint a folder of its own, apart from the others "
                    + "and from Conveyor's data folder."),
    JOB_NOT_RETRYABLE("CNV-1015-E", Kind.CONFLICT,
            "Job '%s' is %s; only a FAILED or EXPIRED job can be retried."),
    JOB_SOURCE_NOT_KEPT("CNV-1016-E", Kind.CONFLICT,
            "Job '%s' kept no source to retry (%s). Drop the file into the watched folder again instead."),
    JOB_NOT_WAITING("CNV-1017-E", Kind.CONFLICT,
            "Job '%s' is %s; only a WAITING job can be released or cancelled."),
    RETRY_NOT_ACCEPTED("CNV-1018-E", Kind.CONFLICT,
            "Job '%s' could not be retried: endpoint '%s' did not accept its source (%s). Try again when its input queue has room."),
    JOB_LOG_UNSAFE("CNV-1019-E", Kind.CONFLICT,
            "The log of job '%s' is not shown: %s"),
    JOB_CANCELLED("CNV-5009-W", Kind.INTERNAL,
            "Cancelled by %s while it waited for signal '%s'."),

    SCAN_FAILED("CNV-2001-W", Kind.INTERNAL,
            "Scan of endpoint '%s' failed and will be retried at the next interval: %s"),
    FOLDER_EVENTS_UNAVAILABLE("CNV-2016-W", Kind.INTERNAL,
            "File-system events are not available here, so files are seen at the endpoints' timer scans only (about two intervals after they arrive): %s"),
    CLAIM_FAILED("CNV-2002-W", Kind.INTERNAL,
            "Could not claim %s for endpoint '%s'; it stays in the input folder: %s"),
    DISPATCH_FAILED("CNV-2003-W", Kind.INTERNAL,
            "%d staged jobs could not be queued; they stay STAGED and the next scan queues them: %s"),
    DISPATCH_NOT_SENT("CNV-2019-W", Kind.INTERNAL,
            "The dispatch of %d claimed jobs could not be sent; they stay QUEUED and the endpoint's next scan sends it again "
                    + "(or the recovery pass, should this node stop): %s"),
    OPERATION_JAR_SKIPPED("CNV-2004-W", Kind.INTERNAL,
            "Operations in %s could not all be loaded; the others are available: %s"),
    BATCH_START_FAILED("CNV-2006-W", Kind.INTERNAL,
            "Batch job '%s' could not start; it is tried again at its next time: %s"),
    PURGE_STARTED("CNV-2015-I", Kind.INTERNAL,
            "The purge starts on its timer (%s)."),
    RECOVERED("CNV-2008-I", Kind.INTERNAL,
            "Recovery pass: %s."),
    RECOVERY_FAILED("CNV-2009-W", Kind.INTERNAL,
            "The recovery pass failed and runs again at its next interval: %s"),
    INVALID_TUNABLE("CNV-2017-E", Kind.INTERNAL,
            "Setting %s is '%s': %s. Correct it (system property, environment variable %s or a file in the secrets directory) "
                    + "or remove it for the default; docs/configuration.md lists the settings."),
    REGEX_GAVE_UP("CNV-2018-W", Kind.INTERNAL,
            "Pattern '%s' gave up on '%s' after %d character reads, its bound: it backtracks too much (deeply nested "
                    + "repetition such as ((a+)+)+ is the usual cause); %s. Simplify the pattern."),
    HEARTBEAT_FAILED("CNV-2007-W", Kind.INTERNAL,
            "This node's heartbeat could not be written; other nodes may take it for dead until it is: %s"),
    NODE_STARTED("CNV-2020-I", Kind.INTERNAL,
            "This node is %s (%s): the jobs its previous start left running are taken back at once."),
    NODE_ID_NOT_KEPT("CNV-2021-W", Kind.INTERNAL,
            "This node runs under a new id, %s, kept nowhere: %s. The jobs its previous start left running wait for the "
                    + "recovery pass to find that start's id dead (conveyor.node.dead-after)."),
    SCHEMA_MIGRATED("CNV-2010-I", Kind.INTERNAL,
            "Database schema (%s) is at version %s: %s."),
    SCHEMA_MIGRATION_FAILED("CNV-2011-E", Kind.INTERNAL,
            "The database schema could not be migrated, so Conveyor does not start; the database is left as the last "
                    + "migration that completed made it. Fix the cause and start again: %s"),
    EMBEDDED_DATABASE_REBUILT("CNV-2022-W", Kind.INTERNAL,
            "The embedded database %s was not closed by H2 (the server was killed or crashed): it was rebuilt from its "
                    + "committed rows in %d ms, so no part of a transaction the crash cut short stays in it. The file as the "
                    + "crash left it is kept as %s."),
    EMBEDDED_DATABASE_NOT_REBUILT("CNV-2023-W", Kind.INTERNAL,
            "The embedded database %s was not closed by H2 (the server was killed or crashed) and could not be rebuilt "
                    + "from its committed rows: %s. The server starts on it as H2 recovered it; free the space or fix the "
                    + "cause named and restart to have it rebuilt."),
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
    OUTCOME_FENCED("CNV-3006-W", Kind.INTERNAL,
            "Job %s: the outcome of attempt %d was discarded: the job was taken back from this node meanwhile (now %s, "
                    + "attempt %d), so the attempt that holds it now records the outcome."),
    OPERATION_RETRIED("CNV-3005-I", Kind.INTERNAL,
            "Job %s: attempt %d of %d failed; trying again in %d ms: %s"),
    ATTEMPTS_EXHAUSTED("CNV-3004-E", Kind.INTERNAL,
            "Gave up after %d attempts: each ended without an outcome (the worker crashed or was stopped while running it). "
                    + "Check the server log around the job's attempts, then drop the file again."),
    RESULTS_HANDED_TO_WRITERS("CNV-3007-W", Kind.INTERNAL,
            "A worker could not write the results of the %d jobs it had just recorded; a result writer takes them over and "
                    + "tries again: %s"),
    ILLEGAL_MOVE("CNV-3008-E", Kind.INTERNAL,
            "Job %s cannot move from %s to %s (from there it may move only to %s); nothing was changed. This is a fault "
                    + "of Conveyor's: report it with the server log around the job."),
    FILE_BY_FILE_FLUSH("CNV-3009-W", Kind.INTERNAL,
            "Results are forced to disk file by file here, one disk flush each, because one flush of their whole file "
                    + "system (Linux 5.8 or later's syncfs) cannot be used: %s. Nothing is less safe, only slower."),
    QUICK_CHUNK_UNDONE("CNV-3010-W", Kind.INTERNAL,
            "A chunk of %d short jobs run in one transaction could not record its outcomes; nothing of it was recorded, and "
                    + "each job is queued again to run on its own, started before it runs: %s"),

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

    FOLDER_IS_LINK("CNV-8001-E", Kind.INTERNAL,
            "%s is a symbolic link (to %s) where Conveyor expects a folder of its own; nothing was moved or deleted through it. "
                    + "Replace the link with a real folder, then resume the endpoint."),
    FOLDER_OUTSIDE_ROOTS("CNV-8002-E", Kind.INTERNAL,
            "%s is not below an allowed root (CONVEYOR_ROOTS: %s); nothing was read or written there."),
    FOLDER_NOT_AS_EXPECTED("CNV-8003-E", Kind.INTERNAL,
            "%s is not the folder Conveyor expects there (%s); nothing was moved or deleted there. "
                    + "Put a real folder in its place, then resume the endpoint."),
    UNSAFE_NAME("CNV-8004-E", Kind.INTERNAL,
            "The name '%s' (%s) cannot be used for a file or folder: %s. Nothing was written; rename the source or change "
                    + "the endpoint's folder patterns."),
    STAGE_ENTRY_LEFT("CNV-8005-W", Kind.INTERNAL,
            "Recovery leaves %s alone: Conveyor did not make it (%s). Remove it by hand if it is not needed."),
    FILE_NOT_AS_WRITTEN("CNV-8006-E", Kind.INTERNAL,
            "%s is not the file Conveyor wrote there: it is %s. Nothing was read from it; someone who may write into "
                    + "the watched folder replaced it. Remove it."),
    JOURNAL_ENTRY_IGNORED("CNV-8007-W", Kind.INTERNAL,
            "Entry '%s' of %s is ignored: %s. Conveyor did not write it; someone who may write into the watched folder did. "
                    + "The job's files go where a first write puts them."),
    FOLDER_SHARED("CNV-8008-W", Kind.INTERNAL,
            "Folder %s of endpoint '%s' (mode %s): %s."),
    RUN_BY_PATH("CNV-8009-W", Kind.INTERNAL,
            "Operations use their job's stage folder by its path here, because a folder cannot be held open (%s): a user "
                    + "who may rename in a watched folder can swap a folder above it for a link while an operation runs. "
                    + "Let only Conveyor's user write into the watched folders (see CNV-8008-W)."),

    ADMIN_PASSWORD_MISSING("CNV-4001-E", Kind.INTERNAL,
            "No admin password is configured: set CONVEYOR_ADMIN_PASSWORD or start Conveyor with deploy/run, "
                    + "which creates %s. Every API call is refused until then."),
    ROLE_TOO_LOW("CNV-4101-E", Kind.FORBIDDEN,
            "%s %s needs the %s role; '%s' is %s. An admin can change roles (PUT /api/users/{name})."),
    LOGIN_THROTTLED("CNV-4102-E", Kind.THROTTLED,
            "Too many failed logins from %s; no password from there is checked for %d s. Check the user name and password."),
    FOREIGN_ORIGIN("CNV-4103-E", Kind.FORBIDDEN,
            "A change sent from origin '%s' is refused: only this server's own origin%s may change things. "
                    + "Call the API from a program (no Origin header) or list the origin in conveyor.cors.origins."),
    NOT_JSON("CNV-4104-E", Kind.UNSUPPORTED,
            "A call that changes something takes a JSON body (Content-Type: application/json) or none; this one sent '%s'."),
    USER_NOT_FOUND("CNV-4105-E", Kind.NOT_FOUND,
            "No user is named '%s'. GET /api/users lists the users."),
    USER_EXISTS("CNV-4106-E", Kind.CONFLICT,
            "A user named '%s' already exists; PUT /api/users/%1$s changes its role or password."),
    CREDENTIALS_MISSING("CNV-4107-E", Kind.UNAUTHENTICATED,
            "This call needs a user name and password (HTTP Basic)."),
    CREDENTIALS_WRONG("CNV-4108-E", Kind.UNAUTHENTICATED,
            "The user name or password is wrong."),
    PRIORITY_RULE_NOT_FOUND("CNV-6001-E", Kind.NOT_FOUND,
            "No priority rule has id '%s'. GET /api/priority-rules lists the rules."),
    PRIORITY_RULE_EXISTS("CNV-6002-E", Kind.CONFLICT,
            "A priority bucket named '%s' already exists ('default' is the bucket of jobs no rule matches). Choose another name."),
    PRIORITY_RULE_SKIPPED("CNV-6004-W", Kind.INTERNAL,
            "Priority rule '%s' is left out of bucketing: %s. Change its expression (PUT /api/priority-rules/{id}) or delete it."),
    TURN_NOT_LENT("CNV-6003-W", Kind.INTERNAL,
            "A worker could not look for a job of JMS priority %d to give it its share; it runs the job it was handed: %s"),

    UNEXPECTED("CNV-9999-E", Kind.INTERNAL,
            "Unexpected error: %s. The server log has the details.");

    /** How a caller of the admin API sees a message: it decides the HTTP status. */
    public enum Kind { NOT_FOUND, CONFLICT, INVALID, UNAUTHENTICATED, FORBIDDEN, UNSUPPORTED, THROTTLED, INTERNAL }

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

    /** The sentence with its placeholders (String.format's), as the catalogue in docs/messages.md shows it. */
    public String template() {
        return template;
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
