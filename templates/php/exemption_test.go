package php_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/prooftest"
	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/templates/php"
	"github.com/babelqueue/bqgen/verify"
	"github.com/babelqueue/bqgen/writer"
)

// TestExemptionsRunAsBqgenYamlSays runs the oracle-bound output of the
// cases block, with exemptions, under PHPUnit: a known failure the subject
// passes fails ("now passes"), one the subject fails (a mutant that accepts
// attempts 1.5) is reported incomplete ("known failure"), and a skip skips
// ("exempt"), each with its own message.
func TestExemptionsRunAsBqgenYamlSays(t *testing.T) {
	tc := verify.NewPHPToolchain().(verify.PHPToolchain)
	prooftest.RequireToolchain(t, tc)
	s, err := suitetest.Canonical(t).Select([]string{model.BlockCases})
	if err != nil {
		t.Fatal(err)
	}
	files, err := php.New().Generate(s, backend.Options{Binding: backend.BindOracle, Exemptions: []backend.Exemption{
		{Pattern: "cases/order-created", Action: backend.ExemptFail, Reason: "decode drops the data (issue 1)"},
		{Pattern: "cases/invalid-attempts-*", Action: backend.ExemptFail, Reason: "accepts() takes 1.5 as attempts (issue 2)"},
		{Pattern: "cases/urn-alias", Action: backend.ExemptSkip, Reason: "no urn alias yet (issue 3)"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if _, err := writer.Write(context.Background(), dir, "php", files, false); err != nil {
		t.Fatal(err)
	}
	bin := prooftest.OracleBin(t)

	correct := runTeamCity(t, tc, dir, bin, "")
	correct.want(t, "test_order_created", "failed", "now passes: remove the exemption cases/order-created from bqgen.yaml")
	correct.want(t, "test_invalid_attempts_fraction", "failed", "now passes: remove the exemption cases/invalid-attempts-* from bqgen.yaml")
	correct.want(t, "test_urn_alias", "ignored", "exempt: no urn alias yet (issue 3)")
	correct.want(t, "test_dead_lettered", "passed", "")

	mutant := runTeamCity(t, tc, dir, bin, "attempts-fraction-accepted")
	mutant.want(t, "test_invalid_attempts_fraction", "ignored", "known failure: accepts() takes 1.5 as attempts (issue 2)")
	mutant.want(t, "test_order_created", "failed", "now passes: remove the exemption cases/order-created from bqgen.yaml")
	mutant.want(t, "test_urn_alias", "ignored", "exempt: no urn alias yet (issue 3)")
}

// teamCityRun is the outcome of each test of a PHPUnit run, by method
// name: "passed", "failed" or "ignored" (skipped or incomplete), with its
// message.
type teamCityRun struct {
	outcome, message map[string]string
	output           string
}

func (r teamCityRun) want(t *testing.T, test, outcome, message string) {
	t.Helper()
	if got := r.outcome[test]; got != outcome {
		t.Errorf("%s %s, want %s\n%s", test, got, outcome, r.output)
	}
	if !strings.Contains(r.message[test], message) {
		t.Errorf("%s says %q, want %q", test, r.message[test], message)
	}
}

// teamCityEvent is a line of PHPUnit's --teamcity output (PHPUnit 9 and 10+).
var teamCityEvent = regexp.MustCompile(`##teamcity\[(testStarted|testFailed|testIgnored) name='((?:[^'|]|\|.)*)'(?: message='((?:[^'|]|\|.)*)')?`)

// runTeamCity runs the output's PHPUnit configuration against the oracle, or
// the mutant fault, and reads each test's outcome.
func runTeamCity(t *testing.T, tc verify.PHPToolchain, dir, bin, fault string) teamCityRun {
	t.Helper()
	cmd := exec.Command(tc.PHPUnit, "--configuration", filepath.Join(dir, php.PHPUnitConfig), "--teamcity", "--colors=never")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), backend.EnvOracleBin+"="+bin, backend.EnvOracleFault+"="+fault)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	_ = cmd.Run() // failing tests make PHPUnit exit non-zero
	r := teamCityRun{outcome: map[string]string{}, message: map[string]string{}, output: out.String()}
	unescape := strings.NewReplacer("|'", "'", "|n", "\n", "|r", "\r", "||", "|", "|[", "[", "|]", "]")
	for _, m := range teamCityEvent.FindAllStringSubmatch(out.String(), -1) {
		name := unescape.Replace(m[2])
		switch m[1] {
		case "testStarted":
			r.outcome[name] = "passed"
		case "testFailed":
			r.outcome[name], r.message[name] = "failed", unescape.Replace(m[3])
		case "testIgnored":
			r.outcome[name], r.message[name] = "ignored", unescape.Replace(m[3])
		}
	}
	if len(r.outcome) == 0 {
		t.Fatalf("PHPUnit reported no test:\n%s", out.String())
	}
	return r
}
