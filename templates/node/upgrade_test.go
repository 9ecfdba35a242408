package node_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/protocoltest"
	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/verify"
)

// upgradeDir holds the core scaffold exactly as bqgen wrote it before the
// generated defaults existed (commit 7de544a), and a hand-written test that
// calls an operation appended after it.
var upgradeDir = filepath.Join("testdata", "upgrade")

// TestUpgradeKeepsOldScaffold compiles (tsc, under the oracle project's
// strictest settings) and runs the canonical suite's SDK-bound tests with the
// old core scaffold against the core stand-in, once as generated today and
// once with protocoltest.Probe appended to the protocol: the old scaffold
// builds unchanged, every generated test ends as before, and probe_echo,
// called by hand through withDefaults, skips with the scaffold-predates
// reason.
func TestUpgradeKeepsOldScaffold(t *testing.T) {
	tc := nodeToolchain(t)
	before := runWithOldScaffold(t, tc, false)
	protocoltest.Append(t, protocoltest.Probe)
	after := runWithOldScaffold(t, tc, true)
	if before.Passed == 0 || after.Passed != before.Passed || after.Failed != before.Failed || after.Skipped != before.Skipped+1 {
		t.Errorf("with probe_echo appended: %s; without: %s (want the same, plus one skip)", after.Summary, before.Summary)
	}
	t.Logf("without probe_echo: %s; with it: %s", before.Summary, after.Summary)
	want := "probe_echo is not provided: " + backend.ScaffoldPredates(protocoltest.Probe)
	for _, m := range tapLine.FindAllStringSubmatch(after.Output, -1) {
		if m[2] == "probe_echo through the generated default" {
			if m[3] != "SKIP" || m[4] != want {
				t.Errorf("probe_echo: %s %s %q, want SKIP %q", m[1], m[3], m[4], want)
			}
			return
		}
	}
	t.Errorf("probe_echo's test did not run:\n%s", after.Output)
}

// runWithOldScaffold writes the SDK-bound output of the canonical suite with
// the old scaffold in place of the fresh one (and, with probe, the
// hand-written probe test), installs, compiles and runs it.
func runWithOldScaffold(t *testing.T, tc verify.Toolchain, probe bool) verify.Result {
	t.Helper()
	dir := writeOutput(t, suitetest.Canonical(t), backend.BindSDK)
	writeOracleProject(t, dir)
	copyStandin(t, "core", dir)
	old, err := os.ReadFile(filepath.Join(upgradeDir, "conformance-binding.ts"))
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, dir, "test/conformance-binding.ts", old)
	if probe {
		test, err := os.ReadFile(filepath.Join(upgradeDir, "probe.test.ts"))
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, dir, "test/upgrade-probe.gen.test.ts", test) // a name the runner's glob picks up
	}
	var log strings.Builder
	if err := tc.Prepare(context.Background(), dir, &log); err != nil {
		t.Fatalf("probe %v: the old scaffold does not build: %v\n%s", probe, err, log.String())
	}
	res, err := tc.Run(context.Background(), dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	return res
}
