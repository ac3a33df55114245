package dev.conveyor.priority;

import dev.conveyor.job.Rebucketed;
import static dev.conveyor.common.JsonText.JSON;

import dev.conveyor.common.ConveyorException;
import dev.conveyor.common.MessageId;
import dev.conveyor.job.BucketRules;
import dev.conveyor.job.Job;
import dev.conveyor.job.JobState;
import dev.conveyor.job.Jobs;
import jakarta.ejb.Local;
import jakarta.ejb.LocalBean;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * The rules and the switch as stored in the database, so a change is seen by the next claim on
 * every node. Every change locks the settings row: ranks stay unique and dense (1..n) even when
 * two administrators edit at once on two nodes.
 */
@Stateless
@LocalBean
@Local(BucketRules.class)
public class PriorityRules implements BucketRules {

    private static final Set<String> RULE_FIELDS = Set.of("id", "name", "rank", "expression", "jmsPriority", "share", "enabled");
    private static final Set<String> SETTINGS_FIELDS = Set.of("enabled", "recentWindowSeconds", "defaultShare");

    @PersistenceContext
    EntityManager em;

    @Inject
    Jobs jobs;

    @Inject
    Event<Rebucketed> rebucketed;

    /** The bucket of a job with {@code attributes}: by the current rules, or the default one while priorities are off. */
    public Bucket bucketFor(Map<String, String> attributes) {
        return current().bucketOf(attributes);
    }

    /** The rules as they stand, read once for a batch of claims: their conditions are compiled once, not per job. */
    @Override
    public RuleSet current() {
        return ruleSet(settings());
    }

    /**
     * What a node's worker pool needs: the switch, the recent window and every bucket's level and
     * share. Read outside the caller's transaction: a worker asks in its delivery's transaction,
     * which then runs the operation suspended, and a database connection enlisted before the
     * suspension fails to enlist again after it ("Wrong XAState").
     */
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public PoolView poolView() {
        PrioritySettings settings = settings();
        List<Bucket> buckets = new ArrayList<>();
        buckets.add(settings.defaultBucket());
        rules().stream().filter(PriorityRule::isEnabled).map(PriorityRule::bucket).forEach(buckets::add);
        return new PoolView(settings.isEnabled(), settings.recentWindow(), WorkerShares.sharesByLevel(buckets));
    }

    public List<JsonObject> list() {
        return rules().stream().map(PriorityRules::toJson).toList();
    }

    public JsonObject get(String id) {
        return toJson(find(id));
    }

    public JsonObject create(JsonObject json) {
        refuseUnknown(json, RULE_FIELDS);
        if (json.containsKey("id")) {
            throw ConveyorException.invalidField("id", "is given by the service");
        }
        List<PriorityRule> ranked = new ArrayList<>(lockedRules());
        PriorityRule rule = new PriorityRule(UUID.randomUUID().toString(), requiredText(json, "name"), 0,
                RuleSet.checkedCondition(requiredText(json, "expression")), level(json, "jmsPriority", null), share(json, 100),
                bool(json, "enabled", true));
        refuseTakenName(rule.getName(), null);
        em.persist(rule);
        place(ranked, rule, intField(json, "rank", ranked.size() + 1));
        return toJson(rule);
    }

    /** Changes the fields given; a new rank moves the rule there and the others make room. */
    public JsonObject update(String id, JsonObject json) {
        refuseUnknown(json, RULE_FIELDS);
        List<PriorityRule> ranked = new ArrayList<>(lockedRules());
        PriorityRule rule = find(id);
        if (json.containsKey("id") && !id.equals(text(json, "id"))) {
            throw ConveyorException.invalidField("id", "cannot be changed");
        }
        if (json.containsKey("name")) {
            rule.setName(requiredText(json, "name"));
            refuseTakenName(rule.getName(), id);
        }
        if (json.containsKey("expression")) {
            rule.setExpression(RuleSet.checkedCondition(requiredText(json, "expression")));
        }
        rule.setJmsPriority(level(json, "jmsPriority", rule.getJmsPriority()));
        rule.setShare(share(json, rule.getShare()));
        rule.setEnabled(bool(json, "enabled", rule.isEnabled()));
        ranked.removeIf(other -> other.getId().equals(id));
        place(ranked, rule, intField(json, "rank", rule.getRank()));
        return toJson(rule);
    }

    public void delete(String id) {
        List<PriorityRule> ranked = new ArrayList<>(lockedRules());
        PriorityRule rule = find(id);
        ranked.removeIf(other -> other.getId().equals(id));
        em.remove(rule);
        renumber(ranked);
    }

