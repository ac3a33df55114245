package dev.conveyor.signal;

import dev.conveyor.endpoint.NotifySpec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.common.ConveyorException;
import dev.conveyor.common.JsonText;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NotifyTest {


    private static NotifySpec notify(String text) {
        return NotifySpec.SETTING_TYPE.read("notify", JsonText.object(text)).orElseThrow();
    }

    @Test
    void aRequestDefaultsToOneOnTheDefaultCounter() {
        assertEquals(new NotifyRequest("default", 1, Map.of()), NotifyRequest.parse(JsonText.object("{}")));
        assertEquals(new NotifyRequest("pages", -2, Map.of("customer", "acme", "priority", "3")),
                NotifyRequest.parse(JsonText.object("{\"counterName\":\"pages\",\"delta\":-2,\"attributes\":{\"customer\":\"acme\",\"priority\":3}}")));
    }

    @Test
    void aNotifyCannotGiveConveyorsOwnAttributes() {
        for (String own : new String[] {"endpoint", "userName", "job.id", "file.name", "fragment.identifier", "wait.counter.default"}) {
            ConveyorException refused = assertThrows(ConveyorException.class,
                    () -> NotifyRequest.parse(JsonText.object("{\"attributes\":{\"" + own + "\":\"x\"}}")));
            assertEquals("attributes." + own, refused.field());
        }
    }

    @Test
    void badRequestsNameTheirField() {
        assertEquals("delta", assertThrows(ConveyorException.class, () -> NotifyRequest.parse(JsonText.object("{\"delta\":1.5}"))).field());
        assertEquals("delta", assertThrows(ConveyorException.class, () -> NotifyRequest.parse(JsonText.object("{\"delta\":\"1\"}"))).field());
        assertEquals("counterName", assertThrows(ConveyorException.class, () -> NotifyRequest.parse(JsonText.object("{\"counterName\":\" \"}"))).field());
        assertEquals("count", assertThrows(ConveyorException.class, () -> NotifyRequest.parse(JsonText.object("{\"count\":1}"))).field());
        assertEquals("attributes.nested", assertThrows(ConveyorException.class,
                () -> NotifyRequest.parse(JsonText.object("{\"attributes\":{\"nested\":{}}}"))).field());
    }

    @Test
    void anEndpointNotifiesOnWhatItIsToldTo() {
        assertTrue(notify("{\"releaseSignalId\":\"a\"}").appliesTo(true));
        assertFalse(notify("{\"releaseSignalId\":\"a\"}").appliesTo(false));
        assertTrue(notify("{\"releaseSignalId\":\"a\",\"on\":\"failure\"}").appliesTo(false));
        assertTrue(notify("{\"releaseSignalId\":\"a\",\"on\":\"completion\"}").appliesTo(false));
        assertTrue(notify("{\"releaseSignalId\":\"a\",\"on\":\"completion\"}").appliesTo(true));
    }

    @Test
    void onlyAttributesMatchingTheCacheRegexTravel() {
        Map<String, String> job = Map.of("file.name", "a.pdf", "fragment.index", "3", "fragment.count", "20");
        assertEquals(Map.of("fragment.index", "3", "fragment.count", "20"),
                notify("{\"releaseSignalId\":\"a\",\"attributeCacheRegex\":\"fragment[.].*\"}").cachedAttributes(job));
        assertEquals(Map.of(), notify("{\"releaseSignalId\":\"a\"}").cachedAttributes(job));
        assertEquals("notify.attributeCacheRegex", assertThrows(ConveyorException.class,
                () -> notify("{\"releaseSignalId\":\"a\",\"attributeCacheRegex\":\"(\"}")).field());
    }

    @Test
    void anAttributeNameTheCacheRegexGivesUpOnIsNotCarried() {
        String longName = "a".repeat(60);
        Map<String, String> job = Map.of(longName, "1", "aab", "2");
        NotifySpec notify = notify("{\"releaseSignalId\":\"a\",\"attributeCacheRegex\":\"((a+)+)+b\"}");
        assertEquals(Map.of("aab", "2"), assertTimeoutPreemptively(Duration.ofSeconds(5), () -> notify.cachedAttributes(job)));
    }

    @Test
    void releasedJobsGetTheCountersAndTheSignalAttributesByCopyMode() {
        SignalCounts counts = SignalCounts.EMPTY.notify("default", 2, Map.of("customer", "acme", "file.name", "from-signal"));
        SignalCounts.Release release = counts.release(null, 2, 1, 1);
        Map<String, String> job = Map.of("file.name", "order.txt");
        assertEquals(Map.of("customer", "acme", "wait.counter.default", "2"), ReleaseAttributes.of(job, release, false));
        assertEquals(Map.of("customer", "acme", "file.name", "from-signal", "wait.counter.default", "2"),
                ReleaseAttributes.of(job, release, true));
    }
}
