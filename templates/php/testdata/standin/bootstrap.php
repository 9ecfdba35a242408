<?php

/*
 * A stand-in for the php-sdk, for bqgen's test of the missing-feature rule:
 * signatures and minimal behaviour written from the SDK's documented API.
 * BQGEN_STANDIN selects what it has: "without" lacks the decode warning hook,
 * the idempotency helper and the payload validator; "wrong" has them, but
 * they misbehave; "with" has them, and the hook and the helper behave.
 */

declare(strict_types=1);

spl_autoload_register(static function (string $class): void {
    foreach (['BabelQueue\\Tests\\' => __DIR__ . '/tests/', 'BabelQueue\\' => __DIR__ . '/src/'] as $prefix => $dir) {
        if (str_starts_with($class, $prefix)) {
            $file = $dir . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
            if (is_file($file)) {
                require $file;
            }
            return;
        }
    }
});
