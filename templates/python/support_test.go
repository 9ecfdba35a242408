package python

import (
	"fmt"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
)

// These tests run the generated support and subject modules in Python: the
// spec's equality, pointers and raw member text, the skip on NotProvided,
// and the oracle's command line. They skip when python3 is absent.

// generatedTests writes the canonical suite's oracle-bound output to a
// temporary directory and returns its tests/ directory.
func generatedTests(t *testing.T) string {
	t.Helper()
	python3(t)
	dir := t.TempDir()
	writeFiles(t, dir, generate(t, canonicalSuite(t), backend.BindOracle))
	return dir + "/" + TestDir
}

// supportChecks are Python assertions about conformance_support; each line
// must hold. They pin the places where Python's own == disagrees with the
// spec (True == 1, 1 == 1.0 is fine, {} vs [], None vs absent).
const supportChecks = `
from conformance_support import json_equal as eq, resolve_pointer as at, member_json as raw, MISSING
assert not eq(True, 1) and not eq(1, True) and not eq(False, 0) and not eq(0.0, False)
assert eq(True, True) and not eq(True, False)
assert eq(1, 1.0) and eq(1500.0, 1.5e3) and eq(9007199254740993, 9007199254740993) and not eq(9007199254740993, 9007199254740992.0)
assert not eq({}, []) and not eq([], {}) and eq({}, {}) and eq([], [])
assert not eq(None, 0) and not eq(None, "") and not eq(None, MISSING) and eq(None, None)
assert not eq("1", 1) and eq("é", "é") and not eq("e\u0301", "é")
assert eq({"a": 1, "b": [True]}, {"b": [True], "a": 1.0}) and not eq({"a": 1}, {"a": 1, "b": None})
assert not eq({"a": [1]}, {"a": [True]}) and not eq([1, 2], [2, 1]) and not eq([1], [1, 1])
doc = {"a/b": {"m~n": [10, {"": "empty key"}]}, "z": None}
assert at(doc, "/a~1b/m~0n/0") == 10 and at(doc, "/a~1b/m~0n/1/") == "empty key"
assert at(doc, "/z") is None and at(doc, "/y") is MISSING and at(doc, "") is doc
assert at(doc, "/a~1b/m~0n/01") is MISSING and at(doc, "/a~1b/m~0n/2") is MISSING and at(doc, "/a~1b/m~0n/-") is MISSING
assert at(doc, "/z/x") is MISSING and at([5], "/0") == 5 and at({"0": 1}, "/0") == 1
assert raw('{"data":{}}', "data") == "{}" and raw('{ "data" : [ ] }', "data") == "[]"
assert raw('{"x": 1, "data": { "s": "a b\\" c", "n": 1.50e3 } }', "data") == '{"s":"a b\\" c","n":1.50e3}'
assert raw('{"data": "tab\\\\"}', "data") == '"tab\\\\"' and raw('{"a": {"data": 1}}', "data") is None
assert raw('{"data": 1, "data": 2}', "data") == "2"
print("ok")
`

func TestSupportSemantics(t *testing.T) {
	if out := runPython(t, generatedTests(t), supportChecks); strings.TrimSpace(out) != "ok" {
		t.Fatalf("support checks printed %q", out)
	}
}

// notProvidedRun runs every generated test against a subject that provides
// nothing: each must be reported as skipped with the reason, none passed.
const notProvidedRun = `
import unittest, conformance_oracle, conformance_support
class Nothing:
    def __getattr__(self, name):
        def op(*args, **kwargs):
            raise conformance_support.NotProvided("no " + name)
        return op
conformance_oracle.subject = lambda: Nothing()
suite = unittest.defaultTestLoader.discover(".")
result = unittest.TestResult()
suite.run(result)
reasons = sorted({reason for _, reason in result.skipped})
print(result.testsRun, len(result.skipped), len(result.failures) + len(result.errors))
print(reasons[0])
`

func TestNotProvidedSkipsNeverPasses(t *testing.T) {
	dir := generatedTests(t)
	lines := strings.Split(strings.TrimSpace(runPython(t, dir, notProvidedRun)), "\n")
	var ran, skipped, failed int
	if _, err := fmt.Sscan(lines[0], &ran, &skipped, &failed); err != nil || len(lines) != 2 {
		t.Fatalf("unexpected output %q", lines)
	}
	if ran == 0 || skipped != ran || failed != 0 {
		t.Fatalf("ran %d, skipped %d, failed %d: every test must skip", ran, skipped, failed)
	}
	if !strings.HasPrefix(lines[1], "not provided: no ") {
		t.Errorf("skip reason %q does not say what is not provided", lines[1])
	}
}

func TestOracleCommandLine(t *testing.T) {
	program := `
import os, conformance_oracle as o
os.environ["BQGEN_ORACLE_BIN"] = "/opt/bq gen"
os.environ.pop("BQGEN_ORACLE_FAULT", None)
print(o.oracle_command())
os.environ["BQGEN_ORACLE_FAULT"] = "urn-alias-ignored"
print(o.oracle_command())
`
	got := strings.TrimSpace(runPython(t, generatedTests(t), program))
	want := "['/opt/bq gen', 'oracle', 'serve']\n['/opt/bq gen', 'oracle', 'serve', '--fault', 'urn-alias-ignored']"
	if got != want {
		t.Fatalf("oracle_command:\n%s\nwant\n%s", got, want)
	}
}
