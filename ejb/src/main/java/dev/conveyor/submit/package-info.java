/**
 * JMS submissions from producers (the client/ library or any Jakarta Messaging sender): the
 * listener on the submissions queue, and turning a submission into a claimed job or a refusal
 * with its reason. The message format is {@code dev.conveyor.client.SubmissionProtocol}.
 */
package dev.conveyor.submit;
