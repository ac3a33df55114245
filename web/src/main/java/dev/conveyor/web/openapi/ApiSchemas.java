package dev.conveyor.web.openapi;

import static dev.conveyor.common.JsonText.JSON;

import dev.conveyor.common.MessageId;
import dev.conveyor.endpoint.EndpointSettings;
import dev.conveyor.endpoint.EndpointState;
import dev.conveyor.endpoint.Setting;
import dev.conveyor.job.JobView;
import dev.conveyor.node.NodeRegistry.NodeView;
import dev.conveyor.priority.BucketStats;
import dev.conveyor.security.Role;
import dev.conveyor.signal.SignalService;
import dev.conveyor.signal.WaitingGroup;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The component schemas whose fields are declared in code rather than in a class of the API:
 * the endpoint settings (type, default and meaning from {@link EndpointSettings}, the same
 * declarations the API validates with), the priority rules and settings, and the error body
 * (its codes from {@link MessageId}). As JSON Schema objects, in OpenAPI 3.0's dialect.
 */
public final class ApiSchemas {

    public static final String ENDPOINT_SETTINGS = "EndpointSettings";
    public static final String ENDPOINT = "Endpoint";
    public static final String ENDPOINT_CHANGE = "EndpointChange";
    public static final String SERVICE_SETTINGS = "ServiceSettings";
    public static final String QUEUE = "Queue";
    public static final String PRIORITY_RULE = "PriorityRule";
    public static final String PRIORITY_RULE_CHANGE = "PriorityRuleChange";
    public static final String RULE_RANKS = "RuleRanks";
    public static final String PRIORITY_SETTINGS = "PrioritySettings";
    public static final String REBUCKETED = "Rebucketed";
    public static final String NOTIFY = "Notify";
    public static final String ERROR = "Error";
    public static final String ENDPOINTS = "Endpoints";
    public static final String PRIORITY_RULES = "PriorityRules";
    public static final String BUCKET_STATS = "BucketStatsList";
    public static final String JOBS = "Jobs";
    public static final String JOB = "JobView";
    public static final String WAITING_GROUPS = "WaitingGroups";
    public static final String USER = "User";
    public static final String USERS = "Users";
    public static final String NEW_USER = "NewUser";
    public static final String USER_CHANGE = "UserChange";
    public static final String CALLER = "Caller";
    public static final String AUDIT_ENTRIES = "AuditEntries";
    public static final String OVERVIEW = "Overview";
    public static final String SETTING_GROUPS = "SettingGroups";
    /** Payara's own description of BatchResource.ExecutionView, a record of the WAR (which it reads whole). */
    public static final String EXECUTION = "ExecutionView";

    private ApiSchemas() {
    }

