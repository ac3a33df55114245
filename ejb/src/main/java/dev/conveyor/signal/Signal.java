package dev.conveyor.signal;

import dev.conveyor.job.Job;
import jakarta.json.Json;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Lob;
import jakarta.persistence.Table;
import java.io.StringReader;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/** One release signal in the store: its counters, carried attributes and releasable credit. */
@Entity
@Table(name = "CNV_SIGNAL")
public class Signal {

    @Id
    @Column(length = Job.MAX_SIGNAL_ID_LENGTH)
    private String id;

    @Lob
    @Column(name = "COUNTERS")
    private String countersJson = "{}";

    @Lob
    @Column(name = "ATTRIBUTES")
    private String attributesJson = "{}";

    private long releasable;

    @Column(nullable = false)
    private Instant updatedAt;

    protected Signal() {
    }

    Signal(String id, Instant at) {
        this.id = id;
        this.updatedAt = at;
    }

    public String getId() {
        return id;
    }

    public Instant getUpdatedAt() {
        return updatedAt;
    }

    public SignalCounts counts() {
        Map<String, Long> counters = new LinkedHashMap<>();
        read(countersJson).forEach((name, value) -> counters.put(name, ((JsonNumber) value).longValue()));
        Map<String, String> attributes = new LinkedHashMap<>();
        read(attributesJson).forEach((name, value) -> attributes.put(name, ((JsonString) value).getString()));
        return new SignalCounts(counters, attributes, releasable);
    }

    void update(SignalCounts counts, Instant at) {
        JsonObjectBuilder counters = Json.createObjectBuilder();
        counts.counters().entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(counter -> counters.add(counter.getKey(), counter.getValue()));
        JsonObjectBuilder attributes = Json.createObjectBuilder();
        counts.attributes().forEach(attributes::add);
        this.countersJson = counters.build().toString();
        this.attributesJson = attributes.build().toString();
        this.releasable = counts.releasable();
        this.updatedAt = at;
    }

    private static JsonObject read(String json) {
        try (var reader = Json.createReader(new StringReader(json))) {
            return reader.readObject();
        }
    }
}
