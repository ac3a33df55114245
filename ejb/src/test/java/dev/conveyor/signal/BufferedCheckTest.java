package dev.conveyor.signal;

import dev.conveyor.endpoint.WaitSpec;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.conveyor.common.JsonText;
import dev.conveyor.testing.MovableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BufferedCheckTest {

    private final MovableClock clock = new MovableClock(Instant.parse("2026-11-30T10:00:00Z"));
    private final BufferedCheck check = new BufferedCheck(clock);

    /** The waiting jobs' signal ids, oldest first, as the job table gives them. */
    private final List<String> waitingJobs = new ArrayList<>(List.of("a", "a", "b", "c", "d"));
    /** Jobs each id releases when checked (none unless said). */
    private final Map<String, Integer> ready = new HashMap<>();
    private final List<String> asked = new ArrayList<>();

    private static WaitSpec wait(int bufferCount, String penalty) {
        return WaitSpec.SETTING_TYPE.read("wait", JsonText.object("{\"releaseSignalId\":\"${file.baseName}\",\"waitBufferCount\":"
                + bufferCount + ",\"waitPenaltyDuration\":\"" + penalty + "\"}")).orElseThrow();
    }

    private List<String> pass(WaitSpec wait) {
        return check.pass(wait,
                (except, limit) -> waitingJobs.stream().filter(id -> !except.contains(id)).limit(limit).toList(),
                id -> {
                    asked.add(id);
                    int released = ready.getOrDefault(id, 0);
                    for (int job = 0; job < released; job++) {
                        waitingJobs.remove(id);
                    }
                    return released;
                });
    }

    @Test
    void thePenaltyKeepsTheSweepOffAnIdForItsDurationAndOtherIdsTakeItsPlace() {
        WaitSpec wait = wait(3, "30 s");
        assertEquals(List.of("a", "b"), pass(wait), "3 oldest jobs: a, a and b; a is asked once");

        clock.advance(Duration.ofSeconds(5));
        assertEquals(List.of("c", "d"), pass(wait), "a and b serve their penalty: c and d take their place");

        clock.advance(Duration.ofSeconds(24));
        assertEquals(List.of(), pass(wait), "29 s after: a and b still penalized, c and d too");

        clock.advance(Duration.ofSeconds(1));
        assertEquals(List.of("a", "b"), pass(wait), "30 s after their check, a and b are looked at again");
        assertEquals(List.of("a", "b", "c", "d", "a", "b"), asked);
    }

    @Test
    void withoutAPenaltyTheOldestIdsAreAskedEveryPass() {
        WaitSpec wait = wait(2, "0 s");
        assertEquals(List.of("a"), pass(wait), "the buffer of 2 holds a's two jobs");
        clock.advance(Duration.ofSeconds(5));
        assertEquals(List.of("a"), pass(wait), "unpenalized, a keeps the whole buffer");
    }

    @Test
    void anIdThatReleasedIsNotPenalized() {
        WaitSpec wait = wait(1, "1 h");
        ready.put("a", 1);
        assertEquals(List.of("a"), pass(wait), "a releases one of its two jobs");
        assertEquals(List.of("a"), pass(wait), "a released a job: not penalized, checked again on the next pass");
        assertEquals(List.of("b"), pass(wait), "a has no job left waiting; b is next");
    }
}
