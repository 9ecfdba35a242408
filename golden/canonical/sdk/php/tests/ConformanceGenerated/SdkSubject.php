<?php

/*
 * Scaffold written once by bqgen for the BabelQueue conformance tests (suite 1.7.0).
 * bqgen never overwrites it: it belongs to the SDK, to adapt as the SDK's API moves.
 */

declare(strict_types=1);

namespace BabelQueue\Tests\ConformanceGenerated;

use BabelQueue\Codec\EnvelopeCodec;
use BabelQueue\DeadLetter\DeadLetter;
use BabelQueue\Idempotency\IdempotencyStore;
use BabelQueue\Idempotency\Idempotent;
use BabelQueue\Idempotency\InMemoryStore;
use BabelQueue\Schema\PayloadValidator;
use BabelQueue\Transport\AmqpTransport;
use BabelQueue\Transport\KafkaConsumer;
use BabelQueue\Transport\KafkaConsumerClient;
use BabelQueue\Transport\KafkaMessage;
use BabelQueue\Transport\KafkaProducer;
use BabelQueue\Transport\KafkaTransport;
use BabelQueue\Transport\PulsarConsumer;
use BabelQueue\Transport\PulsarTransport;
use BabelQueue\Transport\PulsarWebSocketClient;
use BabelQueue\Transport\PulsarWebSocketConsumerClient;
use BabelQueue\Transport\RedisTransport;
use BabelQueue\Transport\SqsClient;
use BabelQueue\Transport\SqsTransport;
use BabelQueue\Transport\StompClient;
use BabelQueue\Transport\StompTransport;
use BabelQueue\Validation\EnvelopeValidator;
use PhpAmqpLib\Channel\AMQPChannel;
use PhpAmqpLib\Message\AMQPMessage;
use Predis\ClientInterface;
use BabelQueue\Tests\ConformanceGenerated\Support\Json;
use BabelQueue\Tests\ConformanceGenerated\Support\NotProvided;
use BabelQueue\Tests\ConformanceGenerated\Support\Subject;
use BabelQueue\Tests\ConformanceGenerated\Support\SubjectDefaults;

/**
 * The php-sdk behind the generated conformance tests.
 *
 * It extends the generated SubjectDefaults and overrides the operations it
 * maps: an operation a newer bqgen adds is answered there, "this scaffold
 * predates operation ...", so this file keeps loading and that operation's
 * tests skip until it is mapped here (`bqgen check` prints the method).
 *
 * The SDK decodes JSON into associative arrays, in which {} and [] are the
 * same value; what it hands out goes through Json::fromAssoc, so the tests
 * see what the SDK really keeps (a nested {} comes back as []).
 *
 * The transports are publish-only: a projection is observed by publishing
 * through a fake of the transport's one-method client seam and capturing what
 * it was given. An operation the SDK has no API for throws NotProvided, and
 * a part of a result it has no API for (decode's warnings) is a NotProvided,
 * so their tests are reported skipped with the reason, never passed; what
 * the SDK has is found by feature (class_exists, method_exists, reflection),
 * never by version. Transports whose client has no seam to fake are driven through
 * mocks of their client library, which need that library and mockery
 * (require-dev).
 */
final class SdkSubject extends SubjectDefaults
{
    /** The URN of the envelopes built for reconciliation. */
    private const RECONCILE_URN = 'urn:babel:conformance:reconcile';

    /** How the generated tests obtain the subject: a fresh one per test. */
    public static function create(): Subject
    {
        return new self();
    }

