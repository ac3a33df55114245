package dev.conveyor.priority;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Duration;

/**
 * The service-wide priority settings, one row: {@code conveyor.priority.enabled} and the pool's
 * recent window. Rule changes lock this row, so ranks stay unique across nodes.
 */
@Entity
@Table(name = "CNV_PRIORITY_SETTINGS")
public class PrioritySettings {

    public static final int ID = 1;
    public static final int DEFAULT_RECENT_WINDOW_SECONDS = 5;
    public static final int DEFAULT_BUCKET_SHARE = 20;

    @Id
    private int id = ID;

    private boolean enabled = true;

    private int recentWindowSeconds = DEFAULT_RECENT_WINDOW_SECONDS;

    /** The default bucket's share of turns while rule buckets above it have work. */
    private int defaultShare = DEFAULT_BUCKET_SHARE;

    @Version
    private long version;

    public boolean isEnabled() {
        return enabled;
    }

    public Duration recentWindow() {
        return Duration.ofSeconds(recentWindowSeconds);
    }

    public int getRecentWindowSeconds() {
        return recentWindowSeconds;
    }

    public int getDefaultShare() {
        return defaultShare;
    }

    public Bucket defaultBucket() {
        return new Bucket(Bucket.DEFAULT_NAME, Bucket.DEFAULT.jmsPriority(), defaultShare);
    }

    void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    void setRecentWindowSeconds(int recentWindowSeconds) {
        this.recentWindowSeconds = recentWindowSeconds;
    }

    void setDefaultShare(int defaultShare) {
        this.defaultShare = defaultShare;
    }
}
