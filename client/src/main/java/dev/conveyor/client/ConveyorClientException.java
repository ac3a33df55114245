package dev.conveyor.client;

/** A put or a queue-size request that did not get the answer it asked for. */
public class ConveyorClientException extends Exception {

    public ConveyorClientException(String message) {
        super(message);
    }

    public ConveyorClientException(String message, Throwable cause) {
        super(message, cause);
    }
}