    public function capabilities(): array
    {
        return array_keys(array_filter([
            'decode' => true,
            'reencode' => true,
            'make' => true,
            'sqs_attributes' => true,
            'pulsar_properties' => true,
            'pulsar_reconcile' => true,
            'kafka_headers' => true,
            'kafka_reconcile' => true,
            'artemis_message' => true,
            'rabbitmq_publishing' => self::canMock(AMQPChannel::class),
            'idempotency_key' => class_exists(Idempotent::class),
            'idempotency_replay' => class_exists(Idempotent::class),
            'validate_payload' => class_exists(PayloadValidator::class),
            'pulsar_schema_version_gate' => true,
            'kafka_schema_version_gate' => true,
            'new_message' => true,
            'dead_letter' => class_exists(DeadLetter::class),
            'idempotency_raised' => class_exists(Idempotent::class),
            'redis_produce' => self::canMock(ClientInterface::class),
        ]));
    }

    public function decode(string $envelope): \stdClass
    {
        // The warning hook is decode's second parameter, found by feature: a release without it
        // cannot say whether it warned, so its warnings are not provided (never an empty list).
        $warnings = self::hasWarningHook() ? [] : new NotProvided(
            'this php-sdk has no decode warnings hook (EnvelopeCodec::decode takes no $onWarning callback)',
        );
        $decoded = EnvelopeCodec::decode(
            $envelope,
            static function (string $message, string $pointer) use (&$warnings): void {
                $warnings[] = $message . ' (' . $pointer . ')';
            },
        );
        $accepted = $decoded !== [] && EnvelopeCodec::accepts($decoded);
        return (object) [
            'accepted' => $accepted,
            'reason' => $accepted ? '' : (EnvelopeValidator::check($decoded) ?? 'rejected by EnvelopeCodec::decode'),
            'warnings' => $warnings,
            'view' => $decoded === [] ? null : self::view($decoded),
        ];
    }

    public function reencode(string $envelope, int $attemptsIncrement): string
    {
        $decoded = EnvelopeCodec::decode($envelope, static function (): void {
        });
        if ($decoded === [] || !EnvelopeCodec::accepts($decoded)) {
            throw new \RuntimeException('reencode: the envelope is rejected: ' . EnvelopeValidator::check($decoded));
        }
        $decoded['attempts'] += $attemptsIncrement; // the SDK has no increment helper: retry does exactly this
        return EnvelopeCodec::encode($decoded);
    }

    public function make(string $urn, string $queue, \stdClass $data): string
    {
        return EnvelopeCodec::encode(EnvelopeCodec::make($urn, Json::toAssoc($data), $queue));
    }

    public function sqsAttributes(string $envelope): \stdClass
    {
        self::requireApi(SqsClient::class);
        self::requireApi(SqsTransport::class, 'publish');
        $client = new class () implements SqsClient {
            /** @var array<string, mixed> */
            public array $sent = [];

            public function sendMessage(array $args): mixed
            {
                $this->sent = $args;
                return null;
            }
        };
        (new SqsTransport($client, 'https://sqs.invalid/000000000000/conformance'))->publish($envelope);
        return self::map($client->sent['MessageAttributes'] ?? []);
    }

    public function sqsReconcile(int $bodyAttempts, ?string $approximateReceiveCount): int
    {
        self::requireApi('BabelQueue\Transport\SqsConsumer');
        throw new NotProvided('the API sqs_reconcile needs is here, but this scaffold does not map it yet:'
            . ' map it in this file');
    }

    public function asbMessage(string $envelope): \stdClass
    {
        self::requireApi('BabelQueue\Transport\AsbTransport');
        throw new NotProvided('the API asb_message needs is here, but this scaffold does not map it yet: map'
            . ' it in this file');
    }

    public function asbReconcile(int $bodyAttempts, int $deliveryCount): int
    {
        self::requireApi('BabelQueue\Transport\AsbConsumer');
        throw new NotProvided('the API asb_reconcile needs is here, but this scaffold does not map it yet:'
            . ' map it in this file');
    }

