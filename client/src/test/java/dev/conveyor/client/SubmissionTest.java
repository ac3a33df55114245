package dev.conveyor.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.client.SubmissionProtocol.Status;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SubmissionTest {

    @Test
    void attributesAreIdentifiersOutsideTheProtocolsNames() {
        Submission job = Submission.document("a.pdf", new byte[] {1}).attribute("customer", "acme").attribute("order_no", "7");
        assertEquals(Map.of("customer", "acme", "order_no", "7"), job.attributes());
        for (String bad : new String[] {"conveyorEndpoint", "JMSType", "_AMQ_x", "file.name", "1st", ""}) {
            assertThrows(IllegalArgumentException.class, () -> job.attribute(bad, "x"), bad);
        }
    }

    @Test
    void eachSubmissionHasItsOwnIdentityKeptAcrossPuts() {
        Submission job = Submission.file("/data/in/a.pdf");
        assertEquals(job.id(), job.id());
        assertNotEquals(job.id(), Submission.file("/data/in/a.pdf").id());
    }

    @Test
    void answersMapToTheSeedsExceptions() throws Exception {
        assertEquals("j1", new Answer(Status.ACCEPTED, "j1", null, null, 10, 5, 20).acceptedJobId());
        QueueThresholdExceededException threshold = assertThrows(QueueThresholdExceededException.class,
                () -> new Answer(Status.ACCEPTED_AT_THRESHOLD, "j2", null, null, 10, 2, 20).acceptedJobId());
        assertEquals("j2", threshold.getJobId(), "the threshold exception still names the accepted job");
        assertEquals(2, threshold.getFreeQueueSize());
        assertThrows(QueueFullException.class, () -> new Answer(Status.FULL, null, "CNV-7007-W", "full", 10, 0, 20).acceptedJobId());
        SubmissionRefusedException refused = assertThrows(SubmissionRefusedException.class,
                () -> new Answer(Status.REFUSED, null, "CNV-1001-E", "no endpoint", 0, 0, 0).acceptedJobId());
        assertEquals("CNV-1001-E", refused.getCode());
        assertThrows(SubmissionRefusedException.class, () -> new Answer(Status.REFUSED, null, "CNV-1001-E", "x", 0, 0, 0).queueSizes());
    }

    @Test
    void theServerReadsOnlyItsOwnPropertiesAsProtocol() {
        assertTrue(SubmissionProtocol.isProtocolProperty(SubmissionProtocol.ENDPOINT));
        assertTrue(SubmissionProtocol.isProtocolProperty("JMSXDeliveryCount"));
        assertTrue(!SubmissionProtocol.isProtocolProperty("customer"));
    }
}
