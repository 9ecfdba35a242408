package validate

import (
	"sort"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/racetest"
	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/oracle"
)

// everyCase lists every case the generated tests cover, as the correct
// oracle answers them (all agree, so each expectation is one entry).
func everyCase(s *model.Suite) map[string]bool {
	out := map[string]bool{}
	for _, e := range expectations(s) {
		out[e.caseKey()] = true
	}
	return out
}

// TestEveryCaseIsKilledByAMutant is the standard that every generated test
// must be seen to fail against some mutant: each case of both suites is
// failed by at least one fault of the oracle.
func TestEveryCaseIsKilledByAMutant(t *testing.T) {
	t.Parallel()
	suites := map[string]func(testing.TB) *model.Suite{"canonical": suitetest.Canonical, "upstream": suitetest.Upstream}
	for name, load := range suites {
		name, load := name, load
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := load(t)
			unkilled := everyCase(s)
			for _, f := range oracle.Faults() {
				if f.Block == "" && f.Sub == "" {
					continue // the echo subjects fail nearly everything; a case needs a realistic bug
				}
				o, err := oracle.New(f.Name)
				if err != nil {
					t.Fatal(err)
				}
				ds, err := Disagreements(s, o)
				if err != nil {
					t.Fatal(err)
				}
				for _, d := range ds {
					delete(unkilled, d.caseKey())
				}
			}
			for k := range unkilled {
				t.Errorf("no mutant fails case %s", k)
			}
		})
	}
}

// TestHoleCasesEachKillTheirOwnMutant: every case the canonical suite gained
// to close a hole that mutating real SDKs found fails its mutant, and the
// mutant fails exactly the cases listed (one rule, checked at the top level
// and one level down, is one mutant), so removing a case would let that bug
// through and no mutant is a blunt instrument.
func TestHoleCasesEachKillTheirOwnMutant(t *testing.T) {
	racetest.SkipRepetition(t, "it asks the oracle one mutant after another; validate.ask's concurrent questions are raced by TestCrossCheckCacheIsKeyedByTheFiles and every Suite call")
	t.Parallel()
	s := suitetest.Canonical(t)
	for mutant, want := range holeMutants() {
		o, err := oracle.New(mutant)
		if err != nil {
			t.Fatal(err)
		}
		ds, err := Disagreements(s, o)
		if err != nil {
			t.Fatal(err)
		}
		var failed []string
		for _, d := range ds {
			if !strings.HasPrefix(d.Case, "derived-") { // the derived cases' kills are derive's TestDerivedCasesKillTheirMutants
				failed = append(failed, d.Block+" "+d.Case)
			}
		}
		sort.Strings(failed)
		sort.Strings(want)
		if strings.Join(failed, "\n") != strings.Join(want, "\n") {
			t.Errorf("mutant %s fails %q, want exactly %q", mutant, failed, want)
		}
	}
}