    public function pulsarProperties(string $envelope): \stdClass
    {
        self::requireApi(PulsarWebSocketClient::class);
        self::requireApi(PulsarTransport::class, 'publish');
        $client = new class () implements PulsarWebSocketClient {
            /** @var array<string, string> */
            public array $properties = [];

            public function publish(string $topic, string $payload, array $properties): void
            {
                $this->properties = $properties;
            }
        };
        (new PulsarTransport($client))->publish($envelope);
        return self::map($client->properties);
    }

    public function pulsarReconcile(int $bodyAttempts, int $redeliveryCount): int
    {
        self::requireApi(PulsarWebSocketConsumerClient::class);
        self::requireApi(PulsarConsumer::class, 'receive');
        $payload = self::bodyWithAttempts($bodyAttempts);
        $client = new class ($payload, $redeliveryCount) implements PulsarWebSocketConsumerClient {
            public function __construct(private readonly string $payload, private readonly int $redeliveryCount)
            {
            }

            public function receive(): ?array
            {
                return [
                    'messageId' => 'conformance',
                    'payload' => $this->payload,
                    'properties' => [],
                    'redeliveryCount' => $this->redeliveryCount,
                ];
            }

            public function acknowledge(string $messageId): void
            {
            }

            public function negativeAcknowledge(string $messageId): void
            {
            }
        };
        return self::received((new PulsarConsumer($client))->receive())->attempts();
    }

    public function kafkaHeaders(string $envelope): \stdClass
    {
        self::requireApi(KafkaProducer::class);
        self::requireApi(KafkaTransport::class, 'publish');
        $producer = new class () implements KafkaProducer {
            /** @var array<string, string> */
            public array $headers = [];

            public function produce(string $topic, string $payload, array $headers, ?int $timestampMs = null): void
            {
                $this->headers = $headers;
            }
        };
        (new KafkaTransport($producer))->publish($envelope);
        return self::map($producer->headers);
    }

    public function kafkaReconcile(int $bodyAttempts, ?string $headerAttempts): int
    {
        self::requireApi(KafkaConsumerClient::class);
        self::requireApi(KafkaConsumer::class, 'receive');
        $headers = $headerAttempts === null ? [] : ['bq-attempts' => $headerAttempts];
        $client = new class (self::bodyWithAttempts($bodyAttempts), $headers) implements KafkaConsumerClient {
            /** @param array<string, string> $headers */
            public function __construct(private readonly string $payload, private readonly array $headers)
            {
            }

            public function receive(): ?array
            {
                return ['payload' => $this->payload, 'headers' => $this->headers];
            }

            public function commit(): void
            {
            }
        };
        return self::received((new KafkaConsumer($client))->receive())->attempts();
    }

    public function artemisMessage(string $envelope): \stdClass
    {
        self::requireApi(StompClient::class);
        self::requireApi(StompTransport::class, 'publish');
        $client = new class () implements StompClient {
            /** @var array<string, string> */
            public array $headers = [];

            public function send(string $destination, string $body, array $headers): void
            {
                $this->headers = $headers;
            }
        };
        (new StompTransport($client))->publish($envelope);
        // Artemis reads these STOMP frame headers into the message's own fields; every other header
        // becomes an application property. A STOMP frame has no header for a message annotation (the
        // x-opt-jms-type the block expects) nor for the creation time, which the broker stamps: those
        // parts are not provided, so the test skips once it has checked the rest.
        $frame = ['content-type', 'content-length', 'correlation-id', 'destination', 'expires', 'persistent',
            'priority', 'receipt', 'reply-to', 'transaction'];
        return (object) [
            'annotations' => new NotProvided('StompTransport has no API for message annotations (a STOMP frame'
                . ' cannot carry x-opt-jms-type)'),
            'correlation_id' => $client->headers['correlation-id'] ?? null,
            'creation_time' => new NotProvided('StompTransport has no API for the creation time (the broker'
                . ' stamps it)'),
            'properties' => self::map(array_diff_key($client->headers, array_flip($frame))),
        ];
    }

