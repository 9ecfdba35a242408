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
	"github.com/babelqueue/bqgen/internal/testkit/prooftest"
	"github.com/babelqueue/bqgen/internal/testkit/protocoltest"
	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
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
	tc := prooftest.Shared(t, verify.NewJavaToolchain())
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
	old, err := os.ReadFile(filepath.Join("testdata", "upgrade", "SdkConformanceSubject.java"))
	if err != nil {
		t.Fatal(err)
	}
	dir := sdkProject(t, s, old, withProbe)
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

// sdkProject writes the SDK-bound tests of s with scaffold as the SDK's
// scaffold and the stand-in core 1.8.0 (plus the probe test when
// withProbe) into a new directory, and returns it.
func sdkProject(t *testing.T, s *model.Suite, scaffold []byte, withProbe bool) string {
	t.Helper()
	dir := t.TempDir()
	java.WriteFiles(t, dir, java.Generate(t, s, backend.Options{Binding: backend.BindSDK}))
	sources := filepath.Join(dir, filepath.FromSlash(java.TestSourceRoot))
	pkg := filepath.Join(sources, "com", "babelqueue")
	if err := os.WriteFile(filepath.Join(pkg, "SdkConformanceSubject.java"), scaffold, 0o644); err != nil {
		t.Fatal(err)
	}
	copyTree(t, filepath.Join("testdata", "standin", "common"), sources)
	copyTree(t, filepath.Join("testdata", "standin", "core-1.8.0"), sources)
	if withProbe {
		copyTree(t, filepath.Join("testdata", "upgrade", "probe"), pkg)
	}
	return dir
}

// AuditScaffold's verdict is javac's: a scaffold whose @Override method
// takes a parameter of another type than the interface now declares (as
// kafka_reconcile's header changed type once) fails to compile, and the
// audit says it breaks; a scaffold without a method compiles, and the audit
// only warns.
func TestAuditAgreesWithJavac(t *testing.T) {
	tc := prooftest.Shared(t, verify.NewJavaToolchain())
	prooftest.RequireToolchain(t, tc)
	s := suitetest.Canonical(t)
	old, err := os.ReadFile(filepath.Join("testdata", "upgrade", "SdkConformanceSubject.java"))
	if err != nil {
		t.Fatal(err)
	}
	const head = "public long kafkaReconcile(long bodyAttempts, String headerAttempts) {"
	const settle = "    @Override\n    public Settlement settle("
	cases := []struct {
		name, scaffold string
		breaks         bool
		javac          string // what javac says when it fails
	}{
		{"changed parameter", strings.Replace(string(old), head,
			"public long kafkaReconcile(long bodyAttempts, Long headerAttempts) {", 1), true,
			"method does not override or implement a method from a supertype"},
		{"missing method", strings.Replace(string(old), settle, "    public Settlement unusedSettle(", 1), false, ""},
	}
	auditor := java.New().(backend.ScaffoldAuditor)
	for _, c := range cases {
		if c.scaffold == string(old) {
			t.Fatalf("%s: the old scaffold did not change", c.name)
		}
		path := java.TestSourceRoot + "/com/babelqueue/SdkConformanceSubject.java"
		findings := protocoltest.WithoutLaterMissing(auditor.AuditScaffold(map[string][]byte{path: []byte(c.scaffold)}, s, backend.Options{Binding: backend.BindSDK}))
		if len(findings) != 1 || findings[0].Breaks != c.breaks {
			t.Errorf("%s: findings %+v, want one with Breaks %v", c.name, findings, c.breaks)
		}
		var log bytes.Buffer
		err := tc.Prepare(context.Background(), sdkProject(t, s, []byte(c.scaffold), false), &log)
		switch {
		case c.breaks && (err == nil || !strings.Contains(log.String(), c.javac)):
			t.Errorf("%s: javac: %v, want it to fail with %q:\n%s", c.name, err, c.javac, log.String())
		case !c.breaks && err != nil:
			t.Errorf("%s: javac: %v, want it to compile:\n%s", c.name, err, log.String())
		}
	}
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
