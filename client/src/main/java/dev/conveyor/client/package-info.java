/**
 * Conveyor's producer library, shaped like the stream engine's data-sending API the design
 * follows: open an {@link dev.conveyor.client.JobInput} for an endpoint, {@code put} jobs, watch
 * {@code getFreeQueueSize()} against {@code getMaxQueueSize()}, back off on
 * {@link dev.conveyor.client.QueueThresholdExceededException}, and put again what
 * {@link dev.conveyor.client.QueueFullException} refused. Every put waits for the server's answer,
 * so a producer knows exactly which jobs were taken. Plain Jakarta Messaging only.
 */
package dev.conveyor.client;
