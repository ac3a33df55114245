package dev.conveyor.priority;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.testing.MovableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

class WorkerSharesTest {

    private static final Duration WINDOW = Duration.ofSeconds(5);
    private static final int HIGH = 9;
    private static final int NORMAL = 6;
    private static final int LOW = 1;
    private static final Map<Integer, Integer> SHARES = Map.of(HIGH, 100, NORMAL, 40, LOW, 20);
    private static final int GRID = 200;

    /** Draws from a script, so every outcome of a delivery can be enumerated. */
    private static final class ScriptedRandom implements RandomGenerator {
        final Deque<Double> draws = new ArrayDeque<>();

        @Override
        public long nextLong() {
            throw new UnsupportedOperationException("only nextDouble() is drawn");
        }

        @Override
        public double nextDouble() {
            return draws.removeFirst();
        }
    }

    private final ScriptedRandom random = new ScriptedRandom();
    private final MovableClock clock = new MovableClock(Instant.parse("2026-11-30T05:00:00Z"));
    private final WorkerShares shares = new WorkerShares(clock, random);

    private Map<Integer, Integer> lent(int delivered, Double... draws) {
        return lent(delivered, SHARES, draws);
    }

    private Map<Integer, Integer> lent(int delivered, Map<Integer, Integer> levelShares, Double... draws) {
        random.draws.clear();
        random.draws.addAll(List.of(draws));
        Map<Integer, Integer> lent = shares.lentTurns(delivered, levelShares, WINDOW);
        assertTrue(random.draws.isEmpty(), "every scripted draw is used");
        return lent;
    }

    /** Jobs served per level over deliveries of {@code delivered}, one per grid point of the draws (one draw per lower level). */
    private Map<Integer, Integer> servedOverAllDraws(int delivered, int lowerLevels) {
        Map<Integer, Integer> served = new TreeMap<>();
        int points = (int) Math.pow(GRID, lowerLevels);
        for (int point = 0; point < points; point++) {
            Double[] draws = new Double[lowerLevels];
            for (int level = 0, rest = point; level < lowerLevels; level++, rest /= GRID) {
                draws[level] = (rest % GRID + 0.5) / GRID;
            }
            served.merge(delivered, 1, Integer::sum);
            lent(delivered, draws).forEach((level, count) -> served.merge(level, count, Integer::sum));
        }
        return served;
    }

    private static double percentOf(Map<Integer, Integer> served, int level) {
        return 100.0 * served.getOrDefault(level, 0) / served.values().stream().mapToInt(Integer::intValue).sum();
    }

    @Test
    void aJobOfTheLowestLevelLendsNothingWithoutADraw() {
        assertEquals(Map.of(), lent(LOW));
    }

    @Test
    void overAllDrawsEachLowerLevelGetsItsShareOfTheJobsServed() {
        Map<Integer, Integer> served = servedOverAllDraws(HIGH, 2);

        assertEquals(20, percentOf(served, LOW), 0.5, "low: 20% of all jobs " + served);
        assertEquals(32, percentOf(served, NORMAL), 0.5, "normal: 40% of the 80% low leaves " + served);
        assertEquals(48, percentOf(served, HIGH), 0.5);
    }

    @Test
    void aNormalJobLendsOnlyToLevelsBelowIt() {
        Map<Integer, Integer> served = servedOverAllDraws(NORMAL, 1);

        assertEquals(Set.of(LOW, NORMAL), served.keySet());
        assertEquals(20, percentOf(served, LOW), 0.5);
    }

    @Test
    void aLevelFoundEmptyIsLeftAloneForTheRecentWindow() {
        shares.foundEmpty(LOW);
        clock.advance(Duration.ofSeconds(4));

        assertEquals(Map.of(), lent(NORMAL), "no draw, no look: low was empty 4 s ago");

        clock.advance(Duration.ofSeconds(2));
        assertEquals(Map.of(LOW, 1), lent(NORMAL, 0.0), "6 s later it is looked at again");
    }

    @Test
    void aLevelFoundEmptyLeavesTheOthersTheirShare() {
        shares.foundEmpty(NORMAL);

        assertEquals(20, percentOf(servedOverAllDraws(HIGH, 1), LOW), 0.5);
    }

    @Test
    void aJobHandedOutOfALevelShowsItIsNotEmpty() {
        shares.foundEmpty(LOW);
        lent(LOW);

        assertEquals(Map.of(LOW, 1), lent(HIGH, 0.0, 0.99));
    }

    @Test
    void aShareOfAHundredStillLetsTheHandedJobRun() {
        assertEquals(Map.of(LOW, WorkerShares.MAX_LENT_PER_DELIVERY), lent(HIGH, Map.of(HIGH, 100, LOW, 100), 0.0));
    }

    @Test
    void bucketsOnOneLevelMoveTogetherWithTheLargestShare() {
        Map<Integer, Integer> levels = WorkerShares.sharesByLevel(List.of(
                new Bucket("a", 3, 10), new Bucket("b", 3, 30), new Bucket("c", 7, 100)));

        assertEquals(Map.of(3, 30, 7, 100), levels);
    }
}
