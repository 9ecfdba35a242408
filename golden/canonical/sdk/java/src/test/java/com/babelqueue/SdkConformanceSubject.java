// Scaffold written by bqgen for the BabelQueue conformance suite, CONFORMANCE_VERSION 1.7.0.
// bqgen writes this file only when it is absent: it belongs to the SDK from then on. It maps the
// conformance subject onto the SDK's API; keep it in step with the API.
package com.babelqueue;

import com.babelqueue.DeadLetter;
import com.babelqueue.DeadLetters;
import com.babelqueue.Envelope;
import com.babelqueue.EnvelopeCodec;
import com.babelqueue.JsonValues;
import com.babelqueue.Meta;
import com.babelqueue.idempotency.Handler;
import com.babelqueue.idempotency.Idempotent;
import com.babelqueue.idempotency.InMemoryStore;
import com.babelqueue.idempotency.Store;
import com.babelqueue.schema.PayloadValidator;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The conformance subject of the BabelQueue Java core ({@code com.babelqueue:babelqueue-core}):
 * the envelope codec, the idempotency helper and the payload validator. A broker's operations
 * belong to its transport target (a target with that broker's block, in the transport's own
 * repository), so this subject does not provide them. An operation, or a part of a result, whose
 * API this core lacks is not provided, with the reason naming the missing API: its tests skip and
 * never pass.
 */
final class SdkConformanceSubject implements ConformanceSubject {

    private static final String NO_SDK = "this babelqueue-core has no API for the message-queue connectors' "
            + "shared messaging layer (";

    @Override
    public List<String> capabilities() {
        return List.of(
                "capabilities",
                "decode",
                "reencode",
                "make",
                "idempotency_key",
                "idempotency_replay",
                "validate_payload",
                "new_message",
                "dead_letter",
                "idempotency_raised");
    }

    @Override
    public DecodeResult decode(String envelope) {
        List<String> warnings = new ArrayList<>();
        String warningsNotProvided = CoreVersions.warningsNotProvided();
        Envelope env;
        try {
            env = CoreVersions.decode(envelope, warnings);
        } catch (RuntimeException e) {
            // decode reports a bad envelope by an empty result, but a throw is a rejection too
            return new DecodeResult(false, "EnvelopeCodec.decode threw " + e, warnings, null, warningsNotProvided);
        }
        if (!EnvelopeCodec.accepts(env)) {
            return new DecodeResult(false, "EnvelopeCodec.accepts is false", warnings, null, warningsNotProvided);
        }
        Meta meta = env.meta();
        return new DecodeResult(true, "", warnings, new View(EnvelopeCodec.urn(env),
                ConformanceJson.fromJava(env.data()), (long) env.attempts(), meta.lang(), (long) meta.schemaVersion(),
                env.traceId(), meta.id(), meta.createdAt() == 0 ? null : meta.createdAt(), meta.queue(),
                deadLetter(env.deadLetter())), warningsNotProvided);
    }

    @Override
    public String reencode(String envelope, long attemptsIncrement) {
        Envelope env = CoreVersions.decode(envelope, new ArrayList<>());
        if (!EnvelopeCodec.accepts(env)) {
            throw new IllegalArgumentException("the envelope is not accepted, so it cannot be re-encoded");
        }
        int attempts = Math.addExact(env.attempts(), Math.toIntExact(attemptsIncrement));
        return EnvelopeCodec.encode(CoreVersions.withAttempts(env, attempts));
    }

    @Override
    public String make(String urn, String queue, ConformanceJson data) {
        return EnvelopeCodec.encode(EnvelopeCodec.make(urn, sdkObject(data), queue, null));
    }

