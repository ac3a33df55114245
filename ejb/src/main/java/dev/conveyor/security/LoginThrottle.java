package dev.conveyor.security;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Failed logins per client: after {@code allowed} failures within {@code window}, the client
 * waits until the oldest of them is {@code window} old before a password of theirs is checked
 * again. Checking a password is slow on purpose (PBKDF2), so this is what keeps guessing from
 * burning the CPU: a client gets at most {@code allowed} checks per window.
 */
public final class LoginThrottle {

    /** Clients with no failure within the window are forgotten once this many are remembered. */
    private static final int PRUNE_ABOVE = 10_000;

    private final int allowed;
    private final Duration window;
    private final Clock clock;
    private final Map<String, Deque<Instant>> failures = new ConcurrentHashMap<>();

    public LoginThrottle(int allowed, Duration window, Clock clock) {
        this.allowed = allowed;
        this.window = window;
        this.clock = clock;
    }

    /** How long {@code client} must wait before its next password is checked; empty when it may try now. */
    public Optional<Duration> waitFor(String client) {
        Deque<Instant> recent = failures.get(client);
        if (recent == null) {
            return Optional.empty();
        }
        synchronized (recent) {
            Instant now = clock.instant();
            forgetOld(recent, now);
            if (recent.size() < allowed) {
                return Optional.empty();
            }
            return Optional.of(Duration.between(now, recent.peekFirst().plus(window)));
        }
    }

    public void failed(String client) {
        if (failures.size() > PRUNE_ABOVE) {
            prune();
        }
        Deque<Instant> recent = failures.computeIfAbsent(client, key -> new ArrayDeque<>());
        synchronized (recent) {
            Instant now = clock.instant();
            forgetOld(recent, now);
            recent.addLast(now);
            while (recent.size() > allowed) {
                recent.removeFirst();
            }
        }
    }

    public void succeeded(String client) {
        failures.remove(client);
    }

    private void forgetOld(Deque<Instant> recent, Instant now) {
        while (!recent.isEmpty() && !recent.peekFirst().plus(window).isAfter(now)) {
            recent.removeFirst();
        }
    }

    private void prune() {
        Instant now = clock.instant();
        failures.values().removeIf(recent -> {
            synchronized (recent) {
                forgetOld(recent, now);
                return recent.isEmpty();
            }
        });
    }
}
