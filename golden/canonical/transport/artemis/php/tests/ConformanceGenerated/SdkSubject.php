<?php

/*
 * Scaffold written once by bqgen for the BabelQueue conformance tests (suite 1.7.0).
 * bqgen never overwrites it: it belongs to the SDK, to adapt as the SDK's API moves.
 */

declare(strict_types=1);

namespace BabelQueue\Tests\ConformanceGenerated;

use BabelQueue\Codec\EnvelopeCodec;
use BabelQueue\Transport\StompClient;
use BabelQueue\Transport\StompTransport;
use BabelQueue\Tests\ConformanceGenerated\Support\Json;
use BabelQueue\Tests\ConformanceGenerated\Support\NotProvided;
use BabelQueue\Tests\ConformanceGenerated\Support\Subject;
use BabelQueue\Tests\ConformanceGenerated\Support\SubjectDefaults;

/**
 * The php-sdk's transports behind the generated conformance tests of
 * the artemis block: each operation of those brokers is mapped onto its
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
            'artemis_message' => true,
        ]));
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

    public function artemisSchemaVersionGate(string $envelope, ?string $property): string
    {
        self::requireApi('BabelQueue\Transport\StompConsumer');
        throw new NotProvided('the API artemis_schema_version_gate needs is here, but this scaffold does not'
            . ' map it yet: map it in this file');
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
