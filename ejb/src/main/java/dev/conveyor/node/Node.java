package dev.conveyor.node;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A running Conveyor instance and its last sign of life; a node whose heartbeat stops is dead. */
@Entity
@Table(name = "CNV_NODE")
public class Node {

    @Id
    @Column(length = 36)
    private String id;

    @Column(nullable = false)
    private Instant startedAt;

    @Column(nullable = false)
    private Instant heartbeatAt;

    protected Node() {
    }

    public Node(String id, Instant now) {
        this.id = id;
        this.startedAt = now;
        this.heartbeatAt = now;
    }

    public String getId() {
        return id;
    }

    public Instant getStartedAt() {
        return startedAt;
    }

    public Instant getHeartbeatAt() {
        return heartbeatAt;
    }

    /** The node starts again under the id it kept (see {@link NodeIdentity}). */
    public void restart(Instant now) {
        this.startedAt = now;
        this.heartbeatAt = now;
    }

    public void beat(Instant now) {
        this.heartbeatAt = now;
    }
}
