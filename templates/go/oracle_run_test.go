package gobackend_test

import (
	"context"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/prooftest"
	"github.com/babelqueue/bqgen/oracle"
	gobackend "github.com/babelqueue/bqgen/templates/go"
	"github.com/babelqueue/bqgen/verify"
)

// The tests that compile and run Go output against the oracle, beside the
// proof (proof_test.go): the adversarial suite, the support self-check
// (support_test.go) and the exemptions (exempt_test.go), all in the full
// tier. They are an external test package: verify imports the backend for
// its layout.

// preparedModule is oracle-bound output, compiled and ready to run.
type preparedModule struct {
	dir  string
	tool verify.Toolchain
}

// prepare writes the oracle-bound output for files and compiles it,
// skipping when there is no go command (and in the -short tier).
func prepare(t *testing.T, files []backend.File) preparedModule {
	t.Helper()
	tool := verify.NewGoToolchain()
	prooftest.RequireToolchain(t, tool)
	dir := t.TempDir()
	gobackend.WriteFiles(t, dir, files)
	var log strings.Builder
	if err := tool.Prepare(context.Background(), dir, &log); err != nil {
		t.Fatalf("prepare: %v\n%s", err, log.String())
	}
	return preparedModule{dir: dir, tool: tool}
}

// run runs the compiled tests with the named fault ("" for none).
func (m preparedModule) run(t *testing.T, fault string) verify.Result {
	t.Helper()
	env := []string{verify.EnvOracleBin + "=" + prooftest.OracleBin(t), verify.EnvOracleFault + "=" + fault}
	res, err := m.tool.Run(context.Background(), m.dir, env)
	if err != nil {
		t.Fatalf("run with fault %q: %v", fault, err)
	}
	return res
}

// goResultName is a test result line of -test.v output.
var goResultName = regexp.MustCompile(`(?m)^ *--- (?:PASS|FAIL|SKIP): (.+) \(\d+\.\d+s\)$`)

func TestAdversarialSuiteCompilesAndPassesAgainstTheOracle(t *testing.T) {
	t.Parallel()
	s, leaves := gobackend.AdversarialSuite(t)
	m := prepare(t, gobackend.Generate(t, s, backend.Options{Binding: backend.BindOracle}))
	res := m.run(t, "")
	if res.Failed > 0 || res.Skipped > 0 || res.Passed != leaves {
		t.Fatalf("%d passed, %d failed, %d skipped; want %d passed\n%s", res.Passed, res.Failed, res.Skipped, leaves, res.Output)
	}
	seen := map[string]bool{}
	for _, m := range goResultName.FindAllStringSubmatch(res.Output, -1) {
		if seen[m[1]] {
			t.Errorf("test name %q reported twice", m[1])
		}
		seen[m[1]] = true
	}
	if res := m.run(t, "no-such-fault"); res.Failed == 0 || res.Passed > 0 {
		t.Errorf("an unknown fault ran the tests (%d passed) instead of failing them", res.Passed)
	}
	m.connected(t, leaves)
}

// connected runs the compiled tests against a listening oracle, as verify
// does: with its token they pass as they do against a server of their own;
// with another, every test fails saying why, and no server is started.
func (m preparedModule) connected(t *testing.T, leaves int) {
	t.Helper()
	l, err := oracle.Listen()
	if err != nil {
		t.Fatalf("listen: %v", err)
	}
	defer l.Close()
	run := func(token string) verify.Result {
		env := []string{verify.EnvOracleBin + "=" + filepath.Join(t.TempDir(), "no-bqgen-here"), verify.EnvOracleFault + "=",
			verify.EnvOracleAddr + "=" + l.Addr(), verify.EnvOracleToken + "=" + token}
		res, err := m.tool.Run(context.Background(), m.dir, env)
		if err != nil {
			t.Fatalf("run connected: %v", err)
		}
		return res
	}
	if res := run(l.Token()); res.Failed > 0 || res.Skipped > 0 || res.Passed != leaves {
		t.Errorf("connected: %d passed, %d failed, %d skipped; want %d passed\n%s", res.Passed, res.Failed, res.Skipped, leaves, res.Output)
	}
	const refusal = "the oracle refused request 1: bad_request: the hello's token is not this server's"
	if res := run("not-the-token"); res.Passed > 0 || res.Failed == 0 || !strings.Contains(res.Output, refusal) {
		t.Errorf("with another token: %d passed, %d failed; want every test failed, saying %q\n%s", res.Passed, res.Failed, refusal, res.Output)
	}
}
