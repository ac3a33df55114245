package dev.conveyor.endpoint;

/**
 * One endpoint setting, declared once: its name in the API (the manual's English name in
 * camelCase), its type, the manual's default (null when the setting is required), whether the
 * service-wide defaults may set it, and what it means. The API, the validation and docs/endpoints.md's
 * settings table all follow these declarations.
 */
public record Setting<T>(String name, SettingType<T> type, T manualDefault, boolean serviceWide, String description) {

    public boolean required() {
        return manualDefault == null;
    }
}
