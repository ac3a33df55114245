package dev.conveyor.client;

import java.util.ArrayList;
import java.util.List;

/**
 * The seed's way of never overflowing an input queue, as a loop a producer can use as it is or
 * copy: put each job; on {@link QueueThresholdExceededException} (accepted, queue getting full)
 * wait until the free size is back to {@code resumeAtPercent} of the maximum (the seed's
 * "process 2", 50%); on {@link QueueFullException} (not accepted) sleep and put the same job
 * again, so nothing is dropped. A queue-size request that meets a full broker address
 * (QueueFullException from {@link JobInput#getFreeQueueSize}) is asked again after the same sleep,
 * so the loop still returns every accepted job's id. {@link SubmissionRefusedException} ends the
 * loop: backing off cannot fix an unknown endpoint.
 *
 * <pre>{@code
 * ConveyorClient client = new ConveyorClient(new ActiveMQConnectionFactory("tcp://127.0.0.1:61616"), user, password);
 * try (JobInput input = client.openInput("invoices")) {
 *     List<String> jobIds = new BackOffLoop(50, 100).putAll(input, submissions);
 * }
 * }</pre>
 */
public final class BackOffLoop {

    private final int resumeAtPercent;
    private final long sleepMillis;
    private int thresholdWarnings;
    private int fullRefusals;

    public BackOffLoop(int resumeAtPercent, long sleepMillis) {
        this.resumeAtPercent = resumeAtPercent;
        this.sleepMillis = sleepMillis;
    }

    /** Puts every job, backing off as the server asks; returns the accepted job ids in order. */
    public List<String> putAll(JobInput input, Iterable<Submission> jobs) throws ConveyorClientException, InterruptedException {
        int maxQueueSize = answered(input::getMaxQueueSize);
        List<String> accepted = new ArrayList<>();
        for (Submission job : jobs) {
            while (true) {
                try {
                    accepted.add(input.put(job));
                    break;
                } catch (QueueThresholdExceededException getFull) {
                    accepted.add(getFull.getJobId());
                    thresholdWarnings++;
                    while (100.0 * answered(input::getFreeQueueSize) / maxQueueSize < resumeAtPercent) {
                        Thread.sleep(sleepMillis);
                    }
                    break;
                } catch (QueueFullException full) {
                    fullRefusals++;
                    Thread.sleep(sleepMillis);
                }
            }
        }
        return accepted;
    }

    private int answered(SizeRequest request) throws ConveyorClientException, InterruptedException {
        while (true) {
            try {
                return request.ask();
            } catch (QueueFullException brokerFull) {
                Thread.sleep(sleepMillis);
            }
        }
    }

    @FunctionalInterface
    private interface SizeRequest {
        int ask() throws ConveyorClientException;
    }

    /** How many puts were accepted with the threshold warning. */
    public int thresholdWarnings() {
        return thresholdWarnings;
    }

    /** How many puts were refused because the queue was full (and put again). */
    public int fullRefusals() {
        return fullRefusals;
    }
}
