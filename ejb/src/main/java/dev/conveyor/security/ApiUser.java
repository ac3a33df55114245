package dev.conveyor.security;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A person or program that calls the API, with its role and its password's hash (never the password). */
@Entity
@Table(name = "CNV_USER")
public class ApiUser {

    @Id
    @Column(length = UserRules.MAX_NAME_LENGTH)
    private String name;

    @Column(name = "USER_ROLE", nullable = false, length = 16)
    private String role;

    /** Jakarta Security's Pbkdf2PasswordHash format: algorithm:iterations:salt:hash. */
    @Column(nullable = false, length = 512)
    private String passwordHash;

    private Instant changedAt;

    protected ApiUser() {
    }

    public ApiUser(String name, Role role, String passwordHash, Instant changedAt) {
        this.name = name;
        this.role = role.roleName();
        this.passwordHash = passwordHash;
        this.changedAt = changedAt;
    }

    public String getName() {
        return name;
    }

    public Role getRole() {
        return Role.named(role).orElse(Role.VIEWER);
    }

    public void setRole(Role role) {
        this.role = role.roleName();
    }

    public String getPasswordHash() {
        return passwordHash;
    }

    public void setPasswordHash(String passwordHash) {
        this.passwordHash = passwordHash;
    }

    public Instant getChangedAt() {
        return changedAt;
    }

    public void setChangedAt(Instant changedAt) {
        this.changedAt = changedAt;
    }
}
