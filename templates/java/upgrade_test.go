package java_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/prooftest"
	"github.com/babelqueue/bqgen/internal/protocoltest"
	"github.com/babelqueue/bqgen/internal/suitetest"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/templates/java"
	"github.com/babelqueue/bqgen/verify"
)

// upgradeProbeClass is the hand-written test (testdata/upgrade/probe) that
// calls the appended operation through the generated subject accessor.
const upgradeProbeClass = "com.babelqueue.UpgradeProbeTest"

// A newer bqgen never breaks an SDK's build (issue 20): the canonical core
// scaffold as bqgen wrote it before the subject interface had defaults
// (testdata/upgrade, kept byte for byte) compiles with javac -Werror against
// the stand-in core, with tests generated after an operation is appended to
// the protocol, and every generated test ends as it does without the
// operation; the appended operation skips with the default's reason.
func TestUpgradeKeepsOldScaffold(t *testing.T) {
	tc := verify.NewJavaToolchain()
	prooftest.RequireToolchain(t, tc)
	launcher, err := verify.JUnitLauncher()
	if err != nil {
		t.Skip(err)
	}
	s := suitetest.Canonical(t)
	before := runOldScaffold(t, tc, launcher, s, false)
	protocoltest.Append(t, protocoltest.Probe) // not parallel: Append changes package state
	after := runOldScaffold(t, tc, launcher, s, true)

	const reason = "this scaffold predates operation probe_echo (bqgen adds it from suite 9.0.0)"
	probes := 0
	for test, outcome := range after {
		if !strings.HasPrefix(test, upgradeProbeClass+".") {
			continue
		}
		probes++
		if want := "not provided by the subject: " + reason; !strings.HasPrefix(outcome, "skipped: ") ||
			!strings.HasSuffix(outcome, want) {
			t.Errorf("%s: %s, want it skipped with %q", test, outcome, want)
		}
		delete(after, test)
	}
	if probes != 1 {
		t.Fatalf("%d tests of %s ran, want 1", probes, upgradeProbeClass)
	}
	if b, a := fmt.Sprint(tally(before)), fmt.Sprint(tally(after)); b != a {
		t.Errorf("outcomes without the appended operation %s, with it %s", b, a)
	}
	for test, outcome := range before {
		if after[test] != outcome {
			t.Errorf("%s: %s without the appended operation, %q with it", test, outcome, after[test])
		}
	}
	t.Logf("without and with the appended operation (its own test aside): %v", tally(before))
	// A run that passes nothing, or skips or fails nothing, would prove little.
	if n := tally(before); n["passed"] == 0 || n["failed"] == 0 || n["skipped"] == 0 {
		t.Errorf("the run is not a mix of outcomes: %v", n)
	}
}

// runOldScaffold generates the SDK-bound tests of s, replaces their scaffold
// with the old one, compiles them with the stand-in core 1.8.0 (plus the
// probe test when withProbe) and runs every test class, returning each
// test's outcome by class.method.
func runOldScaffold(t *testing.T, tc verify.Toolchain, launcher string, s *model.Suite, withProbe bool) map[string]string {
	t.Helper()
	dir := t.TempDir()
	java.WriteFiles(t, dir, java.Generate(t, s, backend.Options{Binding: backend.BindSDK}))
	sources := filepath.Join(dir, filepath.FromSlash(java.TestSourceRoot))
	pkg := filepath.Join(sources, "com", "babelqueue")
	old, err := os.ReadFile(filepath.Join("testdata", "upgrade", "SdkConformanceSubject.java"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(pkg, "SdkConformanceSubject.java"), old, 0o644); err != nil {
		t.Fatal(err)
	}
	copyTree(t, filepath.Join("testdata", "standin", "common"), sources)
	copyTree(t, filepath.Join("testdata", "standin", "core-1.8.0"), sources)
	if withProbe {
		copyTree(t, filepath.Join("testdata", "upgrade", "probe"), pkg)
	}
	var log bytes.Buffer
	if err := tc.Prepare(context.Background(), dir, &log); err != nil {
		t.Fatalf("the old scaffold does not build (appended operation: %v): %v\n%s", withProbe, err, log.String())
	}
	outcomes := map[string]string{}
	for _, r := range runSelected(t, dir, launcher, "--scan-class-path") {
		outcome := "passed"
		switch {
		case r.Skipped != nil:
			// The reason: the first line of the aborting exception's trace.
			why, _, _ := strings.Cut(strings.TrimSpace(r.Skipped.Message+r.Skipped.Text), "\n")
			outcome = "skipped: " + why
		case r.Failure != nil:
			outcome = "failed"
		}
		outcomes[r.Class+"."+r.Name] = outcome
	}
	if len(outcomes) == 0 {
		t.Fatal("no test ran")
	}
	return outcomes
}

// tally counts outcomes by kind: passed, failed, skipped.
func tally(outcomes map[string]string) map[string]int {
	n := map[string]int{}
	for _, o := range outcomes {
		if strings.HasPrefix(o, "skipped") {
			o = "skipped"
		}
		n[o]++
	}
	return n
}