    public function artemisReconcile(int $bodyAttempts, int $deliveryCount): int
    {
        self::requireApi('BabelQueue\Transport\StompConsumer');
        throw new NotProvided('the API artemis_reconcile needs is here, but this scaffold does not map it'
            . ' yet: map it in this file');
    }

    public function rabbitmqPublishing(string $envelope): \stdClass
    {
        self::requireMockable(AMQPChannel::class, 'php-amqplib/php-amqplib');
        self::requireApi(AmqpTransport::class, 'publish');
        $published = null;
        $channel = \Mockery::mock(AMQPChannel::class);
        $channel->shouldReceive('queue_declare');
        $channel->shouldReceive('basic_publish')->andReturnUsing(
            static function (AMQPMessage $message) use (&$published): void {
                $published = $message;
            },
        );
        (new AmqpTransport($channel))->publish($envelope);
        if (!$published instanceof AMQPMessage) {
            throw new \RuntimeException('AmqpTransport published nothing');
        }
        $properties = [];
        foreach (['type', 'correlation_id', 'message_id', 'app_id', 'content_type'] as $name) {
            if ($published->has($name)) {
                $properties[$name] = $published->get($name);
            }
        }
        $headers = $published->has('application_headers')
            ? $published->get('application_headers')->getNativeData()
            : [];
        return (object) ['properties' => self::map($properties), 'headers' => self::map($headers)];
    }

    public function redisRoundtrip(string $envelope): \stdClass
    {
        throw new NotProvided("RedisTransport (BabelQueue\\Transport) is produce-only (RPUSH): the php-sdk"
            . ' has no Redis reserve; framework workers reserve with BLMOVE and read the'
            . ' element through RedisTransport::unframe()');
    }

    public function idempotencyKey(string $envelope): string
    {
        self::requireIdempotency();
        $store = new class () implements IdempotencyStore {
            /** @var list<string> */
            public array $remembered = [];

            public function seen(string $messageId): bool
            {
                return false;
            }

            public function remember(string $messageId): void
            {
                $this->remembered[] = $messageId;
            }

            public function forget(string $messageId): void
            {
            }
        };
        Idempotent::wrap($store, static function (): void {
        })(new KafkaMessage(EnvelopeCodec::decode($envelope)));
        // The key is what the helper remembered for the one delivery: the same key, once or more.
        $keys = array_values(array_unique($store->remembered));
        if ($keys === []) {
            throw new \RuntimeException('idempotency_key: the helper remembered no key for the delivery');
        }
        if (count($keys) > 1) {
            throw new \RuntimeException(
                'idempotency_key: the helper remembered different keys for one delivery: ' . Json::describe($keys),
            );
        }
        return $keys[0];
    }

    public function idempotencyReplay(array $deliveries): array
    {
        self::requireIdempotency();
        return array_column(self::replay(new InMemoryStore(), $deliveries), 'ran');
    }

    public function validatePayload(\stdClass $schema, mixed $data): \stdClass
    {
        if (!class_exists(PayloadValidator::class)) {
            throw new NotProvided('this php-sdk has no payload validator (BabelQueue\Schema\PayloadValidator)');
        }
        $violation = PayloadValidator::check((array) Json::toAssoc($schema), Json::toAssoc($data));
        return (object) ['valid' => $violation === null, 'errors' => $violation === null ? [] : [$violation]];
    }

    public function sqsSchemaVersionGate(string $envelope, ?string $property): string
    {
        self::requireApi('BabelQueue\Transport\SqsConsumer');
        throw new NotProvided('the API sqs_schema_version_gate needs is here, but this scaffold does not map'
            . ' it yet: map it in this file');
    }

    public function asbSchemaVersionGate(string $envelope, mixed $property, ?string $amqpType): string
    {
        self::requireApi('BabelQueue\Transport\AsbConsumer');
        throw new NotProvided('the API asb_schema_version_gate needs is here, but this scaffold does not map'
            . ' it yet: map it in this file');
    }

