package dev.conveyor.endpoint;

import java.nio.file.Path;

/** An endpoint as it runs: its name, its absolute folder, and every setting with defaults laid under. */
public record EndpointConfig(String name, Path folder, SettingValues settings, EndpointState state) {

    public <T> T get(Setting<T> setting) {
        return settings.get(setting);
    }
}
