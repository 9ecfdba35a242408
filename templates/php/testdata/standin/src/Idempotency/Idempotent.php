<?php

declare(strict_types=1);

namespace BabelQueue\Idempotency;

if (getenv('BQGEN_STANDIN') !== 'without') {
    /** Runs a delivery once per meta.id; "wrong" never asks the store, so a redelivery runs again. */
    final class Idempotent
    {
        public static function wrap(IdempotencyStore $store, callable $handler): callable
        {
            return static function (object $message) use ($store, $handler): void {
                $key = $message->getMeta()['id'] ?? null;
                if (!is_string($key) || $key === '') {
                    $handler($message);
                    return;
                }
                if (getenv('BQGEN_STANDIN') !== 'wrong' && $store->seen($key)) {
                    return;
                }
                $handler($message);
                $store->remember($key);
            };
        }
    }
}