    public function pulsarSchemaVersionGate(string $envelope, ?string $property): string
    {
        self::requireApi(PulsarWebSocketConsumerClient::class);
        self::requireApi(PulsarConsumer::class, 'consume');
        // The message carries bq-schema-version as the case sets it (no property when absent). PulsarConsumer
        // decoded it when its consume loop handed it to the handler; a gate would reject it before that.
        $properties = $property === null ? [] : ['bq-schema-version' => $property];
        $client = new class ($envelope, $properties) implements PulsarWebSocketConsumerClient {
            private bool $delivered = false;

            /** @param array<string, string> $properties */
            public function __construct(private readonly string $payload, private readonly array $properties)
            {
            }

            public function receive(): ?array
            {
                if ($this->delivered) {
                    return null;
                }
                $this->delivered = true;
                return [
                    'messageId' => 'conformance',
                    'payload' => $this->payload,
                    'properties' => $this->properties,
                    'redeliveryCount' => 0,
                ];
            }

            public function acknowledge(string $messageId): void
            {
            }

            public function negativeAcknowledge(string $messageId): void
            {
            }
        };
        return self::gateOutcome(static function (callable $handler, callable $shouldStop) use ($client): void {
            (new PulsarConsumer($client))->consume($handler, $shouldStop);
        });
    }

    public function kafkaSchemaVersionGate(string $envelope, ?string $property): string
    {
        self::requireApi(KafkaConsumerClient::class);
        self::requireApi(KafkaConsumer::class, 'consume');
        // The record carries bq-schema-version as the case sets it (no header when absent). KafkaConsumer
        // decoded it when its consume loop handed it to the handler; a gate would reject it before that.
        $headers = $property === null ? [] : ['bq-schema-version' => $property];
        $client = new class ($envelope, $headers) implements KafkaConsumerClient {
            private bool $delivered = false;

            /** @param array<string, string> $headers */
            public function __construct(private readonly string $payload, private readonly array $headers)
            {
            }

            public function receive(): ?array
            {
                if ($this->delivered) {
                    return null;
                }
                $this->delivered = true;
                return ['payload' => $this->payload, 'headers' => $this->headers];
            }

            public function commit(): void
            {
            }
        };
        return self::gateOutcome(static function (callable $handler, callable $shouldStop) use ($client): void {
            (new KafkaConsumer($client))->consume($handler, $shouldStop);
        });
    }

    public function artemisSchemaVersionGate(string $envelope, ?string $property): string
    {
        self::requireApi('BabelQueue\Transport\StompConsumer');
        throw new NotProvided('the API artemis_schema_version_gate needs is here, but this scaffold does not'
            . ' map it yet: map it in this file');
    }

    public function settle(string $broker, bool $deadLetterQueue, array $calls): \stdClass
    {
        throw new NotProvided('the php-sdk has no shared messaging layer that settles a received message'
            . ' once: no acknowledge, requeue or reject call that returns its outcome and'
            . ' makes later calls return it again, no WithBody copy settling its original and'
            . ' no messages_settled counter (KafkaConsumer and PulsarConsumer commit or'
            . ' release inside consume())');
    }

    public function readMessage(
        \stdClass $type,
        string $broker,
        string $source,
        string $position,
        string $messageId,
        \stdClass $metadata,
        string $body,
        ?string $action,
        bool $deadLetterQueue,
        ?int $rawExcerptLength,
    ): \stdClass {
        throw new NotProvided('the php-sdk has no RowErrorHandler: its consumers decode every body with'
            . ' EnvelopeCodec::decode (a body that is not a valid envelope becomes [] and is'
            . ' still handed on), with no fail, skip or dead_letter action, no read error'
            . ' naming the source, the position and the start of the body, and no row_errors'
            . ' counter');
    }