    @Override
    public String idempotencyKey(String envelope) {
        // Asks the helper itself, over one delivery: a store that records every key the helper
        // looks up and every key it remembers. It must remember a key (the same key twice is
        // fine) and look up and remember no other.
        List<String> lookedUp = new ArrayList<>();
        List<String> remembered = new ArrayList<>();
        Store recording = new Store() {
            @Override
            public boolean seen(String messageId) {
                lookedUp.add(messageId);
                return false;
            }

            @Override
            public void remember(String messageId) {
                remembered.add(messageId);
            }

            @Override
            public void forget(String messageId) {
            }
        };
        handle(Idempotent.wrap(recording, env -> { }), EnvelopeCodec.decode(envelope));
        if (remembered.isEmpty()) {
            throw new IllegalStateException("the idempotency helper remembered no key for the delivery"
                    + " (looked up: " + lookedUp + ")");
        }
        String key = remembered.get(0);
        List<String> used = new ArrayList<>(remembered);
        used.addAll(lookedUp);
        for (String other : used) {
            if (!Objects.equals(key, other)) {
                throw new IllegalStateException("the idempotency helper used different keys for one delivery:"
                        + " remembered " + remembered + ", looked up " + lookedUp);
            }
        }
        return key;
    }

    private static void handle(Handler handler, Envelope env) {
        try {
            handler.handle(env);
        } catch (Exception e) {
            throw new IllegalStateException("the wrapped handler threw", e);
        }
    }

    @Override
    public List<Boolean> idempotencyReplay(List<Delivery> deliveries) {
        List<Boolean> invoked = new ArrayList<>();
        for (boolean[] delivery : replay(new InMemoryStore(), deliveries)) {
            invoked.add(delivery[0]);
        }
        return invoked;
    }

    /**
     * Drives one handler, wrapped once by Idempotent.wrap over {@code store} (a fresh one), through the
     * deliveries: per delivery, whether the handler ran and whether the wrapped call threw.
     */
    private static List<boolean[]> replay(InMemoryStore store, List<Delivery> deliveries) {
        boolean[] ran = new boolean[1];
        Delivery[] current = new Delivery[1];
        Handler wrapped = Idempotent.wrap(store, env -> {
            ran[0] = true;
            if ("throw".equals(current[0].outcome())) {
                throw new IllegalStateException("conformance: the handler throws for this delivery");
            }
        });
        List<boolean[]> results = new ArrayList<>();
        for (Delivery delivery : deliveries) {
            if (delivery.forgetBefore()) {
                store.forget(delivery.metaId());
            }
            ran[0] = false;
            current[0] = delivery;
            boolean raised = false;
            try {
                wrapped.handle(replayEnvelope(delivery.metaId()));
            } catch (Exception thrown) {
                raised = true;
            }
            results.add(new boolean[] {ran[0], raised});
        }
        return results;
    }

    /** A valid envelope whose meta.id is {@code metaId}; "" is a message without a usable id. */
    private static Envelope replayEnvelope(String metaId) {
        Meta meta = new Meta(metaId, "default", EnvelopeCodec.SOURCE_LANG, EnvelopeCodec.SCHEMA_VERSION, 1L);
        return new Envelope("urn:babel:conformance:replayed", "conformance-replay-trace", Map.of(), meta, 0, null);
    }

    @Override
    public PayloadVerdict validatePayload(ConformanceJson schema, ConformanceJson data) {
        String violation = PayloadValidator.validate(sdkObject(schema), sdkValue(data));
        return new PayloadVerdict(violation == null, violation == null ? List.of() : List.of(violation));
    }

    @Override
    public Settlement settle(String broker, boolean deadLetterQueue, List<String> calls) {
        throw new NotProvidedException(NO_SDK + "no settle-once acknowledge, requeue and reject, nor WithBody)");
    }

    @Override
    public MessageRead readMessage(ConformanceJson type, String broker, String source,
            String position, String messageId, ConformanceJson metadata, String body, String action,
            boolean deadLetterQueue, Long rawExcerptLength) {
        throw new NotProvidedException(NO_SDK + "no RowErrorHandler (fail, skip, dead_letter) nor RawExcerptLength)");
    }

    @Override
    public WriteOutcome writeMessages(String sink, String action, ConformanceJson batches,
            List<String> refused) {
        throw new NotProvidedException(NO_SDK + "no sink that settles what it wrote, nor FailedMessageAction)");
    }

    @Override
    public String newMessage(String urn, String queue, ConformanceJson data, String traceId) {
        return EnvelopeCodec.encode(EnvelopeCodec.make(urn, sdkObject(data), queue, traceId));
    }

