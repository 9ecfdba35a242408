package python_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/prooftest"
	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/templates/python"
	"github.com/babelqueue/bqgen/verify"
)

// The missing-feature rule on a stand-in SDK (testdata/standin, selected by
// BQGEN_STANDIN): the SDK-bound tests of the core target, run with
// unittest. An SDK without an API skips the tests that need it with a
// reason naming the API (the decode warnings hook, the idempotency helper,
// the payload validator) while the cases tests still run; an SDK with the
// API that misbehaves fails them; one that behaves passes them. An external
// test package: prooftest (BQGEN_REQUIRE_TOOLCHAINS) imports verify, which
// imports this backend.

// ruleBlocks are the blocks the rule test generates.
var ruleBlocks = []string{model.BlockCases, model.BlockIdempotency, model.BlockPayloadSchema, model.BlockForbiddenKeys}

// ruleOutcome is one generated test's outcome under unittest.
type ruleOutcome struct {
	Module, Test, Outcome, Message string
}

func TestMissingFeatureRuleOnStandIn(t *testing.T) {
	prooftest.RequireToolchain(t, verify.NewPythonToolchain())
	s, err := suitetest.Canonical(t).Select(ruleBlocks)
	if err != nil {
		t.Fatal(err)
	}
	files, err := python.New().Generate(s, backend.Options{Binding: backend.BindSDK})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Content, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.CopyFS(filepath.Join(dir, "src"), os.DirFS("testdata/standin")); err != nil {
		t.Fatal(err)
	}
	byVariant := map[string]map[string][]ruleOutcome{}
	for _, variant := range []string{"without", "wrong", "with"} {
		byVariant[variant] = runStandIn(t, dir, variant)
	}
	for variant, modules := range byVariant {
		for _, block := range ruleBlocks {
			if len(modules[python.TestModule(block)]) == 0 {
				t.Fatalf("%s: no test of %s ran", variant, python.TestModule(block))
			}
		}
		for _, o := range modules[python.TestModule(model.BlockCases)] {
			if o.Outcome == "skipped" {
				t.Errorf("%s: %s skips, but decode is provided: %s", variant, o.Test, o.Message)
			}
		}
	}
	without := byVariant["without"]
	expectAll(t, "without", without[python.TestModule(model.BlockForbiddenKeys)], "skipped", "this babelqueue has no decode warnings hook")
	expectAll(t, "without", without[python.TestModule(model.BlockIdempotency)], "skipped", "this babelqueue has no babelqueue.idempotency.wrap")
	expectAll(t, "without", without[python.TestModule(model.BlockPayloadSchema)], "skipped", "this babelqueue has no babelqueue.schema.validate_schema")

	wrong := byVariant["wrong"]
	expectAll(t, "wrong", wrong[python.TestModule(model.BlockForbiddenKeys)], "failed", "warnings: expected one naming")
	expectSome(t, "wrong", wrong[python.TestModule(model.BlockIdempotency)], "failed")
	expectSome(t, "wrong", wrong[python.TestModule(model.BlockPayloadSchema)], "failed")

	with := byVariant["with"]
	expectAll(t, "with", with[python.TestModule(model.BlockForbiddenKeys)], "passed", "")
	expectAll(t, "with", with[python.TestModule(model.BlockIdempotency)], "passed", "")
}

// expectAll: every outcome is want, with a message containing mention.
func expectAll(t *testing.T, variant string, outcomes []ruleOutcome, want, mention string) {
	t.Helper()
	for _, o := range outcomes {
		if o.Outcome != want || !strings.Contains(o.Message, mention) {
			t.Errorf("%s: %s %s, want %s mentioning %q: %s", variant, o.Test, o.Outcome, want, mention, o.Message)
		}
	}
}

// expectSome: no outcome is a skip (the API is there: the tests run), and
// at least one is want.
func expectSome(t *testing.T, variant string, outcomes []ruleOutcome, want string) {
	t.Helper()
	found := false
	for _, o := range outcomes {
		if o.Outcome == "skipped" {
			t.Errorf("%s: %s skips, but the API is there: %s", variant, o.Test, o.Message)
		}
		found = found || o.Outcome == want
	}
	if !found {
		t.Errorf("%s: none of %d tests %s", variant, len(outcomes), want)
	}
}

// runStandIn runs every generated test module under unittest against the
// stand-in variant, and returns the outcomes by module.
func runStandIn(t *testing.T, dir, variant string) map[string][]ruleOutcome {
	t.Helper()
	cmd := exec.Command("python3", "-c", ruleRunner)
	cmd.Dir = filepath.Join(dir, python.TestDir)
	cmd.Env = append(os.Environ(), "PYTHONPATH="+cmd.Dir+string(os.PathListSeparator)+filepath.Join(dir, "src"),
		"PYTHONDONTWRITEBYTECODE=1", "BQGEN_STANDIN="+variant)
	out, err := cmd.Output()
	if err != nil {
		stderr := ""
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = string(ee.Stderr)
		}
		t.Fatalf("%s: python failed: %v\n%s", variant, err, stderr)
	}
	modules := map[string][]ruleOutcome{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		var o ruleOutcome
		if err := json.Unmarshal([]byte(line), &o); err != nil {
			t.Fatalf("%s: %v: %s", variant, err, line)
		}
		modules[o.Module] = append(modules[o.Module], o)
	}
	return modules
}

// ruleRunner runs the generated test modules with unittest, as the SDK's CI
// would, and prints one JSON line per test.
const ruleRunner = `
import glob, json, unittest

class Result(unittest.TestResult):
    def record(self, test, outcome, message=""):
        print(json.dumps({"module": type(test).__module__, "test": test.id(), "outcome": outcome, "message": message}))
    def addSuccess(self, test):
        self.record(test, "passed")
    def addFailure(self, test, err):
        self.record(test, "failed", self._exc_info_to_string(err, test))
    def addError(self, test, err):
        self.record(test, "error", self._exc_info_to_string(err, test))
    def addSkip(self, test, reason):
        self.record(test, "skipped", reason)

names = sorted(path[:-3] for path in glob.glob("test_conformance_*.py"))
unittest.defaultTestLoader.loadTestsFromNames(names).run(Result())
`
