// Scaffold written by bqgen for the BabelQueue conformance suite, CONFORMANCE_VERSION 1.4.0.
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
    public DecodeResult decode(String envelope) {
        throw new NotProvidedException("belongs to the core target (a target without broker blocks in bqgen.yaml)");
    }

    @Override
    public String reencode(String envelope, long attemptsIncrement) {
        throw new NotProvidedException("belongs to the core target (a target without broker blocks in bqgen.yaml)");
    }

    @Override
    public String make(String urn, String queue, ConformanceJson data) {
        throw new NotProvidedException("belongs to the core target (a target without broker blocks in bqgen.yaml)");
    }

    @Override
    public Map<String, SqsAttribute> sqsAttributes(String envelope) {
        throw new NotProvidedException("belongs to the sqs transport target (blocks: [sqs] in bqgen.yaml)");
    }

    @Override
    public long sqsReconcile(long bodyAttempts, String approximateReceiveCount) {
        throw new NotProvidedException("belongs to the sqs transport target (blocks: [sqs] in bqgen.yaml)");
    }

    @Override
    public AsbMessage asbMessage(String envelope) {
        throw new NotProvidedException("belongs to the asb transport target (blocks: [asb] in bqgen.yaml)");
    }

    @Override
    public long asbReconcile(long bodyAttempts, long deliveryCount) {
        throw new NotProvidedException("belongs to the asb transport target (blocks: [asb] in bqgen.yaml)");
    }

    @Override
    public Map<String, String> pulsarProperties(String envelope) {
        throw new NotProvidedException("belongs to the pulsar transport target (blocks: [pulsar] in bqgen.yaml)");
    }

    @Override
    public long pulsarReconcile(long bodyAttempts, long redeliveryCount) {
        throw new NotProvidedException("belongs to the pulsar transport target (blocks: [pulsar] in bqgen.yaml)");
    }

    @Override
    public Map<String, String> kafkaHeaders(String envelope) {
        throw new NotProvidedException("belongs to the kafka transport target (blocks: [kafka] in bqgen.yaml)");
    }

    @Override
    public long kafkaReconcile(long bodyAttempts, String headerAttempts) {
        throw new NotProvidedException("belongs to the kafka transport target (blocks: [kafka] in bqgen.yaml)");
    }

    @Override
    public ArtemisMessage artemisMessage(String envelope) {
        throw new NotProvidedException("belongs to the artemis transport target (blocks: [artemis] in bqgen.yaml)");
    }

    @Override
    public long artemisReconcile(long bodyAttempts, long deliveryCount) {
        throw new NotProvidedException("belongs to the artemis transport target (blocks: [artemis] in bqgen.yaml)");
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

    @Override
    public RedisRoundtrip redisRoundtrip(String envelope) {
        throw new NotProvidedException("belongs to the redis transport target (blocks: [redis] in bqgen.yaml)");
    }

    @Override
    public String idempotencyKey(String envelope) {
        throw new NotProvidedException("belongs to the core target (a target without broker blocks in bqgen.yaml)");
    }

    @Override
    public List<Boolean> idempotencyReplay(List<Delivery> deliveries) {
        throw new NotProvidedException("belongs to the core target (a target without broker blocks in bqgen.yaml)");
    }

    @Override
    public PayloadVerdict validatePayload(ConformanceJson schema, ConformanceJson data) {
        throw new NotProvidedException("belongs to the core target (a target without broker blocks in bqgen.yaml)");
    }

    @Override
    public String sqsSchemaVersionGate(String envelope, String property) {
        throw new NotProvidedException("belongs to the sqs transport target (blocks: [sqs] in bqgen.yaml)");
    }

    @Override
    public String asbSchemaVersionGate(String envelope, ConformanceJson property, String amqpType) {
        throw new NotProvidedException("belongs to the asb transport target (blocks: [asb] in bqgen.yaml)");
    }

    @Override
    public String pulsarSchemaVersionGate(String envelope, String property) {
        throw new NotProvidedException("belongs to the pulsar transport target (blocks: [pulsar] in bqgen.yaml)");
    }

    @Override
    public String kafkaSchemaVersionGate(String envelope, String property) {
        throw new NotProvidedException("belongs to the kafka transport target (blocks: [kafka] in bqgen.yaml)");
    }

    @Override
    public String artemisSchemaVersionGate(String envelope, String property) {
        throw new NotProvidedException("belongs to the artemis transport target (blocks: [artemis] in bqgen.yaml)");
    }

    @Override
    public Settlement settle(String broker, boolean deadLetterQueue, List<String> calls) {
        throw new NotProvidedException("belongs to the core target (a target without broker blocks in bqgen.yaml)");
    }

    @Override
    public MessageRead readMessage(ConformanceJson type, String broker, String source,
            String position, String messageId, ConformanceJson metadata, String body, String action,
            boolean deadLetterQueue, Long rawExcerptLength) {
        throw new NotProvidedException("belongs to the core target (a target without broker blocks in bqgen.yaml)");
    }

    @Override
    public WriteOutcome writeMessages(String sink, String action, ConformanceJson batches,
            List<String> refused) {
        throw new NotProvidedException("belongs to the core target (a target without broker blocks in bqgen.yaml)");
    }

    /** Puts a basic property the converter set, by its AMQP 0-9-1 name; an unset one stays absent. */
    private static void rabbitmqProperty(Map<String, String> properties, String name, String value) {
        if (value != null) {
            properties.put(name, value);
        }
    }
}
