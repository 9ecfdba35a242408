package node_test

import (
	"context"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/prooftest"
	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/internal/testkit/tier"
	"github.com/babelqueue/bqgen/templates/node"
	"github.com/babelqueue/bqgen/verify"
)

// TestExemptionsBehave runs the oracle-bound output with exemptions through
// node:test: a known failure the oracle passes fails ("now passes"), one a
// mutant makes fail passes as a known failure (TODO), and a skip skips.
func TestExemptionsBehave(t *testing.T) {
	tier.Toolchain(t, "node")
	tc := nodeToolchain(t)
	bin := prooftest.OracleBin(t)
	files, err := node.New().Generate(suitetest.Canonical(t), backend.Options{Binding: backend.BindOracle, Exemptions: []backend.Exemption{
		{Pattern: "cases/order-created", Action: backend.ExemptFail, Reason: "the oracle passes it"},
		{Pattern: "kafka/later-header-*", Action: backend.ExemptFail, Reason: "reconciliation takes the max"},
		{Pattern: "sqs/attribute_projection", Action: backend.ExemptSkip, Reason: "no attributes here"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, f := range files {
		writeFile(t, dir, f.Path, f.Content)
	}
	var log strings.Builder
	if err := tc.Prepare(context.Background(), dir, &log); err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	run := func(fault string) verify.Result {
		env := []string{verify.EnvOracleBin + "=" + bin}
		if fault != "" {
			env = append(env, backend.EnvOracleFault+"="+fault)
		}
		res, err := tc.Run(context.Background(), dir, env)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}

	// The oracle passes both known failures: each fails, saying so.
	correct := run("")
	if correct.Failed != 2 {
		t.Errorf("against the oracle, %d tests failed; want 2, the known failures that pass\n%s", correct.Failed, correct.Output)
	}
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`(?m)^\s*not ok \d+ - order-created$`),
		regexp.MustCompile(`now passes: remove the exemption cases/order-created from bqgen.yaml`),
		regexp.MustCompile(`(?m)^\s*not ok \d+ - later-header-lower-than-body$`),
		regexp.MustCompile(`now passes: remove the exemption kafka/later-header-\* from bqgen.yaml`),
		regexp.MustCompile(`(?m)^\s*ok \d+ - sqs attribute_projection # SKIP exempt: no attributes here$`),
	} {
		if !want.MatchString(correct.Output) {
			t.Errorf("against the oracle, the output lacks %s\n%s", want, correct.Output)
		}
	}

	// The mutant fails the exempted case, which passes as a known failure,
	// and one case nothing exempts, which fails as before. A mutant's run
	// writes JUnit alone (verify reads its counts there).
	mutant := run("kafka-reconcile-max")
	junit := readFirst(t, mutant.Files)
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`<testcase name="later-header-lower-than-body"[^>]*>\s*<skipped type="todo" message="known failure: reconciliation takes the max"/>`),
		regexp.MustCompile(`<testcase name="header-authoritative-overrides"[^>]*>\s*<failure `),
		regexp.MustCompile(`<testcase name="order-created"[^>]*>\s*<failure `),
	} {
		if !want.MatchString(junit) {
			t.Errorf("against kafka-reconcile-max, the JUnit report lacks %s\n%s", want, junit)
		}
	}
	if mutant.Failed != 2 {
		t.Errorf("against kafka-reconcile-max, %d tests failed; want 2 (order-created, header-authoritative-overrides)\n%s", mutant.Failed, junit)
	}
}

// readFirst reads the first of a run's result files.
func readFirst(t *testing.T, files []string) string {
	t.Helper()
	if len(files) == 0 {
		t.Fatal("the run wrote no result file")
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