    public static Map<String, JsonObject> all() {
        Map<String, JsonObject> schemas = new LinkedHashMap<>();
        schemas.put(ENDPOINT_SETTINGS, settings(EndpointSettings.ALL, true)
                .add("description", "An endpoint as it is created: every setting, each with its default when left out.").build());
        schemas.put(ENDPOINT, endpoint());
        schemas.put(ENDPOINTS, list(ENDPOINT));
        schemas.put(ENDPOINT_CHANGE, settings(EndpointSettings.ALL, false)
                .add("description", "The settings to change; the others keep their values. The name cannot change.").build());
        schemas.put(SERVICE_SETTINGS, settings(EndpointSettings.SERVICE_WIDE, false)
                .add("description", "Service-wide defaults: an endpoint that leaves one of these settings out takes it from here.").build());
        schemas.put(QUEUE, object("The endpoint's input queue: jobs accepted and not yet running.")
                .add("properties", JSON.createObjectBuilder()
                        .add("maxQueueSize", integer("The endpoint's maxQueueSize."))
                        .add("queuedJobs", integer("Jobs STAGED or QUEUED."))
                        .add("freeQueueSize", integer("maxQueueSize minus queuedJobs."))
                        .add("freeQueueSizeThreshold", integer("The endpoint's freeQueueSizeThreshold, percent of maxQueueSize."))
                        .add("state", states()))
                .build());
        schemas.put(PRIORITY_RULE, priorityRule(true));
        schemas.put(PRIORITY_RULES, list(PRIORITY_RULE));
        schemas.put(PRIORITY_RULE_CHANGE, priorityRule(false));
        schemas.put(RULE_RANKS, object("Every rule's id, highest rank first.")
                .add("required", JSON.createArrayBuilder().add("ids"))
                .add("properties", JSON.createObjectBuilder().add("ids", JSON.createObjectBuilder().add("type", "array")
                        .add("items", string("A rule's id.")))).build());
        schemas.put(PRIORITY_SETTINGS, object("Whether priority rules apply, and how workers share their turns.")
                .add("properties", JSON.createObjectBuilder()
                        .add("enabled", bool("Priority rules apply (conveyor.priority.enabled); false: first in, first out."))
                        .add("recentWindowSeconds", integer("How far back the turns each bucket had are counted."))
                        .add("defaultShare", integer("The share of turns of the default bucket (jobs no rule matches).")))
                .build());
        schemas.put(REBUCKETED, object("How many waiting jobs moved to another bucket.")
                .add("properties", JSON.createObjectBuilder().add("rebucketed", integer("Jobs whose bucket changed."))).build());
        schemas.put(NOTIFY, object("A notify of a release signal; every field is optional.")
                .add("properties", JSON.createObjectBuilder()
                        .add("counterName", string("The counter to add to.").add("default", SignalService.DEFAULT_COUNTER))
                        .add("delta", integer("How much to add.").add("format", "int64").add("default", 1))
                        .add("attributes", JSON.createObjectBuilder().add("type", "object")
                                .add("additionalProperties", string("An attribute value."))
                                .add("description", "Attributes the released jobs receive.")))
                .build());
        records(schemas);
        users(schemas);
        schemas.put(CALLER, object("Who is signed in, and with which roles.")
                .add("properties", JSON.createObjectBuilder()
                        .add("name", string("The user's name."))
                        .add("roles", JSON.createObjectBuilder().add("type", "array").add("items", roles())))
                .build());
        schemas.put(AUDIT_ENTRIES, JSON.createObjectBuilder().add("type", "array").add("items", object("One change made through the API.")
                .add("properties", JSON.createObjectBuilder()
                        .add("id", string("The entry's id."))
                        .add("at", string("When the change was made.").add("format", "date-time"))
                        .add("actor", string("The user who made it."))
                        .add("action", string("The method and path of the call."))
                        .add("before", JSON.createObjectBuilder().add("description", "What was changed, as the API showed it before; null for a creation.").add("nullable", true))
                        .add("after", JSON.createObjectBuilder().add("description", "What it became; null for a deletion.").add("nullable", true))))
                .build());
        schemas.put(OVERVIEW, overview());
        schemas.put(SETTING_GROUPS, settingGroups());
        schemas.put(ERROR, object("Every error's body: 4xx for a request to correct, 5xx for a failure of the server.")
                .add("required", JSON.createArrayBuilder().add("code").add("message"))
                .add("properties", JSON.createObjectBuilder()
                        .add("code", string("The message id, stable across versions; docs list each.").add("enum", codes()))
                        .add("message", string("What is wrong and what to do, in a sentence."))
                        .add("field", string("The request field at fault, when the error is about one field.").add("nullable", true)))
                .build());
        return schemas;
    }

    /** The records of the ejb module the API returns (see {@link RecordSchemas}), and lists of them. */
    private static void records(Map<String, JsonObject> schemas) {
        RecordSchemas.describe(JobView.class, schemas);
        RecordSchemas.describe(WaitingGroup.class, schemas);
        RecordSchemas.describe(BucketStats.class, schemas);
        RecordSchemas.describe(NodeView.class, schemas);
        schemas.put(JOBS, list(JOB));
        schemas.put(WAITING_GROUPS, list(WaitingGroup.class.getSimpleName()));
        schemas.put(BUCKET_STATS, list(BucketStats.class.getSimpleName()));
    }

    private static void users(Map<String, JsonObject> schemas) {
        schemas.put(USER, object("A user of the API (deploy/run's admin is not among them).")
                .add("properties", JSON.createObjectBuilder()
                        .add("name", string("The user's name, given at creation."))
                        .add("role", roles())
                        .add("changedAt", string("When the role or password last changed.").add("format", "date-time")))
                .build());
        schemas.put(USERS, list(USER));
        schemas.put(NEW_USER, object("A user to create.")
                .add("required", JSON.createArrayBuilder().add("name").add("role").add("password"))
                .add("properties", JSON.createObjectBuilder()
                        .add("name", string("The user's name; it cannot change later."))
                        .add("role", roles())
                        .add("password", string("The password; stored as a hash only.")))
                .build());
        schemas.put(USER_CHANGE, object("The role or the password to change; the other keeps its value. The name cannot change.")
                .add("properties", JSON.createObjectBuilder()
                        .add("role", roles())
                        .add("password", string("The new password.")))
                .build());
    }

