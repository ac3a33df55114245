package dev.conveyor.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class EventScanPaceTest {

    private final AtomicLong nanos = new AtomicLong(1_000_000_000L);
    private final EventScanPace pace = new EventScanPace(nanos::get);

    private void advanceMillis(long millis) {
        nanos.addAndGet(millis * 1_000_000);
    }

    private void scanTaking(String endpoint, long millis) {
        scanTaking(endpoint, millis, false);
    }

    private void scanTaking(String endpoint, long millis, boolean claimedFullBatch) {
        scanTaking(endpoint, millis, millis, claimedFullBatch);
    }

    private void scanTaking(String endpoint, long millis, long lookingMillis, boolean claimedFullBatch) {
        long start = pace.started();
        advanceMillis(millis);
        pace.ended(endpoint, start, lookingMillis * 1_000_000, claimedFullBatch);
    }

    @Test
    void aFolderNotScannedYetIsScannedAfterTheSettlingTime() {
        assertEquals(EventScanPace.SETTLE_MS, pace.delayMillis("docs"));
    }

    @Test
    void quickScansStartTheStabilityGapApart() {
        scanTaking("docs", 1);

        assertEquals(StabilityCheck.CAUGHT_UP_GAP_MS - 1, pace.delayMillis("docs"));
        advanceMillis(100);
        assertEquals(EventScanPace.SETTLE_MS, pace.delayMillis("docs"));
        assertEquals(EventScanPace.SETTLE_MS, pace.delayMillis("other"), "each endpoint has its own pace");
    }

    @Test
    void aLongScanIsFollowedByThreeTimesItsLengthOfRest() {
        scanTaking("backlog", 200);

        assertEquals(600, pace.delayMillis("backlog"));
        advanceMillis(550);
        assertEquals(50, pace.delayMillis("backlog"));
    }

    @Test
    void theRestIsThreeTimesTheLookingNotTheClaims() {
        scanTaking("idle", 120, 0, false);

        assertEquals(EventScanPace.SETTLE_MS, pace.delayMillis("idle"), "a slow claim of the file just moved in holds back no other");
        scanTaking("idle", 120, 50, false);
        assertEquals(150, pace.delayMillis("idle"));
    }

    @Test
    void aScanThatClaimedAFullBatchIsFollowedWithoutRest() {
        scanTaking("backlog", 200, true);

        assertEquals(EventScanPace.SETTLE_MS, pace.delayMillis("backlog"), "the files behind the batch are not kept waiting");
        scanTaking("backlog", 200, false);
        assertEquals(600, pace.delayMillis("backlog"), "a scan that found less than a batch rests again");
    }
}
