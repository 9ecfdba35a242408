// Scaffold written by bqgen for the BabelQueue conformance suite, CONFORMANCE_VERSION 1.7.0.
// bqgen writes this file only when it is absent: it belongs to the SDK from then on. It maps the
// conformance subject onto this transport's own code; keep it in step with that code.
package com.babelqueue.azureservicebus;

import com.azure.core.util.BinaryData;
import com.azure.core.util.IterableStream;
import com.azure.messaging.servicebus.ServiceBusMessage;
import com.azure.messaging.servicebus.ServiceBusReceivedMessage;
import com.azure.messaging.servicebus.ServiceBusReceiverClient;
import com.babelqueue.Envelope;
import com.babelqueue.EnvelopeCodec;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mockito.Mockito;

/**
 * The conformance subject of {@code babelqueue-azure-servicebus}: the operations of the asb block
 * mapped onto this package's own code (its package-private projections, and its consumer driven
 * through an in-memory client). The core's blocks and the other brokers' are not this target's,
 * so this subject does not provide their operations.
 */
final class SdkConformanceSubject implements ConformanceSubject {

    @Override
    public List<String> capabilities() {
        return List.of(
                "capabilities",
                "asb_message",
                "asb_reconcile",
                "asb_schema_version_gate");
    }

    @Override
    public AsbMessage asbMessage(String envelope) {
        ServiceBusMessage message = AsbMessages.project(EnvelopeCodec.decode(envelope));
        return new AsbMessage(message.getSubject(), message.getCorrelationId(), message.getMessageId(),
                message.getContentType(), ConformanceJson.fromJava(message.getApplicationProperties()));
    }

    @Override
    public long asbReconcile(long bodyAttempts, long deliveryCount) {
        Envelope made = EnvelopeCodec.make(ASB_RECONCILE_URN, Map.<String, Object>of("x", 1L), ASB_QUEUE, null);
        Envelope body = new Envelope(made.job(), made.traceId(), made.data(), made.meta(),
                Math.toIntExact(bodyAttempts), made.deadLetter());
        List<Envelope> handled = asbDeliver(EnvelopeCodec.encode(body), deliveryCount, Map.of());
        if (handled.size() != 1) {
            throw new IllegalStateException("AsbConsumer handed the message to its handler " + handled.size()
                    + " times, not once");
        }
        return handled.get(0).attempts();
    }

    @Override
    public String asbSchemaVersionGate(String envelope, ConformanceJson property, String amqpType) {
        Map<String, Object> properties = new HashMap<>();
        if (property != null && !(property instanceof ConformanceJson.Null)) {
            properties.put("bq-schema-version", asbPropertyValue(property, amqpType));
        }
        return asbDeliver(envelope, 1L, properties).isEmpty() ? "reject" : "decode";
    }

    /** The queue the messages are received from, and the URN of the envelopes reconciliation builds. */
    private static final String ASB_QUEUE = "conformance";
    private static final String ASB_RECONCILE_URN = "urn:babelqueue:conformance:reconcile";

    /**
     * Delivers one message, body, 1-based delivery count and application properties, to an
     * {@link AsbConsumer} receiving from a mocked {@link ServiceBusReceiverClient}, with a handler for
     * the envelope's URN, and returns the envelopes the handler was given: none when the consumer did not
     * let the message through. How the consumer settles the message is not asserted: the suite says
     * decode or reject, not how a rejected message is settled.
     */
    private static List<Envelope> asbDeliver(String body, long deliveryCount, Map<String, Object> properties) {
        ServiceBusReceivedMessage message = Mockito.mock(ServiceBusReceivedMessage.class);
        Mockito.when(message.getBody()).thenReturn(BinaryData.fromString(body));
        Mockito.when(message.getDeliveryCount()).thenReturn(deliveryCount);
        Mockito.when(message.getApplicationProperties()).thenReturn(properties);
        ServiceBusReceiverClient receiver = Mockito.mock(ServiceBusReceiverClient.class);
        Mockito.when(receiver.receiveMessages(Mockito.anyInt())).thenReturn(new IterableStream<>(List.of(message)));
        List<Envelope> handled = new ArrayList<>();
        String urn = EnvelopeCodec.urn(EnvelopeCodec.decode(body));
        AsbConsumer.builder(receiver).handler(urn, (envelope, received) -> handled.add(envelope)).build().poll();
        if (handled.size() > 1) {
            throw new IllegalStateException("AsbConsumer handed the message to its handler " + handled.size() + " times");
        }
        return handled;
    }

    /**
     * The native value of a bq-schema-version application property: a string as is, a number as the
     * AMQP type named ("int", "long" or "double"), which must hold it exactly.
     */
    private static Object asbPropertyValue(ConformanceJson property, String amqpType) {
        if (property instanceof ConformanceJson.Str text) {
            return text.value();
        }
        if (!(property instanceof ConformanceJson.Num number)) {
            throw new IllegalArgumentException("a bq-schema-version application property is a string or a number, not "
                    + property);
        }
        BigDecimal value = new BigDecimal(number.text());
        return switch (String.valueOf(amqpType)) {
            case "int" -> value.intValueExact();
            case "long" -> value.longValueExact();
            case "double" -> value.doubleValue();
            default -> throw new IllegalArgumentException("no AMQP type " + amqpType + " for the number " + number.text());
        };
    }
}
