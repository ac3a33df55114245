package dev.conveyor.endpoint;

import static dev.conveyor.common.JsonText.JSON;

import dev.conveyor.common.JsonText;
import dev.conveyor.common.ConveyorException;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeSet;

/**
 * Values for some settings: what an administrator gave for an endpoint, the service-wide
 * defaults, or, laid over each other, the settings an endpoint runs with.
 */
public final class SettingValues {

    public static final SettingValues EMPTY = new SettingValues(Map.of());

    private final Map<Setting<?>, Object> values;

    private SettingValues(Map<Setting<?>, Object> values) {
        this.values = values;
    }

    /** The manual's defaults for every setting that has one. */
    public static SettingValues manualDefaults(Collection<Setting<?>> settings) {
        Map<Setting<?>, Object> defaults = new LinkedHashMap<>();
        for (Setting<?> setting : settings) {
            if (!setting.required()) {
                defaults.put(setting, setting.manualDefault());
            }
        }
        return new SettingValues(Map.copyOf(defaults));
    }

    /**
     * Reads the given settings from JSON, strictly: an unknown name or a value of the wrong type
     * is refused naming the field; null means "not given".
     */
    public static SettingValues fromJson(JsonObject json, Collection<Setting<?>> allowed) {
        Map<String, Setting<?>> byName = new LinkedHashMap<>();
        allowed.forEach(setting -> byName.put(setting.name(), setting));
        Map<Setting<?>, Object> values = new LinkedHashMap<>();
        for (var entry : json.entrySet()) {
            Setting<?> setting = byName.get(entry.getKey());
            if (setting == null) {
                throw ConveyorException.invalidField(entry.getKey(), "unknown setting; known settings: " + new TreeSet<>(byName.keySet()));
            }
            if (entry.getValue() != JsonValue.NULL) {
                values.put(setting, setting.type().read(setting.name(), entry.getValue()));
            }
        }
        return new SettingValues(Map.copyOf(values));
    }

    /** Reads what {@link #toJsonText()} wrote. */
    public static SettingValues fromJsonText(String text, Collection<Setting<?>> allowed) {
        return fromJson(JsonText.object(text), allowed);
    }

    @SuppressWarnings("unchecked")
    public <T> T get(Setting<T> setting) {
        return (T) values.get(setting);
    }

    public boolean has(Setting<?> setting) {
        return values.containsKey(setting);
    }

    public <T> SettingValues with(Setting<T> setting, T value) {
        Map<Setting<?>, Object> changed = new LinkedHashMap<>(values);
        changed.put(setting, value);
        return new SettingValues(Map.copyOf(changed));
    }

    /** These values where given, else the base's. */
    public SettingValues over(SettingValues base) {
        Map<Setting<?>, Object> merged = new LinkedHashMap<>(base.values);
        merged.putAll(values);
        return new SettingValues(Map.copyOf(merged));
    }

    /** Only the values of the given settings. */
    public SettingValues only(Collection<Setting<?>> settings) {
        Map<Setting<?>, Object> kept = new LinkedHashMap<>(values);
        kept.keySet().retainAll(settings);
        return new SettingValues(Map.copyOf(kept));
    }

    /** The values in the order of the given declarations. */
    public JsonObject toJson(Collection<Setting<?>> order) {
        JsonObjectBuilder json = JSON.createObjectBuilder();
        for (Setting<?> setting : order) {
            if (values.containsKey(setting)) {
                json.add(setting.name(), write(setting));
            }
        }
        return json.build();
    }

    public String toJsonText() {
        JsonObjectBuilder json = JSON.createObjectBuilder();
        values.keySet().stream().sorted(Comparator.comparing(Setting::name))
                .forEach(setting -> json.add(setting.name(), write(setting)));
        return json.build().toString();
    }

    @SuppressWarnings("unchecked")
    private <T> JsonValue write(Setting<T> setting) {
        return setting.type().write((T) values.get(setting));
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof SettingValues that && values.equals(that.values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    @Override
    public String toString() {
        return toJsonText();
    }
}
