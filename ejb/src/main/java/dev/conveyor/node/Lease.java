package dev.conveyor.node;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;

/**
 * A named piece of work one node at a time may do (scanning an endpoint, the daily purge): held
 * by a node until it expires, renewed by its holder, taken over by another node once expired.
 */
@Entity
@Table(name = "CNV_LEASE")
public class Lease {

    @Id
    @Column(length = 200)
    private String name;

    @Column(nullable = false, length = 36)
    private String holder;

    @Column(nullable = false)
    private Instant expiresAt;

    /** Two nodes taking an expired lease at once: the second's update finds the version moved and fails. */
    @Version
    private long version;

    protected Lease() {
    }

    Lease(String name, String holder, Instant expiresAt) {
        this.name = name;
        this.holder = holder;
        this.expiresAt = expiresAt;
    }

    /** Takes or renews the lease for {@code node} when it holds it or the lease has expired. */
    boolean take(String node, Instant now, Instant until) {
        if (!holder.equals(node) && expiresAt.isAfter(now)) {
            return false;
        }
        holder = node;
        expiresAt = until;
        return true;
    }

    public String getHolder() {
        return holder;
    }

    public Instant getExpiresAt() {
        return expiresAt;
    }
}