    private static JsonObjectBuilder roles() {
        JsonArrayBuilder roles = JSON.createArrayBuilder();
        Arrays.stream(Role.values()).map(Role::roleName).forEach(roles::add);
        return string("admin: everything; operator: runs the service (pause, resume, signals, retries, batch jobs); viewer: reads only.")
                .add("enum", roles);
    }

    private static JsonObject overview() {
        JsonObjectBuilder endpointRow = object("An endpoint with its queue and its jobs now.")
                .add("properties", JSON.createObjectBuilder()
                        .add("name", string("The endpoint's name."))
                        .add("state", states())
                        .add("operationName", string("Its operation."))
                        .add("path", string("Its watched folder."))
                        .add("maxQueueSize", integer("Its maxQueueSize."))
                        .add("freeQueueSizeThreshold", integer("Its freeQueueSizeThreshold, percent."))
                        .add("queued", integer("Jobs accepted and not yet running."))
                        .add("running", integer("Jobs RUNNING or WRITING."))
                        .add("waitingForSignals", integer("Jobs WAITING for release signals."))
                        .add("succeededRecently", integer("Jobs SUCCEEDED in the last recentMinutes."))
                        .add("failedRecently", integer("Jobs FAILED or EXPIRED in the last recentMinutes."))
                        .add("blockedReason", string("Why the endpoint is BLOCKED; only then present.")));
        JsonObjectBuilder minute = object("Jobs ended in one minute.")
                .add("properties", JSON.createObjectBuilder()
                        .add("minute", integer("The minute's start, seconds since 1970-01-01T00:00Z.").add("format", "int64"))
                        .add("succeeded", integer("Jobs SUCCEEDED in it."))
                        .add("failed", integer("Jobs FAILED or EXPIRED in it.")));
        return object("The console's first page in one call.")
                .add("properties", JSON.createObjectBuilder()
                        .add("generatedAt", string("When it was made.").add("format", "date-time"))
                        .add("recentMinutes", integer("How far back the recent counts go."))
                        .add("endpoints", JSON.createObjectBuilder().add("type", "array").add("items", endpointRow))
                        .add("throughput", JSON.createObjectBuilder().add("type", "array").add("items", minute)
                                .add("description", "Jobs ended per minute over the last hour, oldest first."))
                        .add("failures", object("The last hour's failures.")
                                .add("properties", JSON.createObjectBuilder()
                                        .add("count", integer("How many jobs FAILED or EXPIRED in the last hour."))
                                        .add("latest", list(JOB))))
                        .add("nodes", list(NodeView.class.getSimpleName()))
                        .add("database", health("Whether the database answered the overview's queries."))
                        .add("broker", health("Whether a session on the broker opened.")))
                .build();
    }

    private static JsonObjectBuilder health(String description) {
        return object(description).add("properties", JSON.createObjectBuilder()
                .add("up", bool("It answered."))
                .add("detail", string("How long it took, or what failed.")));
    }

    private static JsonObject settingGroups() {
        JsonArrayBuilder kinds = JSON.createArrayBuilder();
        EndpointSettings.ALL.stream().map(EndpointSettings::inputKind).distinct().sorted().forEach(kinds::add);
        JsonObjectBuilder declaration = object("One endpoint setting as declared: what the API validates it with.")
                .add("properties", JSON.createObjectBuilder()
                        .add("name", string("The setting's name."))
                        .add("kind", string("The form input it takes.").add("enum", kinds))
                        .add("required", bool("An endpoint must give it."))
                        .add("serviceWide", bool("GET/PUT /api/settings may give it a service-wide default."))
                        .add("description", string("What it means."))
                        .add("default", JSON.createObjectBuilder().add("description", "Its default; absent for a required setting.")));
        JsonObjectBuilder group = object("The settings of one group of the manual.")
                .add("properties", JSON.createObjectBuilder()
                        .add("group", string("The group's name."))
                        .add("settings", JSON.createObjectBuilder().add("type", "array").add("items", declaration)));
        return JSON.createObjectBuilder().add("type", "array").add("items", group).build();
    }