    /** Gives every rule its new rank in one call: {@code ids} lists all rule ids, highest first. */
    public List<JsonObject> reorder(JsonArray ids) {
        List<PriorityRule> current = lockedRules();
        List<String> order = new ArrayList<>();
        for (JsonValue value : ids) {
            if (!(value instanceof JsonString id)) {
                throw ConveyorException.invalidField("ids", "must be rule ids (strings), highest rank first");
            }
            order.add(id.getString());
        }
        Set<String> known = Set.copyOf(current.stream().map(PriorityRule::getId).toList());
        if (order.size() != known.size() || !known.equals(Set.copyOf(order))) {
            throw ConveyorException.invalidField("ids", "must list each of the " + known.size()
                    + " rules exactly once (GET /api/priority-rules gives their ids)");
        }
        renumber(order.stream().map(this::find).toList());
        return list();
    }

    public JsonObject settingsJson() {
        return toJson(settings());
    }

    public JsonObject updateSettings(JsonObject json) {
        refuseUnknown(json, SETTINGS_FIELDS);
        PrioritySettings settings = lockedSettings();
        settings.setEnabled(bool(json, "enabled", settings.isEnabled()));
        int window = intField(json, "recentWindowSeconds", settings.getRecentWindowSeconds());
        if (window < 1 || window > 3600) {
            throw ConveyorException.invalidField("recentWindowSeconds", "must be 1 to 3600 seconds");
        }
        settings.setRecentWindowSeconds(window);
        settings.setDefaultShare(checkedShare("defaultShare", intField(json, "defaultShare", settings.getDefaultShare())));
        return toJson(settings);
    }

    /**
     * Puts every job still waiting (STAGED or QUEUED) in its bucket by the current rules; the
     * queued ones whose JMS priority changed get a dispatch message at the new priority (the old
     * message finds the job started and is dropped). Returns how many jobs changed bucket.
     */
    public int rebucket() {
        RuleSet rules = ruleSet(lockedSettings());
        List<String> requeue = new ArrayList<>();
        int changed = 0;
        for (Job job : jobs.inStates(JobState.NOT_YET_RUNNING)) {
            Bucket bucket = rules.bucketOf(job.getAttributes());
            if (bucket.name().equals(job.getBucket()) && bucket.jmsPriority() == job.getJmsPriority()) {
                continue;
            }
            changed++;
            boolean newPriority = bucket.jmsPriority() != job.getJmsPriority();
            job.assignBucket(bucket);
            if (newPriority && job.getState() == JobState.QUEUED) {
                requeue.add(job.getId());
            }
        }
        em.flush();
        rebucketed.fire(new Rebucketed(requeue));
        return changed;
    }

    /** Per bucket: jobs waiting, running, finished in the last minute, and the mean wait of those. */
    public List<BucketStats> stats(Instant now) {
        Map<String, BucketStats.Builder> byBucket = new LinkedHashMap<>();
        rules().forEach(rule -> byBucket.put(rule.getName(), new BucketStats.Builder(rule.getName(), rule.getJmsPriority())));
        byBucket.putIfAbsent(Bucket.DEFAULT_NAME, new BucketStats.Builder(Bucket.DEFAULT_NAME, Bucket.DEFAULT.jmsPriority()));
        for (Jobs.StateCount count : jobs.byBucketAndState(EnumSet.of(JobState.STAGED, JobState.QUEUED, JobState.RUNNING))) {
            BucketStats.Builder stats = builder(byBucket, count.key());
            if (count.state() == JobState.RUNNING) {
                stats.running += count.count();
            } else {
                stats.queued += count.count();
            }
        }
        for (Jobs.Served served : jobs.servedSince(now.minusSeconds(60))) {
            builder(byBucket, served.bucket()).done(served.createdAt(), served.startedAt());
        }
        return byBucket.values().stream().map(BucketStats.Builder::build).toList();
    }

    private static BucketStats.Builder builder(Map<String, BucketStats.Builder> byBucket, String bucket) {
        String name = bucket == null ? Bucket.DEFAULT_NAME : bucket;
        return byBucket.computeIfAbsent(name, missing -> new BucketStats.Builder(missing, -1));
    }

    private RuleSet ruleSet(PrioritySettings settings) {
        return settings.isEnabled() ? RuleSet.of(rules()) : RuleSet.FIFO;
    }

    private List<PriorityRule> rules() {
        return em.createQuery("SELECT r FROM PriorityRule r ORDER BY r.rank", PriorityRule.class).getResultList();
    }

