package dev.conveyor.priority;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

class WorkerSharesTest {

    private static final Duration WINDOW = Duration.ofSeconds(5);
    private static final int HIGH = 9;
    private static final int NORMAL = 6;
    private static final int LOW = 1;
    private static final Map<Integer, Integer> SHARES = Map.of(HIGH, 100, NORMAL, 40, LOW, 20);

    /** Draws from a script, so every outcome of a turn can be enumerated. */
    private static final class ScriptedRandom implements RandomGenerator {
        final Deque<Integer> draws = new ArrayDeque<>();

        @Override
        public long nextLong() {
            throw new UnsupportedOperationException("only nextInt(bound) is drawn");
        }

        @Override
        public int nextInt(int bound) {
            assertEquals(100, bound);
            return draws.removeFirst();
        }
    }

    private static final class MovableClock extends Clock {
        Instant now = Instant.parse("2026-11-30T05:00:00Z");

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }
    }

    private final ScriptedRandom random = new ScriptedRandom();
    private final MovableClock clock = new MovableClock();
    private final WorkerShares shares = new WorkerShares(clock, random);

    private OptionalInt turn(int delivered, Integer... draws) {
        random.draws.clear();
        random.draws.addAll(List.of(draws));
        return shares.lowerLevelToServe(delivered, SHARES, WINDOW);
    }

    @Test
    void aJobOfTheLowestLevelIsAlwaysRunWithoutADraw() {
        assertEquals(OptionalInt.empty(), turn(LOW));
    }

    @Test
    void overEveryPairOfDrawsEachLowerLevelGetsItsShareOfTheTurns() {
        int[] served = new int[10];
        for (int lowDraw = 0; lowDraw < 100; lowDraw++) {
            for (int normalDraw = 0; normalDraw < 100; normalDraw++) {
                served[turn(HIGH, lowDraw, normalDraw).orElse(HIGH)]++;
            }
        }

        assertEquals(2000, served[LOW], "low: 20% of all turns");
        assertEquals(3200, served[NORMAL], "normal: 40% of the 80% low leaves");
        assertEquals(4800, served[HIGH]);
    }

    @Test
    void aNormalJobLendsOnlyToLevelsBelowIt() {
        int[] served = new int[10];
        for (int lowDraw = 0; lowDraw < 100; lowDraw++) {
            served[turn(NORMAL, lowDraw).orElse(NORMAL)]++;
        }

        assertEquals(20, served[LOW]);
        assertEquals(80, served[NORMAL]);
    }

    @Test
    void aLevelFoundEmptyIsLeftAloneForTheRecentWindow() {
        shares.foundEmpty(LOW);
        clock.now = clock.now.plusSeconds(4);

        assertEquals(OptionalInt.empty(), turn(NORMAL), "no draw, no look: low was empty 4 s ago");

        clock.now = clock.now.plusSeconds(2);
        assertEquals(OptionalInt.of(LOW), turn(NORMAL, 0), "6 s later it is looked at again");
    }

    @Test
    void aJobHandedOutOfALevelShowsItIsNotEmpty() {
        shares.foundEmpty(LOW);
        turn(LOW);

        assertEquals(OptionalInt.of(LOW), turn(HIGH, 19));
    }

    @Test
    void bucketsOnOneLevelMoveTogetherWithTheLargestShare() {
        Map<Integer, Integer> levels = WorkerShares.sharesByLevel(List.of(
                new Bucket("a", 3, 10), new Bucket("b", 3, 30), new Bucket("c", 7, 100)));

        assertEquals(Map.of(3, 30, 7, 100), levels);
    }
}