    public function writeMessages(string $sink, string $action, mixed $batches, array $refused): \stdClass
    {
        throw new NotProvided('the php-sdk has no sinks that settle their source messages: nothing writes'
            . ' batches to a message queue, SQL or HTTP and acknowledges, requeues or'
            . ' dead-letters the messages it wrote by a FailedMessageAction, so there is no'
            . ' write failure or acknowledgement timing to report');
    }

    public function newMessage(string $urn, string $queue, \stdClass $data, ?string $traceId): string
    {
        return EnvelopeCodec::encode(EnvelopeCodec::make($urn, Json::toAssoc($data), $queue, $traceId));
    }

    public function deadLetter(string $envelope, string $reason, string $originalQueue, ?string $error): string
    {
        self::requireApi(DeadLetter::class, 'annotate');
        $decoded = EnvelopeCodec::decode($envelope);
        $cause = $error === null ? null : new \RuntimeException($error);
        // The attempts made before dead-lettering are the envelope's own count.
        return EnvelopeCodec::encode(
            DeadLetter::annotate($decoded, $reason, $cause, $originalQueue, $decoded['attempts']),
        );
    }

    public function idempotencyRaised(array $deliveries): array
    {
        self::requireIdempotency();
        return array_column(self::replay(new InMemoryStore(), $deliveries), 'raised');
    }

    public function redisProduce(string $urn, string $queue, \stdClass $data, string $traceId): \stdClass
    {
        self::requireMockable(ClientInterface::class, 'predis/predis');
        self::requireApi(RedisTransport::class, 'publish');
        $pushed = [];
        $client = \Mockery::mock(ClientInterface::class);
        $client->shouldReceive('rpush')->andReturnUsing(
            static function (string $key, array $values) use (&$pushed): int {
                array_push($pushed, ...$values);
                return count($pushed);
            },
        );
        $envelope = EnvelopeCodec::make($urn, Json::toAssoc($data), $queue, $traceId);
        (new RedisTransport($client))->publish(EnvelopeCodec::encode($envelope), $queue);
        if (count($pushed) !== 1) {
            throw new \RuntimeException(
                'RedisTransport::publish left ' . count($pushed) . ' elements on the list, expected 1',
            );
        }
        $element = (string) $pushed[0];
        try {
            $reencoded = EnvelopeCodec::encode(EnvelopeCodec::decode($element));
        } catch (\Throwable) {
            $reencoded = '';
        }
        return (object) ['element' => $element, 'reencoded' => $reencoded];
    }

    /** Whether EnvelopeCodec::decode takes the per-call warning callback ($onWarning). */
    private static function hasWarningHook(): bool
    {
        return (new \ReflectionMethod(EnvelopeCodec::class, 'decode'))->getNumberOfParameters() >= 2;
    }

    /**
     * The neutral view of a decoded envelope.
     *
     * @param array<mixed> $envelope
     */
    private static function view(array $envelope): \stdClass
    {
        $meta = is_array($envelope['meta'] ?? null) ? $envelope['meta'] : [];
        return (object) [
            'urn' => EnvelopeCodec::urn($envelope),
            'data' => self::object($envelope['data'] ?? null),
            'attempts' => $envelope['attempts'] ?? null,
            'lang' => $meta['lang'] ?? null,
            'schema_version' => $meta['schema_version'] ?? null,
            'trace_id' => $envelope['trace_id'] ?? null,
            'id' => $meta['id'] ?? null,
            'created_at' => $meta['created_at'] ?? null,
            'queue' => $meta['queue'] ?? null,
            'dead_letter' => self::object($envelope['dead_letter'] ?? null),
        ];
    }

    /**
     * A member the contract defines as an object (data, dead_letter): the SDK
     * holds it as an array, whose empty form is the empty object.
     */
    private static function object(mixed $value): mixed
    {
        $converted = Json::fromAssoc($value);
        return $converted === [] ? new \stdClass() : $converted;
    }

