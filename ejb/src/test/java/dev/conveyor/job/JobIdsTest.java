package dev.conveyor.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class JobIdsTest {

    @Test
    void anIdIsAVersion7UuidCarryingItsMillisecond() {
        long millis = 1_764_576_000_123L;
        UUID id = UUID.fromString(JobIds.at(millis));
        assertEquals(7, id.version());
        assertEquals(2, id.variant());
        assertEquals(millis, id.getMostSignificantBits() >>> 16);
    }

    @Test
    void idsOfLaterMillisecondsSortAfterEarlierOnesAsText() {
        List<String> made = new ArrayList<>();
        for (long millis = 1_700_000_000_000L; millis < 1_700_000_000_000L + 5_000; millis += 7) {
            made.add(JobIds.at(millis));
        }
        List<String> sorted = new ArrayList<>(made);
        sorted.sort(String::compareTo);
        assertEquals(made, sorted);
    }

    @Test
    void idsMadeInOneMillisecondDiffer() {
        HashSet<String> ids = new HashSet<>();
        for (int i = 0; i < 100_000; i++) {
            ids.add(JobIds.at(1_700_000_000_000L));
        }
        assertEquals(100_000, ids.size());
        assertTrue(ids.stream().allMatch(id -> id.startsWith("018bcfe5-6800-7")), ids.iterator().next());
    }

    @Test
    void onlyANameWrittenAsAnIdIsTakenForOne() {
        assertTrue(JobIds.isJobId(JobIds.next()));
        assertTrue(JobIds.isJobId("1b4e28ba-2fa1-41d2-883f-0016d3cca427"), "an id of version 4, as ids were once made");
        assertFalse(JobIds.isJobId("1B4E28BA-2FA1-41D2-883F-0016D3CCA427"), "upper case: not as Conveyor writes it");
        assertFalse(JobIds.isJobId("1b4e28ba-2fa1-41d2-883f-0016d3cca42"), "too short");
        assertFalse(JobIds.isJobId("1-1-1-1-1"), "parsed by UUID, but not written so");
        assertFalse(JobIds.isJobId("old-orphan"));
        assertFalse(JobIds.isJobId("1b4e28ba-2fa1-41d2-883f-0016d3cca42z"));
        assertFalse(JobIds.isJobId(SpareStageFolders.FOLDER));
    }
}
