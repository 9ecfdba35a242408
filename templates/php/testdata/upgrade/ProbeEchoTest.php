<?php

/*
 * Hand-written for bqgen's upgrade test: calls probe_echo, an operation a
 * later bqgen adds (protocoltest.Probe), through the generated subject, with
 * a scaffold written before it existed (SdkSubject.php beside this file).
 */

declare(strict_types=1);

namespace BabelQueue\Tests\ConformanceGenerated;

use BabelQueue\Tests\ConformanceGenerated\Support\ConformanceTestCase;

final class ProbeEchoTest extends ConformanceTestCase
{
    public function testProbeEchoThroughTheSubject(): void
    {
        $echoed = $this->subject()->probeEcho('hello');
        self::fail('probe_echo answered ' . var_export($echoed, true) . ', but the scaffold has no method for it');
    }
}
