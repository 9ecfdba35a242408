package verify

import (
	"context"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/internal/testkit/tier"
	"github.com/babelqueue/bqgen/templates/dotnet"
	"github.com/babelqueue/bqgen/templates/python"
)

// Each language's isolation proof runs two tests, four times, on one warm
// runner. "fresh" mutates module state (a counter every run increments) and
// fails when a run before left its mark: it must pass every run. "fault"
// caches the oracle fault it is served at module level, as a subject that
// starts its oracle once would, and fails under a mutant: a leak of the
// first run's cache would hide the mutant of the third.
var isolationRuns = []struct {
	fault      string
	wantFailed int
}{{"", 0}, {"", 0}, {"a-mutant", 1}, {"", 0}}

func proveWarmIsolation(t *testing.T, tc WarmToolchain, dir string) {
	t.Helper()
	ctx := context.Background()
	w, err := tc.StartWarm(ctx, dir)
	if err != nil {
		t.Fatalf("start the warm runner: %v", err)
	}
	defer w.Close()
	for i, run := range isolationRuns {
		res, err := w.Run(ctx, (&oracleLink{bin: "/no/oracle/needed"}).env(run.fault))
		if err != nil {
			t.Fatalf("run %d: %v", i+1, err)
		}
		if res.Failed != run.wantFailed || res.Passed != 2-run.wantFailed {
			t.Fatalf("run %d (fault %q): %d passed, %d failed; want %d failed of 2: state survived a run\n%s",
				i+1, run.fault, res.Passed, res.Failed, run.wantFailed, res.Output)
		}
	}
}

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestPythonWarmRunsAreIsolated(t *testing.T) {
	tier.Toolchain(t, "python3")
	tc := PythonToolchain{Runner: PythonUnittest}
	if err := tc.Available(); err != nil {
		t.Skip(err)
	}
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"tests/" + strings.Replace(python.TestFileGlob, "*", "_state", 1): `import os
import unittest

import state_helper

RUNS = []


class StateTest(unittest.TestCase):
    def test_fresh(self):
        RUNS.append(1)
        state_helper.SHARED.append(1)
        self.assertEqual((len(RUNS), len(state_helper.SHARED)), (1, 1), "module state survived a run")

    def test_fault(self):
        state_helper.CACHE.setdefault("fault", os.environ.get("BQGEN_ORACLE_FAULT", ""))
        self.assertEqual(state_helper.CACHE["fault"], "", "served by a mutant")
`, "tests/state_helper.py": "SHARED = []\nCACHE = {}\n"})
	proveWarmIsolation(t, tc, dir)
}

func TestJavaWarmRunsAreIsolated(t *testing.T) {
	tier.Toolchain(t, "java")
	tc := JavaToolchain{}
	if err := tc.Available(); err != nil {
		t.Skip(err)
	}
	dir := t.TempDir()
	// The oracle's variables reach a warm JVM as system properties, which
	// the oracle-bound tests read before the environment.
	writeFiles(t, dir, map[string]string{"src/test/java/state/StateTest.java": `package state;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class StateTest {
    private static int runs;
    private static String fault;

    @Test
    void fresh() {
        runs++;
        assertEquals(1, runs, "static state survived a run");
    }

    @Test
    void fault() {
        if (fault == null) {
            String property = System.getProperty("BQGEN_ORACLE_FAULT");
            fault = property != null ? property : System.getenv().getOrDefault("BQGEN_ORACLE_FAULT", "");
        }
        assertEquals("", fault, "served by a mutant");
    }
}
`})
	var log logBuffer
	if err := tc.Prepare(context.Background(), dir, &log); err != nil {
		t.Fatalf("prepare: %v\n%s", err, log.String())
	}
	proveWarmIsolation(t, tc, dir)
}

func TestDotnetWarmRunsAreIsolated(t *testing.T) {
	tier.Toolchain(t, "dotnet")
	tc := DotnetToolchain{}
	if err := tc.Available(); err != nil {
		t.Skip(err)
	}
	dir := t.TempDir()
	// The generated project file (its xUnit packages and the console runner
	// it copies beside the tests), with these tests instead of the suite's.
	files, err := dotnet.New().Generate(suitetest.Canonical(t), backend.Options{Binding: backend.BindOracle})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if ok, _ := path.Match(dotnet.ProjectGlob, f.Path); ok {
			writeFiles(t, dir, map[string]string{f.Path: string(f.Content)})
		}
	}
	writeFiles(t, dir, map[string]string{"StateTests.cs": `using System;
using Xunit;

namespace State;

public class StateTests
{
    private static int runs;
    private static string? fault;

    [Fact]
    public void Fresh()
    {
        runs++;
        Assert.True(runs == 1, "static state survived a run");
    }

    [Fact]
    public void Fault()
    {
        fault ??= Environment.GetEnvironmentVariable("BQGEN_ORACLE_FAULT") ?? "";
        Assert.True(fault == "", "served by a mutant");
    }
}
`})
	var log logBuffer
	if err := tc.Prepare(context.Background(), dir, &log); err != nil {
		t.Fatalf("prepare: %v\n%s", err, log.String())
	}
	proveWarmIsolation(t, tc, dir)
}

func TestNodeWarmRunsAreIsolated(t *testing.T) {
	tier.Toolchain(t, "node")
	tc := NodeToolchain{}
	if err := tc.Available(); err != nil {
		t.Skip(err)
	}
	dir := t.TempDir()
	// What Prepare leaves: the entry module importing the compiled tests.
	// The state is kept everywhere a run could leave it: a test module, a
	// module it imports, the global object and the environment.
	writeFiles(t, dir, map[string]string{nodeEntry: "import \"./test/state.test.js\";\n",
		"test/state.test.js": `import assert from "node:assert/strict";
import { test } from "node:test";

import { cache, shared } from "./state-helper.js";

let runs = 0;

test("fresh", () => {
  runs++;
  shared.push(1);
  globalThis.bqgenRuns = (globalThis.bqgenRuns ?? 0) + 1;
  process.env.BQGEN_STATE = (process.env.BQGEN_STATE ?? "") + "x";
  assert.deepEqual([runs, shared.length, globalThis.bqgenRuns, process.env.BQGEN_STATE], [1, 1, 1, "x"],
    "state survived a run");
});

test("fault", () => {
  cache.fault ??= process.env.BQGEN_ORACLE_FAULT ?? "";
  assert.equal(cache.fault, "", "served by a mutant");
});
`, "test/state-helper.js": "export const shared = [];\nexport const cache = {};\n",
		"package.json": `{"type": "module"}` + "\n"})
	proveWarmIsolation(t, tc, dir)
}

// logBuffer collects a toolchain's log for a failure message.
type logBuffer struct{ lockedBuffer }
