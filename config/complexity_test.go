package config

import (
	"fmt"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/complexitytest"
)

// exemptionInput is a target with exemptions and the case ids they are
// checked against.
type exemptionInput struct {
	c   *Config
	ids []string
}

// unmatchedExemptions is a target whose every exemption matches nothing:
// case ids of a long, close name each (the closest-id search compares them
// all), wildcard patterns that scan every id and fail late, long literal
// patterns one edit from an id.
func unmatchedExemptions(exemptions, ids int) exemptionInput {
	long := strings.Repeat("near-miss-", 40)
	in := exemptionInput{c: &Config{Path: "bqgen.yaml", Targets: []Target{{Lang: "go", Out: "."}}}}
	for i := range ids {
		in.ids = append(in.ids, fmt.Sprintf("cases/%s%06d", long, i))
	}
	for j := range exemptions {
		pattern := fmt.Sprintf("cases/%s%06dx", long, j)
		if j%2 == 1 {
			pattern = "cases/*" + long[:20+j%100] + "*zz"
		}
		in.c.Targets[0].Exemptions = append(in.c.Targets[0].Exemptions, Exemption{Case: pattern, Action: ActionSkip, Reason: "r", line: j + 1})
	}
	return in
}

func checkAll(t *testing.T) func(exemptionInput) {
	return func(in exemptionInput) {
		err := in.c.CheckExemptions(0, "go into .", in.ids, "bqgen cases")
		if err == nil || !strings.Contains(err.Error(), "matches no case") {
			t.Fatalf("want every exemption refused, got %v", err)
		}
	}
}

// Checking a target's exemptions (bqgen generate, check and diff with a
// bqgen.yaml) is linear in the suite's case ids and in the exemptions, up
// to MaxExemptions: only the first few unmatched get the closest ids, each
// compared over a bounded prefix.
func TestComplexityExemptions(t *testing.T) {
	complexitytest.Skip(t)
	complexitytest.Linear(t, "exemptions (closest ids, many case ids)", 64,
		func(n int) exemptionInput { return unmatchedExemptions(64, n) }, checkAll(t))
	complexitytest.LinearUpTo(t, "exemptions (closest ids, many exemptions)", 8, MaxExemptions,
		func(n int) exemptionInput { return unmatchedExemptions(n, 512) }, checkAll(t))
	complexitytest.Linear(t, "exemptions (closest ids, long ids and patterns)", 256, longNames, checkAll(t))
}

// longNames is a few literal patterns and case ids of n bytes each, one
// edit apart: an edit distance over whole names would cost n² a pair.
func longNames(n int) exemptionInput {
	in := exemptionInput{c: &Config{Path: "bqgen.yaml", Targets: []Target{{Lang: "go", Out: "."}}}}
	for i := range 8 {
		name := fmt.Sprintf("cases/%d", i) + strings.Repeat("ab", n/2)
		in.ids = append(in.ids, name)
		in.c.Targets[0].Exemptions = append(in.c.Targets[0].Exemptions, Exemption{Case: name + "x", Action: ActionSkip, Reason: "r", line: i + 1})
	}
	return in
}

// A target of more exemptions than MaxExemptions, or a pattern longer than
// MaxPattern, is refused naming the line: the bound the ladder above
// stops at.
func TestExemptionBounds(t *testing.T) {
	var b strings.Builder
	b.WriteString("targets:\n  - lang: go\n    out: .\n    exemptions:\n")
	for i := range MaxExemptions + 1 {
		fmt.Fprintf(&b, "      - case: \"cases/c%d\"\n        action: skip\n        reason: r\n", i)
	}
	fmt.Fprintf(&b, "      - case: %q\n        action: skip\n        reason: r\n", "cases/"+strings.Repeat("x", MaxPattern))
	_, err := Parse("bqgen.yaml", []byte(b.String()), []string{"go"}, []string{"cases"})
	if err == nil {
		t.Fatal("want the exemptions refused")
	}
	problems := err.Error()
	for _, want := range []string{fmt.Sprintf("more than %d exemptions", MaxExemptions), fmt.Sprintf("over %d", MaxPattern)} {
		if !strings.Contains(problems, want) {
			t.Errorf("want a problem saying %q, got:\n%.2000s", want, problems)
		}
	}
}

// An out dir in a version control system's directory, in any spelling, is
// refused naming the line: bqgen never writes there.
func TestOutInAVCSDirectoryIsRefused(t *testing.T) {
	for _, out := range []string{".git", "sdk/.git/hooks", ".GIT.", "a/.hg", "GIT~1/x"} {
		body := fmt.Sprintf("targets:\n  - lang: go\n    out: %q\n", out)
		_, err := Parse("bqgen.yaml", []byte(body), []string{"go"}, []string{"cases"})
		if err == nil || !strings.Contains(err.Error(), "version control system's directory") || !strings.Contains(err.Error(), "line 2") {
			t.Errorf("out %q: want it refused on line 2, got %v", out, err)
		}
	}
}
