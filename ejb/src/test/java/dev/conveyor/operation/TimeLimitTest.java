package dev.conveyor.operation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class TimeLimitTest {

    @Test
    void aResultWithinTheLimitIsReturned() throws Exception {
        assertEquals("done", TimeLimit.call(() -> "done", Duration.ofSeconds(5), "test-op"));
    }

    @Test
    void theOperationsOwnFailureComesThroughAsItIs() {
        IOException thrown = assertThrows(IOException.class, () -> TimeLimit.call(() -> {
            throw new IOException("bad input");
        }, Duration.ofSeconds(5), "test-op"));
        assertEquals("bad input", thrown.getMessage());
    }

    @Test
    void anOperationPastItsLimitIsAbandonedAndInterrupted() throws Exception {
        CountDownLatch interrupted = new CountDownLatch(1);
        TimeLimit.Exceeded exceeded = assertThrows(TimeLimit.Exceeded.class, () -> TimeLimit.call(() -> {
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                interrupted.countDown();
            }
            return "too late";
        }, Duration.ofMillis(200), "test-op"));
        assertTrue(exceeded.getMessage().contains("operationTimeLimit"), exceeded.getMessage());
        assertTrue(interrupted.await(5, TimeUnit.SECONDS), "the operation's thread was interrupted");
    }

    @Test
    void noLimitRunsOnTheCallersThread() throws Exception {
        Thread caller = Thread.currentThread();
        assertEquals(caller, TimeLimit.call(Thread::currentThread, Duration.ZERO, "test-op"));
    }

    @Test
    void theOperationRunsUnderTheGivenNameWithTheCallersClassLoader() throws Exception {
        ClassLoader callers = new java.net.URLClassLoader(new java.net.URL[0], getClass().getClassLoader());
        ClassLoader before = Thread.currentThread().getContextClassLoader();
        Thread.currentThread().setContextClassLoader(callers);
        try {
            String seen = TimeLimit.call(() -> Thread.currentThread().getName() + " "
                    + (Thread.currentThread().getContextClassLoader() == callers), Duration.ofSeconds(5), "conveyor-operation-job-1");
            assertEquals("conveyor-operation-job-1 true", seen);
        } finally {
            Thread.currentThread().setContextClassLoader(before);
        }
    }
}