// holeMutants maps each hole's mutant to the cases that must fail it: 1.2.0's
// single cases, and 1.4.0's rules (schema_version below 1 or absent, negative
// attempts, a data that is not an object, job beside its urn alias, every
// payload keyword on both sides of its boundary and nested, a bq-attempts
// header that is not canonical text).
func holeMutants() map[oracle.Fault][]string {
	nested := func(rule string) []string {
		return []string{"payload_schema " + rule, "payload_schema " + strings.Replace(rule, "-", "-nested-", 1)}
	}
	return map[oracle.Fault][]string{
		"trace-id-optional":                       {"cases invalid-trace-id-missing"},
		"trace-id-empty-accepted":                 {"cases invalid-trace-id-empty"},
		"trace-id-not-trimmed":                    {"cases invalid-trace-id-blank"},
		"attempts-fraction-accepted":              {"cases invalid-attempts-fraction"},
		"data-null-accepted":                      {"cases invalid-data-null"},
		"data-missing-accepted":                   {"cases invalid-data-missing"},
		"payload-minimum-exclusive":               nested("valid-at-minimum"),
		"sqs-reconcile-overwrites-late-retry":     {"sqs later-retry-keeps-body"},
		"asb-reconcile-overwrites-late-retry":     {"asb later-retry-keeps-body"},
		"pulsar-reconcile-overwrites-late-retry":  {"pulsar later-retry-keeps-body"},
		"artemis-reconcile-overwrites-late-retry": {"artemis later-retry-keeps-body"},
		"kafka-reconcile-max-late-header":         {"kafka later-header-lower-than-body"},
		"schema-version-only-newer-rejected":      {"cases invalid-schema-version-zero", "cases invalid-schema-version-negative"},
		"schema-version-falsy-skipped":            {"cases invalid-schema-version-zero", "cases invalid-schema-version-missing"},
		"schema-version-missing-defaults":         {"cases invalid-schema-version-missing"},
		"attempts-negative-accepted":              {"cases invalid-attempts-negative"},
		"data-scalar-accepted": {"cases invalid-data-string", "cases invalid-data-json-string",
			"cases invalid-data-number", "cases invalid-data-boolean"},
		"data-json-string-decoded":            {"cases invalid-data-json-string"},
		"urn-alias-preferred":                 {"cases job-and-urn-differ"},
		"payload-enum-loose":                  nested("invalid-enum-string-for-integer"),
		"payload-const-loose":                 nested("invalid-const-string-for-integer"),
		"payload-maximum-ignored":             nested("invalid-above-maximum"),
		"payload-maximum-exclusive":           nested("valid-at-maximum"),
		"payload-exclusive-minimum-inclusive": nested("invalid-at-exclusive-minimum"),
		"payload-exclusive-maximum-inclusive": nested("invalid-at-exclusive-maximum"),
		"payload-max-length-ignored":          nested("invalid-above-max-length"),
		"payload-max-length-exclusive":        nested("valid-at-max-length"),
		"payload-min-length-ignored": append(nested("invalid-below-min-length"), "payload_schema_unicode turkish-2cp-min3",
			"payload_schema_unicode emoji-1cp-min2", "payload_schema_unicode emoji-plus-ascii-2cp-min3"),
		"payload-pattern-ignored":               nested("invalid-pattern-not-found"),
		"payload-pattern-anchored":              nested("valid-pattern-found-inside"),
		"payload-items-ignored":                 nested("invalid-item-wrong-type"),
		"payload-minimum-ignored":               nested("invalid-below-minimum"),
		"payload-additional-properties-ignored": nested("invalid-additional-property"),
		"payload-nested-required-ignored":       {"payload_schema invalid-nested-missing-required"},
		"payload-nested-unchecked": {"payload_schema invalid-nested-missing-required", "payload_schema invalid-nested-wrong-type",
			"payload_schema invalid-nested-additional-property", "payload_schema invalid-nested-below-minimum",
			"payload_schema invalid-nested-enum-string-for-integer", "payload_schema invalid-nested-above-maximum",
			"payload_schema invalid-nested-at-exclusive-minimum", "payload_schema invalid-nested-at-exclusive-maximum",
			"payload_schema invalid-nested-above-max-length", "payload_schema invalid-nested-below-min-length",
			"payload_schema invalid-nested-pattern-not-found",
			"payload_schema invalid-nested-const-string-for-integer", "payload_schema invalid-nested-item-wrong-type"},
		"payload-exclusive-minimum-off-by-one": nested("valid-above-exclusive-minimum"),
		"payload-exclusive-maximum-off-by-one": nested("valid-below-exclusive-maximum"),
		"payload-const-number-as-double":       nested("valid-const"),
		"payload-enum-number-as-double":        nested("valid-enum-integer"),
		"payload-items-on-array":               nested("valid-items"),
		"payload-length-range-min-exclusive":   nested("valid-at-min-length"),
		"payload-nested-required-on-parent": {"payload_schema valid-nested-minimal", "payload_schema valid-nested-at-minimum",
			"payload_schema valid-nested-enum-integer", "payload_schema valid-nested-at-maximum",
			"payload_schema valid-nested-above-exclusive-minimum", "payload_schema valid-nested-below-exclusive-maximum",
			"payload_schema valid-nested-at-min-length", "payload_schema valid-nested-at-max-length",
			"payload_schema valid-nested-pattern-found-inside", "payload_schema valid-nested-const", "payload_schema valid-shipping",
			"payload_schema valid-nested-items"},
		"kafka-header-float":           {"kafka header-fraction-ignored"},
		"kafka-header-trimmed":         {"kafka header-leading-space-ignored"},
		"kafka-empty-header-zero":      {"kafka header-empty-ignored"},
		"kafka-unparsable-header-zero": {"kafka header-fraction-ignored", "kafka header-leading-space-ignored", "kafka header-not-a-number-ignored", "kafka header-empty-ignored"},
	}
}

// TestEveryCaseFailsAgainstAnEchoSubject is the guard against checks that
// cannot fail: a subject answering its input or a constant (the shape of a
// scaffold mapping onto an identity function) must fail every case, against
// the zero or the affirmative echo. `bqgen verify` runs both against every
// language's tests, which must fail exactly these cases.
func TestEveryCaseFailsAgainstAnEchoSubject(t *testing.T) {
	t.Parallel()
	for name, load := range map[string]func(testing.TB) *model.Suite{"canonical": suitetest.Canonical, "upstream": suitetest.Upstream} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if survivors := echoSurvivors(t, load(t)); len(survivors) > 0 {
				t.Errorf("cases that pass against both echo subjects: %q", survivors)
			}
		})
	}
}

