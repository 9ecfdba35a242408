package dotnet_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/prooftest"
	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/templates/dotnet"
	"github.com/babelqueue/bqgen/verify"
)

// The "fail" exemptions run on the real toolchain: a known failure on a case
// the oracle passes fails the run with "now passes", and one on the case a
// mutant breaks is skipped as a known failure against that mutant.
func TestKnownFailuresRun(t *testing.T) {
	tc := prooftest.Shared(t, verify.NewDotnetToolchain())
	prooftest.RequireToolchain(t, tc)
	bin := prooftest.OracleBin(t)
	const passes, broken, mutant = "cases/order-created", "sqs/later-retry-keeps-body", "sqs-reconcile-overwrites-late-retry"
	files, err := dotnet.New().Generate(suitetest.Canonical(t), backend.Options{Binding: backend.BindOracle,
		Exemptions: []backend.Exemption{
			{Pattern: passes, Action: backend.ExemptFail, Reason: "the oracle passes it"},
			{Pattern: broken, Action: backend.ExemptFail, Reason: "the mutant breaks it"},
		}})
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
	var log strings.Builder
	ctx := context.Background()
	if err := tc.Prepare(ctx, dir, &log); err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	nowPasses := "now passes: remove the exemption " + passes + " from bqgen.yaml"
	// The correct oracle passes both cases: both exemptions "now pass". The
	// mutant breaks only the second: it is a known failure, skipped (never a
	// pass), so that run skips one test more than the first.
	var skipped []int
	for _, run := range []struct {
		fault  string
		failed int
	}{{"", 2}, {mutant, 1}} {
		env := []string{backend.EnvOracleBin + "=" + bin, backend.EnvOracleFault + "=" + run.fault}
		res, err := tc.Run(ctx, dir, env)
		if err != nil {
			t.Fatal(err)
		}
		if res.Failed != run.failed || !strings.Contains(res.Output, nowPasses) {
			t.Errorf("fault %q: %s: want %d failures, one saying %q\n%s", run.fault, res.Summary, run.failed, nowPasses, res.Output)
		}
		brokenPasses := strings.Contains(res.Output, "now passes: remove the exemption "+broken)
		if brokenPasses != (run.fault == "") {
			t.Errorf("fault %q: %s reported as now passing: %v\n%s", run.fault, broken, brokenPasses, res.Output)
		}
		skipped = append(skipped, res.Skipped)
	}
	if len(skipped) == 2 && skipped[1] != skipped[0]+1 {
		t.Errorf("skipped %d against the oracle and %d against %s; want one more: the known failure", skipped[0], skipped[1], mutant)
	}
}
