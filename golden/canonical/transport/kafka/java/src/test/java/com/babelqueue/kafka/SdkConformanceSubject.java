// Scaffold written by bqgen for the BabelQueue conformance suite, CONFORMANCE_VERSION 1.7.0.
// bqgen writes this file only when it is absent: it belongs to the SDK from then on. It maps the
// conformance subject onto this transport's own code; keep it in step with that code.
package com.babelqueue.kafka;

import com.babelqueue.Envelope;
import com.babelqueue.EnvelopeCodec;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.clients.consumer.OffsetResetStrategy;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;

/**
 * The conformance subject of {@code babelqueue-kafka}: the operations of the kafka block
 * mapped onto this package's own code (its package-private projections, and its consumer driven
 * through an in-memory client). The core's blocks and the other brokers' are not this target's,
 * so this subject does not provide their operations.
 */
final class SdkConformanceSubject implements ConformanceSubject {

    @Override
    public List<String> capabilities() {
        return List.of(
                "capabilities",
                "kafka_headers",
                "kafka_reconcile",
                "kafka_schema_version_gate");
    }

    @Override
    public Map<String, String> kafkaHeaders(String envelope) {
        Map<String, String> headers = new LinkedHashMap<>();
        for (Header header : KafkaHeaders.of(EnvelopeCodec.decode(envelope))) {
            String value = new String(header.value(), StandardCharsets.UTF_8);
            if (headers.put(header.key(), value) != null) {
                throw new IllegalStateException("KafkaHeaders.of wrote the header " + header.key() + " twice");
            }
        }
        return headers;
    }

    @Override
    public long kafkaReconcile(long bodyAttempts, String headerAttempts) {
        Envelope made = EnvelopeCodec.make(RECONCILE_URN, Map.<String, Object>of("x", 1L), TOPIC, null);
        Envelope body = new Envelope(made.job(), made.traceId(), made.data(), made.meta(),
                Math.toIntExact(bodyAttempts), made.deadLetter());
        Headers headers = new RecordHeaders();
        if (headerAttempts != null) {
            headers.add(new RecordHeader("bq-attempts", headerAttempts.getBytes(StandardCharsets.UTF_8)));
        }
        List<Envelope> handled = deliver(EnvelopeCodec.encode(body), headers);
        if (handled.size() != 1) {
            throw new IllegalStateException("KafkaConsumer handed the record to its handler " + handled.size()
                    + " times, not once");
        }
        return handled.get(0).attempts();
    }

    @Override
    public String kafkaSchemaVersionGate(String envelope, String property) {
        Headers headers = new RecordHeaders();
        if (property != null) {
            headers.add(new RecordHeader("bq-schema-version", property.getBytes(StandardCharsets.UTF_8)));
        }
        return deliver(envelope, headers).isEmpty() ? "reject" : "decode";
    }

    /** The topic the records are delivered on, and the URN of the envelopes reconciliation builds. */
    private static final String TOPIC = "conformance";
    private static final String RECONCILE_URN = "urn:babelqueue:conformance:reconcile";

    /**
     * Delivers one record, value and headers, to a {@link KafkaConsumer} polling kafka-clients'
     * {@link MockConsumer}, with a handler for the envelope's URN, and returns the envelopes the handler
     * was given: none when the consumer did not let the record through.
     */
    private static List<Envelope> deliver(String value, Headers headers) {
        TopicPartition partition = new TopicPartition(TOPIC, 0);
        MockConsumer<byte[], byte[]> consumer = new MockConsumer<>(OffsetResetStrategy.EARLIEST);
        consumer.assign(List.of(partition));
        consumer.updateBeginningOffsets(Map.of(partition, 0L));
        consumer.addRecord(new ConsumerRecord<>(TOPIC, 0, 0L, ConsumerRecord.NO_TIMESTAMP, TimestampType.NO_TIMESTAMP_TYPE,
                ConsumerRecord.NULL_SIZE, ConsumerRecord.NULL_SIZE, null, value.getBytes(StandardCharsets.UTF_8), headers,
                Optional.empty()));
        List<Envelope> handled = new ArrayList<>();
        String urn = EnvelopeCodec.urn(EnvelopeCodec.decode(value));
        KafkaConsumer.builder(consumer).handler(urn, (envelope, record) -> handled.add(envelope)).build().poll();
        return handled;
    }
}
