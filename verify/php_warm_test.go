package verify

import (
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/tier"
	"github.com/babelqueue/bqgen/templates/php"
)

func TestPHPWarmRunsAreIsolated(t *testing.T) {
	tier.Toolchain(t, "php")
	tc := NewPHPToolchain().(PHPToolchain)
	if err := tc.Available(); err != nil {
		t.Skip(err)
	}
	dir := t.TempDir()
	// A static, a global and a class declared at run time: each would
	// survive into the next run in one long-lived PHP process.
	writeFiles(t, dir, map[string]string{php.PHPUnitConfig: `<?xml version="1.0" encoding="UTF-8"?>
<phpunit colors="false" cacheResult="false">
    <testsuites>
        <testsuite name="state"><directory suffix="Test.php">tests</directory></testsuite>
    </testsuites>
</phpunit>
`, "tests/StateTest.php": `<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;

final class StateTest extends TestCase
{
    private static int $runs = 0;
    private static ?string $fault = null;

    public function testFresh(): void
    {
        self::$runs++;
        $GLOBALS['bqgenRuns'] = ($GLOBALS['bqgenRuns'] ?? 0) + 1;
        $this->assertSame([1, 1, false], [self::$runs, $GLOBALS['bqgenRuns'], class_exists('BqgenLeftBehind', false)], 'state survived a run');
        eval('final class BqgenLeftBehind {}');
    }

    public function testFault(): void
    {
        self::$fault ??= (string) getenv('BQGEN_ORACLE_FAULT');
        $this->assertSame('', self::$fault, 'served by a mutant');
    }
}
`})
	proveWarmIsolation(t, tc, dir)
}
