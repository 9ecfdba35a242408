// Scaffold written by bqgen for the BabelQueue conformance suite, CONFORMANCE_VERSION 1.7.0.
// bqgen writes this file only when it is absent: it belongs to the SDK from then on. It maps the
// conformance subject onto this transport's own code; keep it in step with that code.
package com.babelqueue.sqs;

import com.babelqueue.Envelope;
import com.babelqueue.EnvelopeCodec;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.ChangeMessageVisibilityRequest;
import software.amazon.awssdk.services.sqs.model.ChangeMessageVisibilityResponse;
import software.amazon.awssdk.services.sqs.model.DeleteMessageRequest;
import software.amazon.awssdk.services.sqs.model.DeleteMessageResponse;
import software.amazon.awssdk.services.sqs.model.MessageAttributeValue;
import software.amazon.awssdk.services.sqs.model.ReceiveMessageRequest;
import software.amazon.awssdk.services.sqs.model.ReceiveMessageResponse;

/**
 * The conformance subject of {@code babelqueue-sqs}: the operations of the sqs block
 * mapped onto this package's own code (its package-private projections, and its consumer driven
 * through an in-memory client). The core's blocks and the other brokers' are not this target's,
 * so this subject does not provide their operations.
 */
final class SdkConformanceSubject implements ConformanceSubject {

    @Override
    public List<String> capabilities() {
        return List.of(
                "capabilities",
                "sqs_attributes",
                "sqs_reconcile",
                "sqs_schema_version_gate");
    }

    @Override
    public Map<String, SqsAttribute> sqsAttributes(String envelope) {
        Map<String, SqsAttribute> attributes = new LinkedHashMap<>();
        SqsAttributes.project(EnvelopeCodec.decode(envelope)).forEach((name, value) ->
                attributes.put(name, new SqsAttribute(value.dataType(), value.stringValue())));
        return attributes;
    }

    @Override
    public long sqsReconcile(long bodyAttempts, String approximateReceiveCount) {
        Envelope body = EnvelopeCodec.make(SQS_RECONCILE_URN, Map.<String, Object>of("x", 1L), SQS_QUEUE_URL, null)
                .withAttempts(Math.toIntExact(bodyAttempts));
        SqsInMemoryQueue queue = new SqsInMemoryQueue();
        queue.seed(EnvelopeCodec.encode(body), approximateReceiveCount, null);
        List<Envelope> handled = queue.deliver();
        if (handled.size() != 1) {
            throw new IllegalStateException("SqsConsumer handed the message to its handler " + handled.size()
                    + " times, not once");
        }
        return handled.get(0).attempts();
    }

    @Override
    public String sqsSchemaVersionGate(String envelope, String property) {
        SqsInMemoryQueue queue = new SqsInMemoryQueue();
        queue.seed(envelope, null, property);
        List<Envelope> handled = queue.deliver();
        // Whether the handler ran, and nothing about the delete or the visibility change: the suite
        // says decode or reject, not how a rejected message is settled.
        if (handled.size() > 1) {
            throw new IllegalStateException("SqsConsumer handed the message to its handler " + handled.size()
                    + " times, not at most once");
        }
        return handled.isEmpty() ? "reject" : "decode";
    }

    /** The queue the messages are received from, and the URN of the envelopes reconciliation builds. */
    private static final String SQS_QUEUE_URL = "https://sqs.conformance.invalid/000000000000/conformance";
    private static final String SQS_RECONCILE_URN = "urn:babelqueue:conformance:reconcile";

    /**
     * One SQS queue in memory: an {@link SqsClient} whose receive hands out the seeded messages and whose
     * delete and visibility change record the receipt handles. Any other call throws (SqsClient's default).
     */
    private static final class SqsInMemoryQueue implements SqsClient {

        private final Deque<software.amazon.awssdk.services.sqs.model.Message> messages = new ArrayDeque<>();

        /** Seeds one message; a null receive count or schema version is an absent attribute. */
        void seed(String body, String receiveCount, String schemaVersion) {
            software.amazon.awssdk.services.sqs.model.Message.Builder message =
                    software.amazon.awssdk.services.sqs.model.Message.builder().body(body)
                            .receiptHandle("conformance-" + messages.size());
            if (receiveCount != null) {
                message.attributesWithStrings(Map.of("ApproximateReceiveCount", receiveCount));
            }
            if (schemaVersion != null) {
                message.messageAttributes(Map.of("bq-schema-version",
                        MessageAttributeValue.builder().dataType("String").stringValue(schemaVersion).build()));
            }
            messages.addLast(message.build());
        }

        /**
         * Polls an {@link SqsConsumer} on this queue once, with a handler for the URN of each seeded
         * envelope, and returns the envelopes the handler was given.
         */
        List<Envelope> deliver() {
            List<Envelope> handled = new ArrayList<>();
            SqsConsumer.Builder consumer = SqsConsumer.builder(this, SQS_QUEUE_URL).waitTimeSeconds(0);
            for (software.amazon.awssdk.services.sqs.model.Message message : messages) {
                Envelope decoded = EnvelopeCodec.decode(message.body());
                consumer.handler(EnvelopeCodec.urn(decoded), (envelope, received) -> handled.add(envelope));
            }
            consumer.build().poll();
            return handled;
        }

        @Override
        public String serviceName() {
            return "sqs";
        }

        @Override
        public void close() {
        }

        @Override
        public ReceiveMessageResponse receiveMessage(ReceiveMessageRequest request) {
            List<software.amazon.awssdk.services.sqs.model.Message> taken = new ArrayList<>();
            int max = request.maxNumberOfMessages() == null ? 1 : request.maxNumberOfMessages();
            while (!messages.isEmpty() && taken.size() < max) {
                taken.add(messages.pollFirst());
            }
            return ReceiveMessageResponse.builder().messages(taken).build();
        }

        @Override
        public DeleteMessageResponse deleteMessage(DeleteMessageRequest request) {
            return DeleteMessageResponse.builder().build();
        }

        @Override
        public ChangeMessageVisibilityResponse changeMessageVisibility(ChangeMessageVisibilityRequest request) {
            return ChangeMessageVisibilityResponse.builder().build();
        }
    }
}
