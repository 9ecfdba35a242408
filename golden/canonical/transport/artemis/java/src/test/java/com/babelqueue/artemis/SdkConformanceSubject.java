// Scaffold written by bqgen for the BabelQueue conformance suite, CONFORMANCE_VERSION 1.7.0.
// bqgen writes this file only when it is absent: it belongs to the SDK from then on. It maps the
// conformance subject onto this transport's own code; keep it in step with that code.
package com.babelqueue.artemis;

import com.babelqueue.Envelope;
import com.babelqueue.EnvelopeCodec;
import jakarta.jms.JMSException;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The conformance subject of {@code babelqueue-artemis}: the operations of the artemis block
 * mapped onto this package's own code (its package-private projections, and its consumer driven
 * through an in-memory client). The core's blocks and the other brokers' are not this target's,
 * so this subject does not provide their operations.
 */
final class SdkConformanceSubject implements ConformanceSubject {

    @Override
    public List<String> capabilities() {
        return List.of(
                "capabilities",
                "artemis_message",
                "artemis_reconcile",
                "artemis_schema_version_gate");
    }

    @Override
    public ArtemisMessage artemisMessage(String envelope) {
        ArtemisInMemoryMessages messages = new ArtemisInMemoryMessages();
        try {
            JmsMessages.project(messages.session(), EnvelopeCodec.decode(envelope));
        } catch (JMSException e) {
            throw new IllegalStateException("JmsMessages.project failed", e);
        }
        if (messages.created.size() != 1) {
            throw new IllegalStateException("JmsMessages.project created " + messages.created.size() + " messages, not one");
        }
        ArtemisInMemoryMessages.Fields message = messages.created.get(0);
        // The AMQP JMS mapping carries JMSType as the x-opt-jms-type message annotation, JMSCorrelationID as
        // the correlation-id, JMSTimestamp as the creation-time and the JMS properties as application properties.
        Map<String, Object> annotations = new LinkedHashMap<>();
        if (message.jmsType != null) {
            annotations.put("x-opt-jms-type", message.jmsType);
        }
        return new ArtemisMessage(ConformanceJson.fromJava(annotations), message.correlationId, message.timestamp,
                ConformanceJson.fromJava(message.properties));
    }

    @Override
    public long artemisReconcile(long bodyAttempts, long deliveryCount) {
        Envelope made = EnvelopeCodec.make(ARTEMIS_RECONCILE_URN, Map.<String, Object>of("x", 1L), ARTEMIS_QUEUE, null);
        Envelope body = new Envelope(made.job(), made.traceId(), made.data(), made.meta(),
                Math.toIntExact(bodyAttempts), made.deadLetter());
        Map<String, Object> properties = new LinkedHashMap<>();
        // JMSXDeliveryCount is 1-based: the AMQP delivery-count plus one.
        properties.put("JMSXDeliveryCount", Math.toIntExact(Math.addExact(deliveryCount, 1L)));
        List<Envelope> handled = artemisDeliver(EnvelopeCodec.encode(body), properties);
        if (handled.size() != 1) {
            throw new IllegalStateException("ArtemisConsumer handed the message to its handler " + handled.size()
                    + " times, not once");
        }
        return handled.get(0).attempts();
    }

    @Override
    public String artemisSchemaVersionGate(String envelope, String property) {
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put("JMSXDeliveryCount", 1);
        if (property != null) {
            properties.put("bq_schema_version", property);
        }
        return artemisDeliver(envelope, properties).isEmpty() ? "reject" : "decode";
    }

    /** The queue the messages are received from, and the URN of the envelopes reconciliation builds. */
    private static final String ARTEMIS_QUEUE = "conformance";
    private static final String ARTEMIS_RECONCILE_URN = "urn:babelqueue:conformance:reconcile";