// echoSurvivors lists the cases of s that no echo subject fails.
func echoSurvivors(t *testing.T, s *model.Suite) []string {
	t.Helper()
	alive := everyCase(s)
	for _, echo := range []oracle.Fault{"echo-subject", "echo-subject-affirmative"} {
		o, err := oracle.New(echo)
		if err != nil {
			t.Fatal(err)
		}
		ds, err := Disagreements(s, o)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range ds {
			delete(alive, d.caseKey())
		}
	}
	var out []string
	for k := range alive {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// The guard finds a check that cannot fail: a payload identity judged on
// the element alone (the check redis payload_identity was before it asked
// for the ready list's lengths) passes against the echo subject.
func TestEchoGuardFindsACheckThatCannotFail(t *testing.T) {
	t.Parallel()
	s := suitetest.Canonical(t)
	want := string(s.Fixture(s.Redis.PayloadIdentity.EnvelopeFile))
	elementOnly := expectation{block: model.BlockRedis, name: "payload_identity", op: "redis_roundtrip",
		args: envelopeArgs(s, s.Redis.PayloadIdentity.EnvelopeFile),
		judge: func(r model.Value) string {
			if field(r, "element").Text != want {
				return "not identical"
			}
			return ""
		}}
	o, err := oracle.New("echo-subject")
	if err != nil {
		t.Fatal(err)
	}
	q, err := questionsOf([]expectation{elementOnly})
	if err != nil {
		t.Fatal(err)
	}
	answers, err := q.ask(o, nil)
	if err != nil {
		t.Fatal(err)
	}
	if msg := judgeAnswer(elementOnly, answers[0]); msg != "" {
		t.Fatalf("the echo subject failed the element-only check (%s); the guard would not see it", msg)
	}
	if got := echoSurvivors(t, s); len(got) != 0 {
		t.Errorf("with the lengths asked for, survivors %q", got)
	}
}

// TestEveryMutantIsCaughtByTheCanonicalSuite: bqgen's own suite catches
// every mutant (verify reports one it cannot as a hole of the suite, so
// the canonical suite must have none).
func TestEveryMutantIsCaughtByTheCanonicalSuite(t *testing.T) {
	racetest.SkipRepetition(t, "it asks the oracle one mutant after another; validate.ask's concurrent questions are raced by TestCrossCheckCacheIsKeyedByTheFiles and every Suite call")
	t.Parallel()
	s := suitetest.Canonical(t)
	for _, f := range oracle.Faults() {
		o, err := oracle.New(f.Name)
		if err != nil {
			t.Fatal(err)
		}
		ds, err := Disagreements(s, o)
		if err != nil {
			t.Fatal(err)
		}
		if len(ds) == 0 {
			t.Errorf("no case of the canonical suite catches mutant %s (%s)", f.Name, f.Description)
		}
	}
}

// TestMessagingMutantsStayInTheirRule: every mutant of a messaging block
// is caught by that block's cases and by no other block's, so each rule of
// the shared behaviour has mutants only its own cases kill.
func TestMessagingMutantsStayInTheirRule(t *testing.T) {
	racetest.SkipRepetition(t, "it asks the oracle one mutant after another; validate.ask's concurrent questions are raced by TestCrossCheckCacheIsKeyedByTheFiles and every Suite call")
	t.Parallel()
	s := suitetest.Canonical(t)
	rules := map[string]bool{model.BlockSettlement: true, model.BlockRowErrors: true, model.BlockFailedWrites: true}
	seen := map[string]int{}
	for _, f := range oracle.Faults() {
		if !rules[f.Block] {
			continue
		}
		o, err := oracle.New(f.Name)
		if err != nil {
			t.Fatal(err)
		}
		ds, err := Disagreements(s, o)
		if err != nil {
			t.Fatal(err)
		}
		if len(ds) == 0 {
			t.Errorf("mutant %s: no case fails", f.Name)
		}
		for _, d := range ds {
			if d.Block != f.Block {
				t.Errorf("mutant %s of %s fails %s case %q", f.Name, f.Block, d.Block, d.Case)
			}
		}
		seen[f.Block]++
	}
	for rule := range rules {
		if seen[rule] < 3 {
			t.Errorf("%s has %d mutants", rule, seen[rule])
		}
	}
}
