package dev.conveyor.common;

import jakarta.jms.BytesMessage;
import jakarta.jms.JMSException;
import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import jakarta.jms.ObjectMessage;
import jakarta.jms.StreamMessage;
import jakarta.jms.TextMessage;

/**
 * Reading message bodies without deserializing: {@code getBody} on an ObjectMessage runs Java
 * deserialization on whatever class the sender named (even to tell whether the body is text),
 * so Conveyor looks at the message's kind first and reads only text and bytes.
 */
public final class JmsBodies {

    private JmsBodies() {
    }

    /** The text of a TextMessage; any other kind is refused unread. */
    public static String text(Message message) throws JMSException {
        if (message instanceof TextMessage text) {
            return text.getText();
        }
        throw new IllegalArgumentException("a " + kind(message) + " where a TextMessage was expected; it was not read");
    }

    /** The message's kind as JMS names it, for refusals. */
    public static String kind(Message message) {
        if (message instanceof ObjectMessage) {
            return "ObjectMessage";
        }
        if (message instanceof BytesMessage) {
            return "BytesMessage";
        }
        if (message instanceof MapMessage) {
            return "MapMessage";
        }
        if (message instanceof StreamMessage) {
            return "StreamMessage";
        }
        return message instanceof TextMessage ? "TextMessage" : "Message";
    }
}