    /** One property per setting: its type's schema, its meaning and, unless it is required, its default. */
    static JsonObjectBuilder settings(Collection<Setting<?>> settings, boolean markRequired) {
        JsonObjectBuilder properties = JSON.createObjectBuilder();
        JsonArrayBuilder required = JSON.createArrayBuilder();
        for (Setting<?> setting : settings) {
            properties.add(setting.name(), property(setting));
            if (setting.required()) {
                required.add(setting.name());
            }
        }
        JsonObjectBuilder schema = JSON.createObjectBuilder().add("type", "object").add("additionalProperties", false)
                .add("properties", properties);
        return markRequired ? schema.add("required", required) : schema;
    }

    public static <T> JsonObject property(Setting<T> setting) {
        JsonObjectBuilder property = JSON.createObjectBuilder(setting.type().schema()).add("description", setting.description());
        if (!setting.required()) {
            property.add("default", setting.type().write(setting.manualDefault()));
        }
        return property.build();
    }

    private static JsonObject endpoint() {
        JsonObject settings = settings(EndpointSettings.ALL, true).build();
        JsonObjectBuilder properties = JSON.createObjectBuilder(settings.getJsonObject("properties"))
                .add("state", states())
                .add("blockedReason", string("Why the endpoint is BLOCKED; only then present."))
                .add("createdAt", string("When the endpoint was created.").add("format", "date-time"));
        return object("An endpoint as it runs: every setting with the value in force (its own, the service-wide default, "
                + "or the manual's), and its state.")
                .add("required", JSON.createArrayBuilder(settings.getJsonArray("required")).add("state").add("createdAt"))
                .add("properties", properties).build();
    }

    private static JsonObject priorityRule(boolean whole) {
        JsonObjectBuilder properties = JSON.createObjectBuilder();
        if (whole) {
            properties.add("id", string("The rule's id, given at creation."));
        }
        properties.add("name", string("The bucket's name, unique."))
                .add("rank", integer("Position among the rules, 0 first; a job takes the bucket of the first rule that matches."))
                .add("expression", string("A Jakarta EL expression over the job's attributes, e.g. ${customer == 'acme'}."))
                .add("jmsPriority", integer("The JMS priority (0-9) the bucket's jobs are sent with."))
                .add("share", integer("The bucket's share of the workers' turns."))
                .add("enabled", bool("A disabled rule matches no job."));
        JsonObjectBuilder schema = object(whole ? "A priority rule: which jobs go to its bucket, and the bucket's share."
                : "The fields of a priority rule to set; the others keep their values (at creation: their defaults).")
                .add("properties", properties);
        return (whole ? schema.add("required", JSON.createArrayBuilder().add("id").add("name").add("rank").add("expression")
                .add("jmsPriority").add("share").add("enabled")) : schema).build();
    }

    private static JsonArrayBuilder codes() {
        JsonArrayBuilder codes = JSON.createArrayBuilder();
        Arrays.stream(MessageId.values()).map(MessageId::code).sorted().forEach(codes::add);
        return codes;
    }

    private static JsonObjectBuilder states() {
        JsonArrayBuilder states = JSON.createArrayBuilder();
        Arrays.stream(EndpointState.values()).map(Enum::name).forEach(states::add);
        return string("ENABLED: scanning; PAUSED: not scanning; BLOCKED: results could not be stored, waiting for resume or space.")
                .add("enum", states);
    }

    private static JsonObject list(String item) {
        return JSON.createObjectBuilder().add("type", "array").add("items", JSON.createObjectBuilder().add("$ref", ref(item))).build();
    }

    /** Where a schema of this document is found, as a reference names it. */
    public static String ref(String schema) {
        return "#/components/schemas/" + schema;
    }

    private static JsonObjectBuilder object(String description) {
        return JSON.createObjectBuilder().add("type", "object").add("description", description);
    }

    private static JsonObjectBuilder string(String description) {
        return JSON.createObjectBuilder().add("type", "string").add("description", description);
    }

    private static JsonObjectBuilder integer(String description) {
        return JSON.createObjectBuilder().add("type", "integer").add("description", description);
    }

    private static JsonObjectBuilder bool(String description) {
        return JSON.createObjectBuilder().add("type", "boolean").add("description", description);
    }
}
