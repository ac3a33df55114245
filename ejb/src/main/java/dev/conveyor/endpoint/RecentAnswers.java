package dev.conveyor.endpoint;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Answers to a question asked on every job, kept for a short time: the question is asked again
 * at most once per {@code freshFor} per key, so a change made on any node is seen within that time.
 */
final class RecentAnswers<K, V> {

    /** Far above the number of distinct keys within one freshness period; the keep is emptied when it gets there. */
    static final int MAX_KEPT = 10_000;

    private record Answer<V>(V value, Instant askedAt) {
    }

    private final Duration freshFor;
    private final Clock clock;
    private final Map<K, Answer<V>> answers = new ConcurrentHashMap<>();

    RecentAnswers(Duration freshFor, Clock clock) {
        this.freshFor = freshFor;
        this.clock = clock;
    }

    V get(K key, Supplier<V> ask) {
        Instant now = clock.instant();
        Answer<V> kept = answers.get(key);
        if (kept != null && now.isBefore(kept.askedAt().plus(freshFor))) {
            return kept.value();
        }
        if (answers.size() >= MAX_KEPT) {
            answers.clear();
        }
        V value = ask.get();
        answers.put(key, new Answer<>(value, now));
        return value;
    }
}
