package dev.conveyor.stack;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * Black-box: the purge's timer fires by itself, again and again. The shared stack runs it on a
 * short cron (CONVEYOR_PURGE_CRON) instead of once a day; the rule that arms each firing from the
 * last is the same, and PurgeTimesTest follows it over many days.
 */
class PurgeTimerStackIT extends OnSharedStack {

    static final String EVERY_20_SECONDS = "*/20 * * * * ?";

    private static long timerPurges() throws Exception {
        return Files.readAllLines(stack.serverLog()).stream().filter(line -> line.contains("CNV-2015-I")).count();
    }

    @Test
    void thePurgeTimerFiresAndIsArmedAgain() throws Exception {
        long before = timerPurges();
        Instant deadline = Instant.now().plus(Duration.ofMinutes(2));
        while (timerPurges() < before + 2 && Instant.now().isBefore(deadline)) {
            Thread.sleep(1000);
        }
        assertTrue(timerPurges() >= before + 2, "two more purges on the timer within 2 minutes, saw " + (timerPurges() - before));
    }
}
