<?php

/*
 * Scaffold written once by bqgen for the BabelQueue conformance tests (suite 1.7.0).
 * bqgen never overwrites it: it belongs to the SDK, to adapt as the SDK's API moves.
 */

declare(strict_types=1);

namespace BabelQueue\Tests\ConformanceGenerated;

use BabelQueue\Codec\EnvelopeCodec;
use BabelQueue\Transport\KafkaConsumer;
use BabelQueue\Transport\KafkaConsumerClient;
use BabelQueue\Transport\KafkaProducer;
use BabelQueue\Transport\KafkaTransport;
use BabelQueue\Tests\ConformanceGenerated\Support\Json;
use BabelQueue\Tests\ConformanceGenerated\Support\NotProvided;
use BabelQueue\Tests\ConformanceGenerated\Support\Subject;
use BabelQueue\Tests\ConformanceGenerated\Support\SubjectDefaults;

/**
 * The php-sdk's transports behind the generated conformance tests of
 * the kafka block: each operation of those brokers is mapped onto its
 * transport class (BabelQueue\Transport); the operations of the blocks this
 * target does not run are not mapped here, and SubjectDefaults says which
 * target they belong to.
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
            'kafka_headers' => true,
            'kafka_reconcile' => true,
            'kafka_schema_version_gate' => true,
        ]));
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
