package dev.conveyor.node;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * When this node last renewed each lease it holds. A lease renewed less than {@link #RENEW_EVERY}
 * ago (and less than a quarter of its duration ago) is held for most of its duration still: no
 * other node may take it before it expires, so it need not be written again. Scans started by
 * file-system events can come many times a second, and each renewal is a database commit on the
 * way from a file's arrival to its claim. Every 5 s, not every second: each commit under load
 * also stores the pages other transactions changed (H2), and the renewals of a node's endpoints
 * took about 2% of a warm stack's samples at one a second each (Flight Recorder). Renewing less
 * often never lets a lease run out sooner than its holder's death would: it lasts its duration
 * from the last renewal. The caller keeps one instance for the node.
 */
public final class RenewedLeases {

    static final Duration RENEW_EVERY = Duration.ofSeconds(5);

    private final Map<String, Instant> renewedAt = new ConcurrentHashMap<>();

    /**
     * True when this node renewed {@code name} (a lease of {@code duration}) so recently that it
     * holds it without asking the database; false when it must be taken or renewed there. A clock
     * that went back since the renewal asks the database.
     */
    public boolean heldWithoutRenewal(String name, Duration duration, Instant now) {
        Instant at = renewedAt.get(name);
        if (at == null || now.isBefore(at)) {
            return false;
        }
        Duration fresh = RENEW_EVERY.compareTo(duration.dividedBy(4)) < 0 ? RENEW_EVERY : duration.dividedBy(4);
        return now.isBefore(at.plus(fresh));
    }

    /** The database took or renewed {@code name} for this node at {@code at} (a time read before that write). */
    public void renewed(String name, Instant at) {
        renewedAt.put(name, at);
    }

    /** Not held (another node's, released, or its endpoint gone): the next scan asks the database. */
    public void forget(String name) {
        renewedAt.remove(name);
    }
}
