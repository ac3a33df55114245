package dev.conveyor.client;

/**
 * The job was NOT accepted: the endpoint's input queue is full (or the broker's submissions
 * address is). The producer still holds the job; it puts it again after backing off.
 */
public class QueueFullException extends ConveyorClientException {

    public QueueFullException(String message) {
        super(message);
    }

    public QueueFullException(String message, Throwable cause) {
        super(message, cause);
    }
}
