package dev.conveyor.endpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.conveyor.testing.MovableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class RecentAnswersTest {

    private final MovableClock clock = new MovableClock(Instant.parse("2026-11-30T12:00:00Z"));
    private final RecentAnswers<String, Integer> answers = new RecentAnswers<>(Duration.ofSeconds(1), clock);
    private final AtomicInteger asked = new AtomicInteger();

    private int ask(String key) {
        return answers.get(key, asked::incrementAndGet);
    }

    @Test
    void aFreshAnswerIsNotAskedAgain() {
        assertEquals(1, ask("a"));
        clock.advance(Duration.ofMillis(999));
        assertEquals(1, ask("a"));
        assertEquals(1, asked.get());
    }

    @Test
    void anAnswerAsOldAsTheFreshnessIsAskedAgain() {
        ask("a");
        clock.advance(Duration.ofSeconds(1));
        assertEquals(2, ask("a"));
    }

    @Test
    void keysAreAnsweredApart() {
        assertEquals(1, ask("a"));
        assertEquals(2, ask("b"));
        assertEquals(1, ask("a"));
    }
}
