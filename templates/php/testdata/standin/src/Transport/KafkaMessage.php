<?php

declare(strict_types=1);

namespace BabelQueue\Transport;

final class KafkaMessage
{
    public function __construct(private readonly array $envelope, private readonly array $headers = [])
    {
    }

    public function getMeta(): array
    {
        return is_array($this->envelope['meta'] ?? null) ? $this->envelope['meta'] : [];
    }
}
