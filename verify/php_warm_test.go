package verify

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/tier"
	"github.com/babelqueue/bqgen/templates/php"
)

// phpWarmProject is a PHPUnit project in a new directory with one test
// file, source at name, and the PHP toolchain to run it; t is skipped
// where PHP is not installed.
func phpWarmProject(t *testing.T, name, source string) (PHPToolchain, string) {
	t.Helper()
	tier.Toolchain(t, "php")
	tc := NewPHPToolchain().(PHPToolchain)
	if err := tc.Available(); err != nil {
		t.Skip(err)
	}
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{php.PHPUnitConfig: `<?xml version="1.0" encoding="UTF-8"?>
<phpunit colors="false" cacheResult="false">
    <testsuites>
        <testsuite name="warm"><directory suffix="Test.php">tests</directory></testsuite>
    </testsuites>
</phpunit>
`, name: source})
	return tc, dir
}

func TestPHPWarmRunsAreIsolated(t *testing.T) {
	// A static, a global and a class declared at run time: each would
	// survive into the next run in one long-lived PHP process.
	tc, dir := phpWarmProject(t, "tests/StateTest.php", `<?php
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
`)
	proveWarmIsolation(t, tc, dir)
}

// TestPHPWarmChildLeavesWithItsVerdict: the forked child ends through
// _exit, skipping PHP's teardown, yet what PHPUnit printed and wrote is all
// there, and a run that died of a fatal error still answers non-zero.
func TestPHPWarmChildLeavesWithItsVerdict(t *testing.T) {
	tc, dir := phpWarmProject(t, "tests/LeaveTest.php", `<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;

final class LeaveTest extends TestCase
{
    public function testPasses(): void
    {
        $this->assertTrue(true);
    }

    public function testFailsOrDies(): void
    {
        if (getenv('BQGEN_ORACLE_FAULT') === 'die') {
            eval('function bqgen_twice() {} function bqgen_twice() {}'); // a compile error: fatal, past PHPUnit's catch
        }
        $this->assertSame('', (string) getenv('BQGEN_ORACLE_FAULT'), 'served by a mutant');
    }
}
`)
	ctx := context.Background()
	w, err := tc.StartWarm(ctx, dir)
	if err != nil {
		t.Fatalf("start the warm runner: %v", err)
	}
	defer w.Close()
	for _, c := range []struct {
		fault        string
		passed, fail int
	}{{"", 2, 0}, {"a-mutant", 1, 1}} {
		res, err := w.Run(ctx, (&oracleLink{bin: "/no/oracle/needed"}).env(c.fault))
		if err != nil {
			t.Fatalf("fault %q: %v", c.fault, err)
		}
		if res.Passed != c.passed || res.Failed != c.fail || len(res.Files) != 1 {
			t.Fatalf("fault %q: %d passed, %d failed, result files %v; want %d and %d and PHPUnit's JUnit report\n%s",
				c.fault, res.Passed, res.Failed, res.Files, c.passed, c.fail, res.Output)
		}
		if report, err := os.ReadFile(res.Files[0]); err != nil || !strings.Contains(string(report), "</testsuites>") {
			t.Fatalf("fault %q: the JUnit report is not whole (%v):\n%s", c.fault, err, report)
		}
	}
	results, err := newRunResultsDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	code, err := w.(phpWarm).p.run(ctx, warmFields(filepath.Join(results, "output.txt"),
		map[string]string{"results": filepath.Join(results, phpUnitJUnitFile)}, (&oracleLink{bin: "/no/oracle/needed"}).env("die")))
	if err != nil {
		t.Fatal(err)
	}
	if code != 255 {
		t.Errorf("a run that died of a fatal error answered exit %d, want 255", code)
	}
}
