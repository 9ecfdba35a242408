package php_test

import (
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
)

// The missing-feature rule on a stand-in php-sdk (testdata/standin, selected
// by BQGEN_STANDIN): the SDK-bound tests of the core target, run with
// PHPUnit. An SDK without an API skips the tests that need it with a reason
// naming the API (decode's warning hook, the idempotency helper, the payload
// validator) while the cases tests still run; an SDK with the API that
// misbehaves fails them; one that behaves passes them.

// ruleBlocks are the blocks the rule test generates, by test class.
var ruleBlocks = map[string]string{
	model.BlockCases:         "CasesConformanceTest",
	model.BlockIdempotency:   "IdempotencyConformanceTest",
	model.BlockPayloadSchema: "PayloadSchemaConformanceTest",
	model.BlockForbiddenKeys: "ForbiddenKeysConformanceTest",
}

// ruleOutcome is one test's outcome as PHPUnit's TeamCity log reports it.
type ruleOutcome struct {
	Class, Test, Outcome, Message string
}

func TestMissingFeatureRuleOnStandIn(t *testing.T) {
	prooftest.RequireToolchain(t, verify.NewPHPToolchain())
	var blocks []string
	for block := range ruleBlocks {
		blocks = append(blocks, block)
	}
	s, err := suitetest.Canonical(t).Select(blocks)
	if err != nil {
		t.Fatal(err)
	}
	files, err := php.New().Generate(s, backend.Options{Binding: backend.BindSDK})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("testdata/standin")); err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Content, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	byVariant := map[string]map[string][]ruleOutcome{}
	for _, variant := range []string{"without", "wrong", "with"} {
		byVariant[variant] = runStandIn(t, dir, variant)
	}
	for variant, classes := range byVariant {
		for _, class := range ruleBlocks {
			if len(classes[class]) == 0 {
				t.Fatalf("%s: no test of %s ran", variant, class)
			}
		}
		for _, o := range classes[ruleBlocks[model.BlockCases]] {
			if o.Outcome == "skipped" {
				t.Errorf("%s: %s skips, but decode is provided: %s", variant, o.Test, o.Message)
			}
		}
	}
	without := byVariant["without"]
	expectAll(t, "without", without[ruleBlocks[model.BlockForbiddenKeys]], "skipped", "this php-sdk has no decode warnings hook")
	expectAll(t, "without", without[ruleBlocks[model.BlockIdempotency]], "skipped", `this php-sdk has no idempotency helper (BabelQueue\Idempotency\Idempotent)`)
	expectAll(t, "without", without[ruleBlocks[model.BlockPayloadSchema]], "skipped", `this php-sdk has no payload validator (BabelQueue\Schema\PayloadValidator)`)

	wrong := byVariant["wrong"]
	expectAll(t, "wrong", wrong[ruleBlocks[model.BlockForbiddenKeys]], "failed", "no warning names")
	expectSome(t, "wrong", wrong[ruleBlocks[model.BlockIdempotency]], "failed")
	expectSome(t, "wrong", wrong[ruleBlocks[model.BlockPayloadSchema]], "failed")

	with := byVariant["with"]
	expectAll(t, "with", with[ruleBlocks[model.BlockForbiddenKeys]], "passed", "")
	expectAll(t, "with", with[ruleBlocks[model.BlockIdempotency]], "passed", "")
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

// teamCity is one message of PHPUnit's TeamCity log, and attribute one of
// its attributes.
var (
	teamCity  = regexp.MustCompile(`(?m)^##teamcity\[(testStarted|testFailed|testIgnored) (.*)\]$`)
	attribute = regexp.MustCompile(`(\w+)='((?:[^'|]|\|.)*)'`)
)

// teamCityText undoes TeamCity's escapes.
var teamCityText = strings.NewReplacer("|'", "'", "|n", "\n", "|r", "\r", "||", "|", "|[", "[", "|]", "]")

// attributes are the attributes of a TeamCity message, unescaped.
func attributes(text string) map[string]string {
	attrs := map[string]string{}
	for _, m := range attribute.FindAllStringSubmatch(text, -1) {
		attrs[m[1]] = teamCityText.Replace(m[2])
	}
	return attrs
}

// runStandIn runs the generated tests with PHPUnit against the stand-in
// variant and returns the outcomes by test class.
func runStandIn(t *testing.T, dir, variant string) map[string][]ruleOutcome {
	t.Helper()
	log := filepath.Join(t.TempDir(), "teamcity.log")
	cmd := exec.Command("phpunit", "--no-configuration", "--bootstrap", filepath.Join(dir, "bootstrap.php"),
		"--log-teamcity", log, "--colors=never", filepath.Join(dir, "tests", "ConformanceGenerated"))
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "BQGEN_STANDIN="+variant)
	out, _ := cmd.CombinedOutput() // failing tests exit non-zero: read the log
	data, err := os.ReadFile(log)
	if err != nil {
		t.Fatalf("%s: phpunit wrote no log: %v\n%s", variant, err, out)
	}
	classes := map[string][]ruleOutcome{}
	var current *ruleOutcome
	flush := func() {
		if current != nil {
			classes[current.Class] = append(classes[current.Class], *current)
		}
		current = nil
	}
	for _, m := range teamCity.FindAllStringSubmatch(string(data), -1) {
		attrs := attributes(m[2])
		switch m[1] {
		case "testStarted":
			flush()
			// php_qn://<file>::\<Namespace>\<Class>::<method>
			parts := strings.Split(attrs["locationHint"], "::")
			class := parts[len(parts)-2]
			current = &ruleOutcome{Class: class[strings.LastIndex(class, `\`)+1:], Test: attrs["name"], Outcome: "passed"}
		case "testFailed":
			current.Outcome, current.Message = "failed", attrs["message"]+"\n"+attrs["details"]
		case "testIgnored":
			current.Outcome, current.Message = "skipped", attrs["message"]
		}
	}
	flush()
	if len(classes) == 0 {
		t.Fatalf("%s: no test in the log\n%s\n%s", variant, data, out)
	}
	return classes
}
