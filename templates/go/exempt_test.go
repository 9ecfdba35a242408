package gobackend_test

import (
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	gobackend "github.com/babelqueue/bqgen/templates/go"
)

// The exemptions, run: the oracle-bound kafka tests with a known failure on
// a case every oracle here passes (its test fails, "now passes"), known
// failures on the two cases the kafka-reconcile-max mutant fails (against
// the mutant they skip, "known failure", never passing; against the correct
// oracle they fail, "now passes"), and a skip.
func TestExemptionsRun(t *testing.T) {
	t.Parallel()
	s, err := gobackend.CanonicalSuite(t).Select([]string{model.BlockKafka})
	if err != nil {
		t.Fatal(err)
	}
	const (
		passing  = "kafka/header-present"
		mutated  = "kafka/later-header-lower-than-body"
		overrode = "kafka/header-authoritative-overrides"
		skipped  = "kafka/property_projection"
		mutant   = "kafka-reconcile-max" // takes max(body, header): fails the header lower than the body
		recorded = "    --- FAIL: TestConformanceSuiteKafkaAttemptsReconciliation/"
	)
	m := prepare(t, gobackend.Generate(t, s, backend.Options{Binding: backend.BindOracle, Exemptions: []backend.Exemption{
		{Pattern: passing, Action: backend.ExemptFail, Reason: "reads the header as a count"},
		{Pattern: mutated, Action: backend.ExemptFail, Reason: "takes the max"},
		{Pattern: overrode, Action: backend.ExemptFail, Reason: "takes the max"},
		{Pattern: skipped, Action: backend.ExemptSkip, Reason: "no projection yet"},
	}}))

	correct := m.run(t, "")
	if correct.Failed != 3 || correct.Skipped != 1 {
		t.Errorf("correct oracle: %d failed, %d skipped; want the three known failures that pass to fail, and the skip\n%s",
			correct.Failed, correct.Skipped, correct.Output)
	}
	for _, want := range []string{
		recorded + "header-present ",
		"now passes: remove the exemption " + passing + " from bqgen.yaml",
		"now passes: remove the exemption " + mutated + " from bqgen.yaml",
		"exempt: no projection yet",
	} {
		if !strings.Contains(correct.Output, want) {
			t.Errorf("correct oracle: the output does not say %q\n%s", want, correct.Output)
		}
	}

	broken := m.run(t, mutant)
	if broken.Failed != 1 || !strings.Contains(broken.Output, recorded+"header-present ") {
		t.Errorf("%s: %d failed; want only %s (now passing) to fail\n%s", mutant, broken.Failed, passing, broken.Output)
	}
	if got := strings.Count(broken.Output, "known failure: takes the max"); got != 2 {
		t.Errorf("%s: %d known failures, want 2\n%s", mutant, got, broken.Output)
	}
	// A known failure is never a pass: go test shows it skipped, saying so.
	if broken.Skipped != 3 || strings.Count(broken.Output, "--- SKIP: ") != 3 {
		t.Errorf("%s: %d skipped; want the two known failures and the skip\n%s", mutant, broken.Skipped, broken.Output)
	}
}
