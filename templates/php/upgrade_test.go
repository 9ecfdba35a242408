package php_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/prooftest"
	"github.com/babelqueue/bqgen/internal/testkit/protocoltest"
	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/templates/php"
	"github.com/babelqueue/bqgen/verify"
)

// An SDK upgrades bqgen: the scaffold it owns (testdata/upgrade/SdkSubject.php,
// written by bqgen before SubjectDefaults existed: it implements Subject
// method by method) stays as it is, while the generated files come from a
// later protocol with an operation appended. With the stand-in php-sdk, the
// whole canonical suite loads and runs exactly as it does without the
// operation, and a test calling the operation through the generated subject
// skips with the default's reason.

// probeTest is the hand-written test class that calls probe_echo.
const probeTest = "ProbeEchoTest"

func TestUpgradeKeepsOldScaffold(t *testing.T) { // not parallel: protocoltest.Append
	prooftest.RequireToolchain(t, verify.NewPHPToolchain())
	old, err := os.ReadFile("testdata/upgrade/SdkSubject.php")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(old, []byte("final class SdkSubject implements Subject\n")) {
		t.Fatal("testdata/upgrade/SdkSubject.php is not a scaffold from before SubjectDefaults")
	}
	probe, err := os.ReadFile("testdata/upgrade/" + probeTest + ".php")
	if err != nil {
		t.Fatal(err)
	}
	variants := []string{"without", "wrong", "with"}
	before := map[string]map[string][]ruleOutcome{}
	dir := upgradeDir(t, old, nil)
	for _, variant := range variants {
		before[variant] = runStandIn(t, dir, variant)
	}

	protocoltest.Append(t, protocoltest.Probe)
	dir = upgradeDir(t, old, probe)
	for _, variant := range variants {
		after := runStandIn(t, dir, variant)
		probed := after[probeTest]
		delete(after, probeTest)
		got, want := outcomes(after), outcomes(before[variant])
		if got != want {
			t.Errorf("%s: with probe_echo appended the suite ran\n%s\nwithout it\n%s", variant, got, want)
		}
		t.Logf("%s: %s, with probe_echo appended as without it", variant, got[strings.LastIndex(got, "\n")+1:])
		reason := "not provided by the subject: this scaffold predates operation probe_echo (bqgen adds it from suite 9.0.0)"
		if len(probed) != 1 || probed[0].Outcome != "skipped" || probed[0].Message != reason {
			t.Errorf("%s: the probe_echo test: %+v, want it skipped with %q", variant, probed, reason)
		}
	}
}

// upgradeDir is a checkout of the stand-in php-sdk with the files bqgen
// generates now for the canonical suite, the old scaffold in place of the
// fresh one, and the probe test when it is given.
func upgradeDir(t *testing.T, scaffold, probe []byte) string {
	t.Helper()
	files, err := php.New().Generate(suitetest.Canonical(t), backend.Options{Binding: backend.BindSDK})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("testdata/standin")); err != nil {
		t.Fatal(err)
	}
	files = append(files, backend.File{Path: php.ScaffoldFile, Content: scaffold})
	if probe != nil {
		files = append(files, backend.File{Path: php.TestDir + "/" + probeTest + ".php", Content: probe})
	}
	for _, f := range files { // the old scaffold comes last: it replaces the fresh one
		p := filepath.Join(dir, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Content, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// outcomes lists every test's outcome, sorted, then the count of each.
func outcomes(classes map[string][]ruleOutcome) string {
	var lines []string
	counts := map[string]int{}
	for class, list := range classes {
		for _, o := range list {
			lines = append(lines, class+"::"+o.Test+" "+o.Outcome)
			counts[o.Outcome]++
		}
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n") + fmt.Sprintf("\n%d passed, %d failed, %d skipped", counts["passed"], counts["failed"], counts["skipped"])
}
