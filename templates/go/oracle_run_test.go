package gobackend

import (
	"context"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/oracle"
	"github.com/babelqueue/bqgen/verify"
)

// These tests are `bqgen verify --lang go` inside `go test`: the oracle-bound
// output is written to a temporary directory, compiled with the Go
// toolchain, run against the correct oracle (everything must pass, nothing
// skip) and against every mutant of a block the suite carries (each must
// fail at least one test, with the same number of tests run).

// preparedModule is oracle-bound output, compiled and ready to run.
type preparedModule struct {
	dir  string
	tool verify.Toolchain
}

// prepare writes the oracle-bound output for files and compiles it,
// skipping when there is no go command.
func prepare(t *testing.T, files []backend.File) preparedModule {
	t.Helper()
	tool := verify.NewGoToolchain()
	if err := tool.Available(); err != nil {
		t.Skip(err)
	}
	dir := t.TempDir()
	writeFiles(t, dir, files)
	var log strings.Builder
	if err := tool.Prepare(context.Background(), dir, &log); err != nil {
		t.Fatalf("prepare: %v\n%s", err, log.String())
	}
	return preparedModule{dir: dir, tool: tool}
}

// run runs the compiled tests with the named fault ("" for none).
func (m preparedModule) run(t *testing.T, fault string) verify.Result {
	t.Helper()
	res, err := m.tool.Run(context.Background(), m.dir, []string{verify.EnvOracleFault + "=" + fault})
	if err != nil {
		t.Fatalf("run with fault %q: %v", fault, err)
	}
	return res
}

func TestOracleOutputPassesAndKillsEveryMutant(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("compiles and runs the generated module once per suite and mutant")
	}
	for _, sc := range suites {
		t.Run(sc.name, func(t *testing.T) {
			t.Parallel()
			s := sc.load(t)
			m := prepare(t, generate(t, s, backend.Options{Binding: backend.BindOracle}))
			baseline := m.run(t, "")
			if baseline.Failed > 0 || baseline.Skipped > 0 || baseline.Passed == 0 {
				t.Fatalf("against the correct oracle: %d passed, %d failed, %d skipped (%s)\n%s",
					baseline.Passed, baseline.Failed, baseline.Skipped, baseline.Summary, baseline.Output)
			}
			if res := m.run(t, "no-such-fault"); res.Failed == 0 || res.Passed > 0 {
				t.Errorf("an unknown fault ran the tests (%d passed) instead of failing them", res.Passed)
			}
			for _, f := range oracle.Faults() {
				if !s.HasBlock(f.Block) {
					continue
				}
				res := m.run(t, string(f.Name))
				if res.Failed == 0 || res.Total() != baseline.Total() {
					t.Errorf("mutant %s (%s) survived: %d of %d tests failed, baseline ran %d", f.Name, f.Block, res.Failed, res.Total(), baseline.Total())
				}
			}
		})
	}
}
