<?php

declare(strict_types=1);

namespace BabelQueue\Codec;

/** What every variant of the stand-in codec shares. */
trait CodecCore
{
    private const FORBIDDEN = [['', 'timestamp'], ['meta', 'max_retries'], ['meta', 'attempts'],
        ['meta', 'source'], ['meta', 'ts']];

    /** @return array<mixed> the envelope, forbidden keys dropped; pointers of the dropped keys in $dropped */
    private static function parse(string $rawBody, ?array &$dropped): array
    {
        $dropped = [];
        $value = json_decode($rawBody, true);
        if (!is_array($value)) {
            return [];
        }
        foreach (self::FORBIDDEN as [$parent, $key]) {
            if ($parent === '' && array_key_exists($key, $value)) {
                unset($value[$key]);
                $dropped[] = '/' . $key;
            } elseif ($parent !== '' && is_array($value[$parent] ?? null) && array_key_exists($key, $value[$parent])) {
                unset($value[$parent][$key]);
                $dropped[] = '/' . $parent . '/' . $key;
            }
        }
        return $value;
    }

    public static function encode(array $payload): string
    {
        if (($payload['data'] ?? null) === []) {
            $payload['data'] = new \stdClass();
        }
        return json_encode($payload, JSON_THROW_ON_ERROR | JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES);
    }

    public static function urn(array $envelope): string
    {
        foreach (['job', 'urn'] as $key) {
            if (is_string($envelope[$key] ?? null) && $envelope[$key] !== '') {
                return $envelope[$key];
            }
        }
        return '';
    }

    public static function accepts(array $envelope): bool
    {
        return self::urn($envelope) !== '' && is_array($envelope['meta'] ?? null)
            && ($envelope['meta']['schema_version'] ?? null) === 1 && is_array($envelope['data'] ?? null)
            && is_int($envelope['attempts'] ?? null) && $envelope['attempts'] >= 0
            && is_string($envelope['trace_id'] ?? null) && trim($envelope['trace_id']) !== '';
    }

    public static function make(string $urn, array $data = [], string $queue = 'default', ?string $traceId = null): array
    {
        return ['job' => $urn, 'trace_id' => $traceId ?? 'trace', 'data' => $data,
            'meta' => ['id' => 'id', 'queue' => $queue, 'lang' => 'php', 'schema_version' => 1, 'created_at' => 0],
            'attempts' => 0];
    }
}

if (getenv('BQGEN_STANDIN') === 'without') {
    /** No warning hook: decode drops forbidden keys and says nothing. */
    final class EnvelopeCodec
    {
        use CodecCore;

        public static function decode(string $rawBody): array
        {
            return self::parse($rawBody, $dropped);
        }
    }
} else {
    /** The warning hook; "wrong" never calls it. */
    final class EnvelopeCodec
    {
        use CodecCore;

        public static function decode(string $rawBody, ?callable $onWarning = null): array
        {
            $envelope = self::parse($rawBody, $dropped);
            foreach (getenv('BQGEN_STANDIN') === 'wrong' ? [] : $dropped as $pointer) {
                ($onWarning ?? static function (): void {
                })('dropped the forbidden key ' . $pointer, $pointer);
            }
            return $envelope;
        }
    }
}
