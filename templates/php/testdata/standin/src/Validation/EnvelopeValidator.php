<?php

declare(strict_types=1);

namespace BabelQueue\Validation;

use BabelQueue\Codec\EnvelopeCodec;

final class EnvelopeValidator
{
    public static function check(array $envelope): ?string
    {
        return EnvelopeCodec::accepts($envelope) ? null : 'invalid_envelope';
    }
}
