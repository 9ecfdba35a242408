package gobackend_test

import (
	"os"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/prooftest"
	"github.com/babelqueue/bqgen/internal/testkit/protocoltest"
	gobackend "github.com/babelqueue/bqgen/templates/go"
	"github.com/babelqueue/bqgen/verify"
)

// The upgrade's test data: the core scaffold as bqgen wrote it before the
// generated defaults (7de544a, every operation a method, no embedding), kept
// byte for byte, and an SDK's hand-written test of the operation a later
// protocol adds (protocoltest.Probe).
const (
	oldScaffold = "testdata/upgrade/conformance_subject_test.go"
	probeTest   = "testdata/upgrade/probe_test.go"
)

// probeSkip is what the probe's test must skip with.
const probeSkip = "not provided: this scaffold predates operation probe_echo (bqgen adds it from suite 9.0.0)"

// A newer bqgen never breaks an SDK's build: the whole canonical suite,
// generated after an operation is appended to the protocol, builds and runs
// in the stand-in core module with the scaffold of 7de544a unchanged, and
// with the scaffold bqgen writes today (before the append); every generated
// test ends as it does with the same scaffold without the append, and the SDK's own test of the new
// operation skips with the reason. A method whose signature is no longer the
// protocol's still builds, and fails its operation's tests saying what to
// change. Not parallel: protocoltest.Append changes the protocol.
func TestUpgradeKeepsOldScaffold(t *testing.T) {
	prooftest.RequireToolchain(t, verify.NewGoToolchain())
	s := gobackend.CanonicalSuite(t)
	opt := backend.Options{Binding: backend.BindSDK}
	old, probe := readFile(t, oldScaffold), readFile(t, probeTest)
	before := gobackend.Generate(t, s, opt)
	fresh := scaffoldOf(t, before)
	protocoltest.Append(t, protocoltest.Probe)
	after := gobackend.Generate(t, s, opt)

	base := outcomes(runInStandin(t, withScaffold(before, old), ""))
	t.Logf("7de544a scaffold, today's protocol: %s", tallyOf(base))
	bases := map[string]map[string]testResult{"7de544a scaffold": base,
		"today's scaffold": outcomes(runInStandin(t, withScaffold(before, fresh), ""))}
	for name, files := range map[string][]backend.File{
		"7de544a scaffold": withScaffold(after, old, backend.File{Path: "probe_test.go", Content: probe}),
		"today's scaffold": withScaffold(after, fresh, backend.File{Path: "probe_test.go", Content: probe}),
	} {
		base := bases[name]
		got := outcomes(runInStandin(t, files, ""))
		probeResult, ok := got["TestConformanceProbeEcho"]
		if !ok || probeResult.action != "skip" || !strings.Contains(probeResult.output, probeSkip) {
			t.Errorf("%s: the probe's test: %+v, want a skip with %q", name, probeResult, probeSkip)
		}
		delete(got, "TestConformanceProbeEcho")
		t.Logf("%s, the protocol with probe_echo: %s", name, tallyOf(got))
		if tallyOf(got) != tallyOf(base) {
			t.Errorf("%s: %s, without the probe %s", name, tallyOf(got), tallyOf(base))
		}
		for test, r := range base {
			if got[test].action != r.action {
				t.Errorf("%s: %s %s, without the probe %s", name, test, got[test].action, r.action)
			}
		}
	}

	// kafka_reconcile's header as an older protocol had it
	const was, is = "headerAttempts *string) (int64, error)", "headerAttempts *int64) (int64, error)"
	changed := strings.Replace(string(old), was, is, 1)
	if changed == string(old) {
		t.Fatalf("%s has no %q", oldScaffold, was)
	}
	const mismatch = "sdkConformanceSubject.KafkaReconcile is func(int64, *int64) (int64, error); " +
		"the protocol's is func(int64, *string) (int64, error): change it (see bqgen check)"
	failed := 0
	for test, r := range outcomes(runInStandin(t, withScaffold(after, []byte(changed)), "")) {
		switch {
		case r.action == "fail" && strings.Contains(r.output, mismatch) && base[test].action == "skip":
			failed++
		case r.action != base[test].action:
			t.Errorf("changed signature: %s %s, without it %s:\n%s", test, r.action, base[test].action, r.output)
		}
	}
	if failed == 0 {
		t.Errorf("changed signature: no test failed with %q", mismatch)
	}
}

// outcomes indexes results by test name.
func outcomes(results []testResult) map[string]testResult {
	out := map[string]testResult{}
	for _, r := range results {
		out[r.name] = r
	}
	return out
}

// tallyOf counts outcomes by action.
func tallyOf(results map[string]testResult) string {
	var list []testResult
	for _, r := range results {
		list = append(list, r)
	}
	return tally(list)
}

// withScaffold is files with the scaffold's content replaced and extra
// files added.
func withScaffold(files []backend.File, scaffold []byte, extra ...backend.File) []backend.File {
	out := make([]backend.File, 0, len(files)+len(extra))
	for _, f := range files {
		if f.Path == gobackend.ScaffoldFile {
			f.Content = scaffold
		}
		out = append(out, f)
	}
	return append(out, extra...)
}

// scaffoldOf is the generated scaffold's content.
func scaffoldOf(t *testing.T, files []backend.File) []byte {
	t.Helper()
	for _, f := range files {
		if f.Path == gobackend.ScaffoldFile {
			return f.Content
		}
	}
	t.Fatal("no scaffold generated")
	return nil
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