    /**
     * Delivers one text message, body and properties, to an {@link ArtemisConsumer} receiving from an
     * in-memory {@link MessageConsumer}, with a handler for the envelope's URN, and returns the envelopes
     * the handler was given: none when the consumer did not let the message through.
     */
    private static List<Envelope> artemisDeliver(String body, Map<String, Object> properties) {
        ArtemisInMemoryMessages messages = new ArtemisInMemoryMessages();
        ArtemisInMemoryMessages.Fields fields = new ArtemisInMemoryMessages.Fields(body);
        fields.properties.putAll(properties);
        TextMessage message = messages.message(fields);
        List<TextMessage> pending = new ArrayList<>(List.of(message));
        MessageConsumer consumer = ArtemisInMemoryMessages.proxy(MessageConsumer.class, (name, args) -> switch (name) {
            case "receive", "receiveNoWait" -> pending.isEmpty() ? null : pending.remove(0);
            default -> throw new UnsupportedOperationException("the in-memory JMS consumer of the conformance scaffold "
                    + "does not implement " + name);
        });
        List<Envelope> handled = new ArrayList<>();
        String urn = EnvelopeCodec.urn(EnvelopeCodec.decode(body));
        try {
            ArtemisConsumer.builder(consumer, messages.session()).handler(urn, (envelope, received) -> handled.add(envelope))
                    .build().poll();
        } catch (JMSException e) {
            throw new IllegalStateException("ArtemisConsumer.poll failed", e);
        }
        // Whether the handler ran, and nothing about acknowledgement: the suite says decode or reject,
        // not how a rejected message is settled (a consumer may dead-letter it and acknowledge).
        if (handled.size() > 1) {
            throw new IllegalStateException("ArtemisConsumer handed the message to its handler " + handled.size()
                    + " times, not at most once");
        }
        return handled;
    }

    /**
     * Jakarta Messaging text messages in memory, and the {@link Session} that creates them: each message
     * records what is set on it (type, correlation id, timestamp, properties) and
     * answers the getters from that. Any other call throws, naming itself.
     */
    private static final class ArtemisInMemoryMessages {

        /** What is set on one message. */
        static final class Fields {
            final String text;
            String jmsType;
            String correlationId;
            long timestamp;
            final Map<String, Object> properties = new LinkedHashMap<>();

            Fields(String text) {
                this.text = text;
            }
        }

        /** The messages the session created, in order. */
        final List<Fields> created = new ArrayList<>();

        Session session() {
            return proxy(Session.class, (name, args) -> switch (name) {
                case "createTextMessage" -> {
                    Fields fields = new Fields(args.length == 0 ? null : (String) args[0]);
                    created.add(fields);
                    yield message(fields);
                }
                case "recover" -> null;
                default -> throw new UnsupportedOperationException("the in-memory JMS session of the conformance "
                        + "scaffold does not implement " + name);
            });
        }

        TextMessage message(Fields fields) {
            return proxy(TextMessage.class, (name, args) -> switch (name) {
                case "getText" -> fields.text;
                case "setJMSType" -> {
                    fields.jmsType = (String) args[0];
                    yield null;
                }
                case "getJMSType" -> fields.jmsType;
                case "setJMSCorrelationID" -> {
                    fields.correlationId = (String) args[0];
                    yield null;
                }
                case "getJMSCorrelationID" -> fields.correlationId;
                case "setJMSTimestamp" -> {
                    fields.timestamp = (Long) args[0];
                    yield null;
                }
                case "getJMSTimestamp" -> fields.timestamp;
                case "setStringProperty", "setIntProperty", "setLongProperty", "setObjectProperty" -> {
                    fields.properties.put((String) args[0], args[1]);
                    yield null;
                }
                case "propertyExists" -> fields.properties.containsKey((String) args[0]);
                case "getStringProperty" -> {
                    Object value = fields.properties.get((String) args[0]);
                    yield value == null ? null : value.toString();
                }
                case "getIntProperty" -> {
                    Object value = fields.properties.get((String) args[0]);
                    if (value == null) {
                        throw new NumberFormatException("no property " + args[0]);
                    }
                    yield value instanceof Integer number ? number : Integer.valueOf(value.toString());
                }
                case "getObjectProperty" -> fields.properties.get((String) args[0]);
                case "acknowledge" -> null;
                default -> throw new UnsupportedOperationException("the in-memory JMS message of the conformance "
                        + "scaffold does not implement " + name);
            });
        }

        /** What an in-memory JMS object answers a call: by method name and arguments. */
        @FunctionalInterface
        interface Calls {
            Object answer(String name, Object[] args) throws JMSException;
        }

        /** An object of the Jakarta Messaging interface {@code type} that answers its calls with {@code calls}. */
        static <T> T proxy(Class<T> type, Calls calls) {
            return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (proxy, method, args) ->
                    switch (method.getName()) {
                        case "equals" -> proxy == args[0];
                        case "hashCode" -> System.identityHashCode(proxy);
                        case "toString" -> "in-memory " + type.getSimpleName();
                        default -> calls.answer(method.getName(), args == null ? new Object[0] : args);
                    }));
        }
    }
}
