package dev.conveyor.security;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Lob;
import jakarta.persistence.Table;
import java.time.Instant;

/** One change made through the API: who, when, what, and the subject's state before and after (JSON). */
@Entity
@Table(name = "CNV_AUDIT", indexes = @Index(name = "CNV_AUDIT_AT", columnList = "AT"))
public class AuditEntry {

    @Id
    @Column(length = 36)
    private String id;

    @Column(name = "AT", nullable = false)
    private Instant at;

    @Column(nullable = false, length = 64)
    private String actor;

    /** The call, e.g. {@code PUT /api/endpoints/pages}. */
    @Column(nullable = false, length = 600)
    private String action;

    @Lob
    private String beforeState;

    @Lob
    private String afterState;

    protected AuditEntry() {
    }

    public AuditEntry(String id, Instant at, String actor, String action, String beforeState, String afterState) {
        this.id = id;
        this.at = at;
        this.actor = actor;
        this.action = action;
        this.beforeState = beforeState;
        this.afterState = afterState;
    }

    public String getId() {
        return id;
    }

    public Instant getAt() {
        return at;
    }

    public String getActor() {
        return actor;
    }

    public String getAction() {
        return action;
    }

    public String getBeforeState() {
        return beforeState;
    }

    public String getAfterState() {
        return afterState;
    }
}
