// Scaffold written by bqgen for the BabelQueue conformance suite, CONFORMANCE_VERSION 1.7.0.
// bqgen writes this file only when it is absent: it belongs to the SDK from then on. It maps the
// conformance subject onto this transport's own code; keep it in step with that code.
package com.babelqueue.pulsar;

import com.babelqueue.Envelope;
import com.babelqueue.EnvelopeCodec;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.pulsar.client.api.PulsarClientException;

/**
 * The conformance subject of {@code babelqueue-pulsar}: the operations of the pulsar block
 * mapped onto this package's own code (its package-private projections, and its consumer driven
 * through an in-memory client). The core's blocks and the other brokers' are not this target's,
 * so this subject does not provide their operations.
 */
final class SdkConformanceSubject implements ConformanceSubject {

    @Override
    public List<String> capabilities() {
        return List.of(
                "capabilities",
                "pulsar_properties",
                "pulsar_reconcile",
                "pulsar_schema_version_gate");
    }

    @Override
    public Map<String, String> pulsarProperties(String envelope) {
        return PulsarProperties.of(EnvelopeCodec.decode(envelope));
    }

    @Override
    public long pulsarReconcile(long bodyAttempts, long redeliveryCount) {
        Envelope made = EnvelopeCodec.make(PULSAR_RECONCILE_URN, Map.<String, Object>of("x", 1L), PULSAR_TOPIC, null);
        Envelope body = new Envelope(made.job(), made.traceId(), made.data(), made.meta(),
                Math.toIntExact(bodyAttempts), made.deadLetter());
        List<Envelope> handled = pulsarDeliver(EnvelopeCodec.encode(body), Math.toIntExact(redeliveryCount), Map.of());
        if (handled.size() != 1) {
            throw new IllegalStateException("PulsarConsumer handed the message to its handler " + handled.size()
                    + " times, not once");
        }
        return handled.get(0).attempts();
    }

    @Override
    public String pulsarSchemaVersionGate(String envelope, String property) {
        return pulsarDeliver(envelope, 0, property == null ? Map.of() : Map.of("bq-schema-version", property)).isEmpty()
                ? "reject" : "decode";
    }

    /** The topic the messages are received from, and the URN of the envelopes reconciliation builds. */
    private static final String PULSAR_TOPIC = "conformance";
    private static final String PULSAR_RECONCILE_URN = "urn:babelqueue:conformance:reconcile";

    /**
     * Delivers one message, value, redelivery count and properties, to a {@link PulsarConsumer} receiving
     * from an in-memory pulsar-client Consumer, with a handler for the envelope's URN, and returns the
     * envelopes the handler was given: none when the consumer did not let the message through. How the
     * consumer settles the message is not asserted: the suite says decode or reject, not how a rejected
     * message is settled.
     */
    private static List<Envelope> pulsarDeliver(String value, int redeliveryCount, Map<String, String> properties) {
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        org.apache.pulsar.client.api.Message<byte[]> message = pulsarProxy(org.apache.pulsar.client.api.Message.class,
                (name, args) -> switch (name) {
                    case "getValue", "getData" -> bytes.clone();
                    case "getRedeliveryCount" -> redeliveryCount;
                    case "getProperties" -> properties;
                    case "hasProperty" -> properties.containsKey((String) args[0]);
                    case "getProperty" -> properties.get((String) args[0]);
                    case "getTopicName" -> PULSAR_TOPIC;
                    default -> throw new UnsupportedOperationException("the in-memory Pulsar message of the "
                            + "conformance scaffold does not implement " + name);
                });
        List<org.apache.pulsar.client.api.Message<byte[]>> pending = new ArrayList<>(List.of(message));
        org.apache.pulsar.client.api.Consumer<byte[]> consumer = pulsarProxy(org.apache.pulsar.client.api.Consumer.class,
                (name, args) -> switch (name) {
                    case "receive" -> pending.isEmpty() ? null : pending.remove(0);
                    case "acknowledge", "negativeAcknowledge" -> {
                        if (args[0] != message) {
                            throw new IllegalStateException(name + " of a message the consumer was not given");
                        }
                        yield null;
                    }
                    case "getTopic" -> PULSAR_TOPIC;
                    default -> throw new UnsupportedOperationException("the in-memory Pulsar consumer of the "
                            + "conformance scaffold does not implement " + name);
                });
        List<Envelope> handled = new ArrayList<>();
        String urn = EnvelopeCodec.urn(EnvelopeCodec.decode(value));
        try {
            PulsarConsumer.builder(consumer).handler(urn, (envelope, received) -> handled.add(envelope)).build().poll();
        } catch (PulsarClientException e) {
            throw new IllegalStateException("PulsarConsumer.poll failed", e);
        }
        if (handled.size() > 1) {
            throw new IllegalStateException("PulsarConsumer handed the message to its handler " + handled.size()
                    + " times, not at most once");
        }
        return handled;
    }

    /** What an in-memory pulsar-client object answers a call: by method name and arguments. */
    @FunctionalInterface
    private interface PulsarCalls {
        Object answer(String name, Object[] args);
    }

    /** An object of the pulsar-client interface {@code type} that answers its calls with {@code calls}. */
    @SuppressWarnings("unchecked")
    private static <T> T pulsarProxy(Class<?> type, PulsarCalls calls) {
        return (T) Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (proxy, method, args) ->
                switch (method.getName()) {
                    case "equals" -> proxy == args[0];
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "toString" -> "in-memory " + type.getSimpleName();
                    default -> calls.answer(method.getName(), args == null ? new Object[0] : args);
                });
    }
}
