package dev.conveyor.endpoint;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Lob;
import jakarta.persistence.Table;
import jakarta.persistence.Version;

/**
 * The service-wide defaults (the manual's "Watched Folder service" settings): one row, the
 * settings given as JSON. Endpoints that leave a setting out take it from here.
 */
@Entity
@Table(name = "CNV_SERVICE_SETTINGS")
public class ServiceSettings {

    public static final int ID = 1;

    @Id
    private int id = ID;

    @Lob
    @Column(nullable = false)
    private String settings = "{}";

    @Version
    private long version;

    public SettingValues values() {
        return SettingValues.fromJsonText(settings, EndpointSettings.SERVICE_WIDE);
    }

    /** Bumped by every change of the defaults. */
    public long getVersion() {
        return version;
    }

    public void setValues(SettingValues values) {
        this.settings = values.only(EndpointSettings.SERVICE_WIDE).toJsonText();
    }
}