    private List<PriorityRule> lockedRules() {
        lockedSettings();
        return rules();
    }

    private PrioritySettings settings() {
        PrioritySettings settings = em.find(PrioritySettings.class, PrioritySettings.ID);
        return settings == null ? new PrioritySettings() : settings;
    }

    private PrioritySettings lockedSettings() {
        PrioritySettings settings = em.find(PrioritySettings.class, PrioritySettings.ID, LockModeType.PESSIMISTIC_WRITE);
        if (settings == null) {
            settings = new PrioritySettings();
            em.persist(settings);
            em.flush();
        }
        return settings;
    }

    private PriorityRule find(String id) {
        PriorityRule rule = em.find(PriorityRule.class, id);
        if (rule == null) {
            throw new ConveyorException(MessageId.PRIORITY_RULE_NOT_FOUND, id);
        }
        return rule;
    }

    /** Inserts {@code rule} at {@code rank} (clamped to 1..n+1) into the others, then numbers them all 1..n. */
    private static void place(List<PriorityRule> others, PriorityRule rule, int rank) {
        if (rank < 1) {
            throw ConveyorException.invalidField("rank", "must be 1 (the highest) or more");
        }
        others.add(Math.min(rank, others.size() + 1) - 1, rule);
        renumber(others);
    }

    private static void renumber(List<PriorityRule> ranked) {
        for (int i = 0; i < ranked.size(); i++) {
            ranked.get(i).setRank(i + 1);
        }
    }

    private void refuseTakenName(String name, String exceptId) {
        boolean taken = rules().stream().anyMatch(rule -> rule.getName().equals(name) && !rule.getId().equals(exceptId));
        if (taken || Bucket.DEFAULT_NAME.equals(name)) {
            throw new ConveyorException(MessageId.PRIORITY_RULE_EXISTS, name);
        }
    }

    private static int level(JsonObject json, String field, Integer current) {
        if (!json.containsKey(field) && current != null) {
            return current;
        }
        int level = intField(json, field, -1);
        if (level < 0 || level > 9) {
            throw ConveyorException.invalidField(field, "must be a JMS priority, 0 (lowest) to 9 (highest)");
        }
        return level;
    }

    private static int share(JsonObject json, int current) {
        return checkedShare("share", intField(json, "share", current));
    }

    private static int checkedShare(String field, int share) {
        if (share < 1 || share > 100) {
            throw ConveyorException.invalidField(field, "must be a percentage, 1 to 100");
        }
        return share;
    }

    private static void refuseUnknown(JsonObject json, Set<String> known) {
        json.keySet().stream().filter(field -> !known.contains(field)).findFirst().ifPresent(field -> {
            throw ConveyorException.invalidField(field, "is not a field here; known fields: " + known.stream().sorted().toList());
        });
    }

    private static String requiredText(JsonObject json, String field) {
        String text = text(json, field);
        if (text == null || text.isBlank()) {
            throw ConveyorException.invalidField(field, "is required");
        }
        return text.strip();
    }

    private static String text(JsonObject json, String field) {
        JsonValue value = json.get(field);
        if (value == null || value == JsonValue.NULL) {
            return null;
        }
        if (!(value instanceof JsonString string)) {
            throw ConveyorException.invalidField(field, "must be text");
        }
        return string.getString();
    }

    private static int intField(JsonObject json, String field, int absent) {
        JsonValue value = json.get(field);
        if (value == null) {
            return absent;
        }
        if (!(value instanceof JsonNumber number) || !number.isIntegral()) {
            throw ConveyorException.invalidField(field, "must be a whole number");
        }
        return number.intValue();
    }

    private static boolean bool(JsonObject json, String field, boolean absent) {
        JsonValue value = json.get(field);
        if (value == null) {
            return absent;
        }
        if (value != JsonValue.TRUE && value != JsonValue.FALSE) {
            throw ConveyorException.invalidField(field, "must be true or false");
        }
        return value == JsonValue.TRUE;
    }

    private static JsonObject toJson(PriorityRule rule) {
        return JSON.createObjectBuilder().add("id", rule.getId()).add("name", rule.getName()).add("rank", rule.getRank())
                .add("expression", rule.getExpression()).add("jmsPriority", rule.getJmsPriority()).add("share", rule.getShare())
                .add("enabled", rule.isEnabled()).build();
    }

    private static JsonObject toJson(PrioritySettings settings) {
        return JSON.createObjectBuilder().add("enabled", settings.isEnabled())
                .add("recentWindowSeconds", settings.getRecentWindowSeconds()).add("defaultShare", settings.getDefaultShare()).build();
    }
}