    @Override
    public String deadLetter(String envelope, String reason, String originalQueue, String error) {
        Envelope decoded = EnvelopeCodec.decode(envelope);
        // The attempts made before dead-lettering are the envelope's own count.
        return EnvelopeCodec.encode(
                DeadLetters.annotate(decoded, reason, originalQueue, decoded.attempts(), error, null));
    }

    @Override
    public List<Boolean> idempotencyRaised(List<Delivery> deliveries) {
        List<Boolean> raised = new ArrayList<>();
        for (boolean[] delivery : replay(new InMemoryStore(), deliveries)) {
            raised.add(delivery[1]);
        }
        return raised;
    }

    /** The dead_letter block as JSON; the record reports absent numbers as 0, which are left out. */
    private static ConformanceJson deadLetter(DeadLetter dl) {
        if (dl == null) {
            return ConformanceJson.jsonNull();
        }
        Map<String, Object> block = new LinkedHashMap<>();
        block.put("reason", dl.reason());
        block.put("error", dl.error());
        block.put("exception", dl.exception());
        block.put("failed_at", dl.failedAt() == 0 ? null : dl.failedAt());
        block.put("original_queue", dl.originalQueue());
        block.put("attempts", dl.attempts());
        block.put("lang", dl.lang());
        block.values().removeIf(value -> value == null);
        return ConformanceJson.fromJava(block);
    }

    /**
     * A JSON value as the SDK's own codec types it (LinkedHashMap, ArrayList, Long, Double, ...):
     * the validator compares enum and const values with equals, so Integer against Long would
     * differ.
     */
    private static Object sdkValue(ConformanceJson value) {
        return JsonValues.decode(ConformanceJsonWriter.write(value));
    }

    /** A JSON object as the SDK's codec types it (see {@link #sdkValue}). */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> sdkObject(ConformanceJson value) {
        return (Map<String, Object>) sdkValue(value);
    }

    /**
     * The two calls whose API changed in babelqueue-core 1.8.0, looked up at run time (by the
     * method, never the version) so this scaffold compiles and runs on 1.7.0 as well. 1.8.0 added
     * {@code EnvelopeCodec.decode(String, Consumer)}, which reports forbidden keys as warnings:
     * without it decode's warnings are not provided, so the forbidden-key tests skip while the
     * cases tests run. It also added {@code Envelope.withAttempts(int)}, which keeps unknown keys:
     * without it re-encoding goes through the record's constructor, the API 1.7.0 has, and the
     * round-trip tests fail where it drops them. Once the SDK requires 1.8.0, call them directly
     * and delete this class.
     */
    private static final class CoreVersions {

        private static final Method DECODE_WITH_WARNINGS = method(EnvelopeCodec.class, "decode", String.class,
                Consumer.class);
        private static final Method WITH_ATTEMPTS = method(Envelope.class, "withAttempts", int.class);

        private CoreVersions() {
        }

        /** Why decode's warnings are not provided, or null when this core reports them. */
        static String warningsNotProvided() {
            return DECODE_WITH_WARNINGS == null
                    ? "this babelqueue-core has no decode warnings hook (EnvelopeCodec.decode(String, Consumer))"
                    : null;
        }

        static Envelope decode(String raw, List<String> warnings) {
            if (DECODE_WITH_WARNINGS == null) {
                return EnvelopeCodec.decode(raw);
            }
            Consumer<String> sink = warnings::add;
            return (Envelope) invoke(DECODE_WITH_WARNINGS, null, raw, sink);
        }

        static Envelope withAttempts(Envelope env, int attempts) {
            if (WITH_ATTEMPTS == null) {
                return new Envelope(env.job(), env.traceId(), env.data(), env.meta(), attempts, env.deadLetter());
            }
            return (Envelope) invoke(WITH_ATTEMPTS, env, attempts);
        }

        private static Method method(Class<?> owner, String name, Class<?>... parameters) {
            try {
                return owner.getMethod(name, parameters);
            } catch (NoSuchMethodException absent) {
                return null;
            }
        }

        private static Object invoke(Method method, Object target, Object... args) {
            try {
                return method.invoke(target, args);
            } catch (InvocationTargetException e) {
                if (e.getCause() instanceof RuntimeException runtime) {
                    throw runtime;
                }
                throw new IllegalStateException(e.getCause());
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
