// Scaffold written by bqgen for the BabelQueue conformance suite, CONFORMANCE_VERSION 1.7.0.
// bqgen writes this file only when it is absent: it belongs to the SDK from then on. It maps the
// conformance subject onto this transport's own code; keep it in step with that code.
package com.babelqueue.redis;

import com.babelqueue.EnvelopeCodec;
import com.babelqueue.JsonValues;
import io.lettuce.core.api.sync.RedisCommands;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The conformance subject of {@code babelqueue-redis}: the operations of the redis block
 * mapped onto this package's own code (its package-private projections, and its consumer driven
 * through an in-memory client). The core's blocks and the other brokers' are not this target's,
 * so this subject does not provide their operations.
 */
final class SdkConformanceSubject implements ConformanceSubject {

    @Override
    public List<String> capabilities() {
        return List.of(
                "capabilities",
                "redis_roundtrip",
                "redis_produce");
    }

    @Override
    public RedisRoundtrip redisRoundtrip(String envelope) {
        InMemoryLists lists = new InMemoryLists();
        RedisCommands<String, String> redis = lists.commands();
        // The element is the envelope's own bytes, pushed as a producer would: RedisPublisher takes an
        // Envelope and writes it with the SDK's codec, which keeps no document's formatting, so no public
        // call stores given bytes (redis_produce holds what the publisher stores). Held here is reserve:
        // RedisConsumer must hand its handler the element unchanged.
        redis.rpush(QUEUE, envelope);
        long queuedAfterProduce = lists.length(QUEUE);
        List<String> handled = new ArrayList<>();
        RedisConsumer.builder(redis, QUEUE).handler(EnvelopeCodec.urn(EnvelopeCodec.decode(envelope)),
                (env, body) -> handled.add(body)).build().poll();
        if (handled.size() != 1) {
            throw new IllegalStateException("RedisConsumer.poll handed its handler " + handled.size()
                    + " elements, not one");
        }
        return new RedisRoundtrip(handled.get(0), queuedAfterProduce, lists.length(QUEUE));
    }

    @Override
    public RedisProduced redisProduce(String urn, String queue, ConformanceJson data,
            String traceId) {
        InMemoryLists lists = new InMemoryLists();
        RedisPublisher.create(lists.commands(), queue).publish(urn, codecObject(data), traceId);
        Deque<String> stored = lists.list(queue);
        if (stored.size() != 1) {
            throw new IllegalStateException("RedisPublisher.publish left " + stored.size() + " elements, not one");
        }
        String element = stored.peekFirst();
        String reencoded;
        try {
            reencoded = EnvelopeCodec.encode(EnvelopeCodec.decode(element));
        } catch (RuntimeException notAnEnvelope) {
            reencoded = "";
        }
        return new RedisProduced(element, reencoded);
    }

    /** A JSON object as the SDK's codec types it. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> codecObject(ConformanceJson value) {
        return (Map<String, Object>) JsonValues.decode(ConformanceJsonWriter.write(value));
    }

    /** The queue the envelope is produced onto. */
    private static final String QUEUE = "conformance";

    /**
     * The Redis lists the publisher and consumer use, in memory: a {@link RedisCommands} whose list
     * commands (RPUSH, LPUSH, LLEN, LMOVE, BLMOVE, LREM) act on them. LMOVE and BLMOVE move the first
     * element of the source to the end of the destination, as RedisConsumer's left-right move does,
     * and never block. Any other command throws, naming itself.
     */
    private static final class InMemoryLists {

        private final Map<String, Deque<String>> lists = new HashMap<>();

        long length(String key) {
            return list(key).size();
        }

        private Deque<String> list(String key) {
            return lists.computeIfAbsent(key, k -> new ArrayDeque<>());
        }

        @SuppressWarnings("unchecked")
        RedisCommands<String, String> commands() {
            return (RedisCommands<String, String>) Proxy.newProxyInstance(RedisCommands.class.getClassLoader(),
                    new Class<?>[] {RedisCommands.class},
                    (proxy, method, args) -> method.getName().equals("equals") ? proxy == args[0] : call(method, args));
        }

        private Object call(Method method, Object[] args) {
            switch (method.getName()) {
                case "rpush", "lpush" -> {
                    Deque<String> list = list((String) args[0]);
                    for (Object value : (Object[]) args[1]) {
                        if (method.getName().equals("rpush")) {
                            list.addLast((String) value);
                        } else {
                            list.addFirst((String) value);
                        }
                    }
                    return (long) list.size();
                }
                case "llen" -> {
                    return length((String) args[0]);
                }
                case "lmove", "blmove" -> {
                    String value = list((String) args[0]).pollFirst();
                    if (value != null) {
                        list((String) args[1]).addLast(value);
                    }
                    return value;
                }
                case "lrem" -> {
                    return list((String) args[0]).removeFirstOccurrence(args[2]) ? 1L : 0L;
                }
                case "toString" -> {
                    return "in-memory Redis lists " + lists;
                }
                case "hashCode" -> {
                    return System.identityHashCode(this);
                }
                default -> throw new UnsupportedOperationException("the in-memory Redis of the conformance scaffold "
                        + "does not implement " + method.getName());
            }
        }
    }
}
