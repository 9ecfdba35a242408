<?php

declare(strict_types=1);

namespace BabelQueue\Schema;

if (getenv('BQGEN_STANDIN') !== 'without') {
    /** Has the API but behaves wrongly (in "wrong" and "with" alike): every value is valid. */
    final class PayloadValidator
    {
        public static function check(array $schema, mixed $value, string $path = ''): ?string
        {
            return null;
        }
    }
}
