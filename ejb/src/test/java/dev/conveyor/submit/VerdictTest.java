package dev.conveyor.submit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.client.SubmissionProtocol.Status;
import dev.conveyor.job.Admission;
import dev.conveyor.job.InputQueue;
import org.junit.jupiter.api.Test;

class VerdictTest {

    @Test
    void anAcceptedJobTellsTheProducerToBackOffOnceTheQueueIsAtItsThreshold() {
        Verdict roomy = Verdict.of("a", Admission.accepted("j1", new InputQueue(10, 20, 7)));
        assertEquals(Status.ACCEPTED, roomy.status());
        assertEquals("j1", roomy.jobId());
        Verdict tight = Verdict.of("a", Admission.accepted("j2", new InputQueue(10, 20, 8)));
        assertEquals(Status.ACCEPTED_AT_THRESHOLD, tight.status());
        assertEquals("j2", tight.jobId(), "the job was still accepted");
        assertFalse(tight.notTaken());
    }

    @Test
    void aRepeatedSubmissionIsAnsweredWithItsFirstJob() {
        Verdict again = Verdict.of("a", Admission.alreadyAccepted("j1", new InputQueue(10, 20, 3)));
        assertEquals(Status.ACCEPTED, again.status());
        assertEquals("j1", again.jobId());
    }

    @Test
    void aFullQueueTakesNothingAndSaysSo() {
        Verdict full = Verdict.of("invoices", Admission.full(new InputQueue(10, 20, 10)));
        assertEquals(Status.FULL, full.status());
        assertNull(full.jobId());
        assertEquals("CNV-7007-W", full.code());
        assertTrue(full.reason().contains("'invoices' is full (10 of 10 jobs)"), full.reason());
        assertTrue(full.notTaken());
        assertEquals(0, full.queue().freeQueueSize());
    }

    @Test
    void aDocumentThatCouldNotBeMovedIsRefused() {
        Verdict refused = Verdict.of("a", Admission.notClaimed(new InputQueue(10, 20, 1)));
        assertEquals(Status.REFUSED, refused.status());
        assertEquals("CNV-7006-E", refused.code());
        assertTrue(refused.notTaken());
    }

    @Test
    void aRefusedDocumentIsKeptWholeOnlyWithinTheSizeASubmissionMayCarry() {
        assertTrue(Verdict.keepsBody(0));
        assertTrue(Verdict.keepsBody(Submissions.MAX_DOCUMENT_BYTES));
        assertFalse(Verdict.keepsBody(Submissions.MAX_DOCUMENT_BYTES + 1));
        assertFalse(Verdict.keepsBody(Long.MAX_VALUE));
    }

    @Test
    void aRefusalKeptWithoutItsDocumentSaysSoAndKeepsItsCode() {
        Verdict full = Verdict.of("invoices", Admission.full(new InputQueue(10, 20, 10)));
        Verdict kept = full.withoutBody(Submissions.MAX_DOCUMENT_BYTES + 1);
        assertEquals(Status.FULL, kept.status());
        assertEquals("CNV-7007-W", kept.code());
        assertTrue(kept.reason().startsWith(full.reason() + " The document (" + (Submissions.MAX_DOCUMENT_BYTES + 1)
                + " bytes) is not kept with this message"), kept.reason());
        assertEquals(full.queue(), kept.queue());
    }
}
