// Scaffold written by bqgen for the BabelQueue conformance suite, CONFORMANCE_VERSION 1.7.0.
// bqgen writes this file only when it is absent: it belongs to the SDK from then on. It maps the
// conformance subject onto this transport's own code; keep it in step with that code.
package com.babelqueue.spring;

import com.babelqueue.EnvelopeCodec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.amqp.core.MessageProperties;

/**
 * The conformance subject of {@code babelqueue-spring}: the operations of the rabbitmq block
 * mapped onto this package's own code (its package-private projections, and its consumer driven
 * through an in-memory client). The core's blocks and the other brokers' are not this target's,
 * so this subject does not provide their operations.
 */
final class SdkConformanceSubject implements ConformanceSubject {

    @Override
    public List<String> capabilities() {
        return List.of(
                "capabilities",
                "rabbitmq_publishing");
    }

    @Override
    public RabbitMqPublishing rabbitmqPublishing(String envelope) {
        MessageProperties published = new BabelQueueMessageConverter()
                .toMessage(EnvelopeCodec.decode(envelope), new MessageProperties()).getMessageProperties();
        Map<String, String> properties = new LinkedHashMap<>();
        rabbitmqProperty(properties, "type", published.getType());
        rabbitmqProperty(properties, "correlation_id", published.getCorrelationId());
        rabbitmqProperty(properties, "message_id", published.getMessageId());
        rabbitmqProperty(properties, "app_id", published.getAppId());
        rabbitmqProperty(properties, "content_type", published.getContentType());
        return new RabbitMqPublishing(properties, ConformanceJson.fromJava(published.getHeaders()));
    }

    /** Puts a basic property the converter set, by its AMQP 0-9-1 name; an unset one stays absent. */
    private static void rabbitmqProperty(Map<String, String> properties, String name, String value) {
        if (value != null) {
            properties.put(name, value);
        }
    }
}
