package dev.conveyor.client;

import jakarta.jms.ConnectionFactory;
import java.time.Duration;

/**
 * The producers' connector (the seed's connector): made from any Jakarta Messaging connection
 * factory that reaches Conveyor's broker, it opens {@link JobInput}s for endpoints.
 */
public final class ConveyorClient {

    /** How long a put waits for the server's answer by default. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);

    private final ConnectionFactory factory;
    private final String user;
    private final String password;
    private final Duration timeout;

    public ConveyorClient(ConnectionFactory factory, String user, String password) {
        this(factory, user, password, DEFAULT_TIMEOUT);
    }

    public ConveyorClient(ConnectionFactory factory, String user, String password, Duration timeout) {
        this.factory = factory;
        this.user = user;
        this.password = password;
        this.timeout = timeout;
    }

    /**
     * Opens an input for the endpoint; asks its queue size once, so an unknown endpoint is
     * refused here rather than at the first put.
     */
    public JobInput openInput(String endpoint) throws ConveyorClientException {
        JobInput input = new JobInput(factory, user, password, endpoint, timeout);
        try {
            input.getMaxQueueSize();
            return input;
        } catch (ConveyorClientException | RuntimeException e) {
            input.close();
            throw e;
        }
    }
}
