package dev.conveyor.client;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jms.JMSException;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.ResourceAllocationException;
import org.junit.jupiter.api.Test;

class JobInputTest {

    /** Named like Artemis's, which its client wraps in a plain JMSException as the cause. */
    static final class ActiveMQAddressFullException extends Exception {
    }

    @Test
    void aFullBrokerAddressIsRecognisedHoweverItIsWrapped() {
        JMSException artemis = new JMSException("AMQ229102: Address \"conveyor.submissions\" is full");
        artemis.initCause(new ActiveMQAddressFullException());
        assertTrue(JobInput.isAddressFull(artemis));
        assertTrue(JobInput.isAddressFull(new JMSRuntimeException("send failed", "x", artemis)));
        JMSException linked = new JMSException("full");
        linked.setLinkedException(new ResourceAllocationException("no room"));
        assertTrue(JobInput.isAddressFull(linked));
    }

    @Test
    void otherMessagingFailuresAreNotTakenForAFullQueue() {
        assertFalse(JobInput.isAddressFull(new JMSRuntimeException("connection lost")));
        JMSException closed = new JMSException("closed");
        closed.initCause(new IllegalStateException("session closed"));
        assertFalse(JobInput.isAddressFull(closed));
    }
}
