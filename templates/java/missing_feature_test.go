package java_test

import (
	"bytes"
	"context"
	"encoding/xml"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/jvm"
	"github.com/babelqueue/bqgen/internal/testkit/prooftest"
	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/templates/java"
	"github.com/babelqueue/bqgen/verify"
)

// The missing-feature rule, run on the stand-in core (testdata/standin):
// 1.7.0 has no decode warning hook, so every forbidden_keys test skips with
// the reason naming the missing API while the cases tests run; 1.8.0 has the
// hook but never calls it, so every forbidden_keys test runs and fails. A
// 1.7.0 that re-emits the forbidden keys fails too: what the test can check
// without the hook it checks first.
func TestMissingFeatureRuleOnStandIn(t *testing.T) {
	tc := prooftest.Shared(t, verify.NewJavaToolchain())
	prooftest.RequireToolchain(t, tc)
	launcher, err := verify.JUnitLauncher()
	if err != nil {
		t.Skip(err)
	}
	const noHook = "this babelqueue-core has no decode warnings hook (EnvelopeCodec.decode(String, Consumer))"
	for _, version := range []string{"1.7.0", "1.8.0", "1.7.0-reemits"} {
		dir := t.TempDir()
		java.WriteFiles(t, dir, java.Generate(t, suitetest.Canonical(t), backend.Options{Binding: backend.BindSDK}))
		sources := filepath.Join(dir, "src", "test", "java")
		copyTree(t, filepath.Join("testdata", "standin", "common"), sources)
		copyTree(t, filepath.Join("testdata", "standin", "core-"+version), sources)
		var log bytes.Buffer
		if err := tc.Prepare(context.Background(), dir, &log); err != nil {
			t.Fatalf("core %s: %v\n%s", version, err, log.String())
		}
		results := runClasses(t, dir, launcher, "com.babelqueue.ConformanceCasesTest", "com.babelqueue.ConformanceForbiddenKeysTest")
		want := "failure"
		if version == "1.7.0" {
			want = "skipped"
		}
		expectClass(t, version, results, "com.babelqueue.ConformanceForbiddenKeysTest", want, noHook)
		for _, r := range results {
			if r.Class == "com.babelqueue.ConformanceCasesTest" && r.Skipped != nil {
				t.Errorf("core %s: cases test %s skipped: %s", version, r.Name, r.Skipped.Text)
			}
		}
		if len(results) == 0 {
			t.Fatalf("core %s: no test ran", version)
		}
	}
}

// junitCase is one test of the launcher's legacy XML report.
type junitCase struct {
	Name    string `xml:"name,attr"`
	Class   string `xml:"classname,attr"`
	Skipped *struct {
		Message string `xml:"message,attr"`
		Text    string `xml:",chardata"`
	} `xml:"skipped"`
	Failure *struct {
		Message string `xml:"message,attr"`
	} `xml:"failure"`
}

// runClasses runs the compiled classes with the console launcher and reads
// its XML report; failing tests are expected, so the exit status is not
// checked, a missing report is.
func runClasses(t *testing.T, dir, launcher string, classes ...string) []junitCase {
	t.Helper()
	var selectors []string
	for _, c := range classes {
		selectors = append(selectors, "--select-class", c)
	}
	return runSelected(t, dir, launcher, selectors...)
}

// runSelected is runClasses for the launcher's selector options, such as
// --scan-class-path.
func runSelected(t *testing.T, dir, launcher string, selectors ...string) []junitCase {
	t.Helper()
	reports := filepath.Join(dir, "reports")
	args := slices.Concat(jvm.ShortLived, []string{"-jar", launcher, "--disable-banner", "--disable-ansi-colors", "--details=none",
		"--class-path", filepath.Join("target", "test-classes"), "--reports-dir", reports}, selectors)
	cmd := exec.CommandContext(context.Background(), "java", args...)
	cmd.Dir = dir
	out, runErr := cmd.CombinedOutput()
	raw, err := os.ReadFile(filepath.Join(reports, "TEST-junit-jupiter.xml"))
	if err != nil {
		t.Fatalf("no JUnit report (%v): %v\n%s", err, runErr, out)
	}
	var report struct {
		Cases []junitCase `xml:"testcase"`
	}
	if err := xml.Unmarshal(raw, &report); err != nil {
		t.Fatal(err)
	}
	return report.Cases
}

// expectClass checks that every test of class (at least one) has outcome
// ("skipped" with reason, or "failure").
func expectClass(t *testing.T, version string, results []junitCase, class, outcome, reason string) {
	t.Helper()
	n := 0
	for _, r := range results {
		if r.Class != class {
			continue
		}
		n++
		switch {
		case outcome == "skipped" && (r.Skipped == nil || !strings.Contains(r.Skipped.Message+r.Skipped.Text, reason)):
			t.Errorf("core %s: %s %s: want skipped with %q, got %+v", version, class, r.Name, reason, r)
		case outcome == "failure" && (r.Failure == nil || r.Skipped != nil):
			t.Errorf("core %s: %s %s: want it run and failed, got %+v", version, class, r.Name, r)
		}
	}
	if n == 0 {
		t.Errorf("core %s: no test of %s ran", version, class)
	}
}

func copyTree(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(from, p)
		if err != nil {
			return err
		}
		content, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		target := filepath.Join(to, rel)
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		return os.WriteFile(target, content, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}
