<?php

declare(strict_types=1);

namespace BabelQueue\Idempotency;

interface IdempotencyStore
{
    public function seen(string $messageId): bool;

    public function remember(string $messageId): void;

    public function forget(string $messageId): void;
}