    private static function requireIdempotency(): void
    {
        if (!class_exists(Idempotent::class)) {
            throw new NotProvided('this php-sdk has no idempotency helper (BabelQueue\Idempotency\Idempotent)');
        }
    }

    /**
     * Drives one handler, wrapped once by Idempotent::wrap over $store (a fresh
     * one), through the deliveries: per delivery, whether the handler ran and
     * whether the wrapped call threw.
     *
     * @param list<array{meta_id: string, outcome: string, forget_before: bool}> $deliveries
     * @return list<array{ran: bool, raised: bool}>
     */
    private static function replay(InMemoryStore $store, array $deliveries): array
    {
        $results = [];
        $current = ['index' => 0, 'outcome' => 'ok'];
        $wrapped = Idempotent::wrap($store, static function () use (&$results, &$current): void {
            $results[$current['index']]['ran'] = true;
            if ($current['outcome'] === 'throw') {
                throw new \RuntimeException('the handler throws, as the sequence says');
            }
        });
        foreach ($deliveries as $i => $delivery) {
            $results[$i] = ['ran' => false, 'raised' => false];
            $current = ['index' => $i, 'outcome' => $delivery['outcome']];
            if ($delivery['forget_before']) {
                $store->forget($delivery['meta_id']);
            }
            try {
                $wrapped(new KafkaMessage(['meta' => ['id' => $delivery['meta_id']]]));
            } catch (\Throwable) {
                $results[$i]['raised'] = true;
            }
        }
        return $results;
    }

    /**
     * A name => value map the SDK hands out, as a JSON object.
     *
     * @param array<mixed> $map
     */
    private static function map(array $map): \stdClass
    {
        return (object) array_map([Json::class, 'fromAssoc'], $map);
    }

    /** A valid envelope from the producer API, carrying the body's attempts. */
    private static function bodyWithAttempts(int $attempts): string
    {
        $envelope = EnvelopeCodec::make(self::RECONCILE_URN);
        $envelope['attempts'] = $attempts;
        return EnvelopeCodec::encode($envelope);
    }

    /**
     * The message a consumer received, which the fake client always delivers.
     *
     * @template T of object
     * @param T|null $message
     * @return T
     */
    private static function received(?object $message): object
    {
        if ($message === null) {
            throw new \RuntimeException('the consumer received nothing from the fake client');
        }
        return $message;
    }

    /**
     * The outcome of a consumer's schema-version gate on one delivery:
     * "decode" when the consume loop handed the message to its handler,
     * "reject" when it did not. The loop polls once, then stops.
     *
     * @param \Closure(callable, callable): void $consume runs the consumer's loop with a handler and a stop
     */
    private static function gateOutcome(\Closure $consume): string
    {
        $handled = 0;
        $polls = 0;
        $consume(static function () use (&$handled): void {
            $handled++;
        }, static function () use (&$polls): bool {
            return $polls++ >= 1;
        });
        return $handled > 0 ? 'decode' : 'reject';
    }

    /**
     * Found by feature, never by version: a class, interface or method this
     * php-sdk lacks makes the operation not provided, naming it, so its tests
     * skip with that reason instead of erroring.
     */
    private static function requireApi(string $type, string ...$methods): void
    {
        if (!class_exists($type) && !interface_exists($type)) {
            throw new NotProvided('this php-sdk has no ' . $type);
        }
        foreach ($methods as $method) {
            if (!method_exists($type, $method)) {
                throw new NotProvided('this php-sdk has no ' . $type . '::' . $method . '()');
            }
        }
    }

    private static function canMock(string $class): bool
    {
        return class_exists(\Mockery::class) && (class_exists($class) || interface_exists($class));
    }

    private static function requireMockable(string $class, string $package): void
    {
        if (!self::canMock($class)) {
            throw new NotProvided($class . ' needs ' . $package . ' and mockery/mockery (require-dev)');
        }
    }
}
