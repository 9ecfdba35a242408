package java_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/prooftest"
	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/templates/java"
	"github.com/babelqueue/bqgen/validate"
	"github.com/babelqueue/bqgen/verify"
)

// The stand-in SDK under Maven holds two targets, so that one `mvn test`
// shows every status Surefire reports: the whole canonical suite bound to
// the oracle, in a package of its own (oraclePackage), and the SDK-bound
// forbidden_keys tests in the SDK's package on the stand-in core 1.7.0,
// which lacks the decode warnings hook, so each of them is not provided.
const (
	oraclePackage = "com.babelqueue.oracle"
	// mavenMutant is the mutant run: its bug breaks cases of more than one
	// kind of data (string, number, boolean), so its tests fail in more
	// than one place.
	mavenMutant = "data-scalar-accepted"
	// noWarningsHook is the reason the stand-in core 1.7.0's subject gives.
	noWarningsHook = "this babelqueue-core has no decode warnings hook (EnvelopeCodec.decode(String, Consumer))"
)

// TestMavenRunsTheGeneratedTests runs `mvn -o test` in a stand-in SDK laid
// out as babelqueue-java (testdata/maven/sdk: its pom's Surefire as the
// real one's, src/main/java, src/test/java): against the oracle every
// oracle-bound test passes and every not-provided test skips; against a
// mutant exactly the tests the reference expectations fail fail. In both
// runs `bqgen report` over target/surefire-reports counts what Surefire
// counted, and shows the not-provided tests with their reason.
func TestMavenRunsTheGeneratedTests(t *testing.T) {
	requireMaven(t)
	bin := prooftest.OracleBin(t)
	s := suitetest.Canonical(t)
	dir := mavenStandIn(t, s)
	keys := forbiddenKeysCases(t, s)

	run := func(fault string) (map[string]surefireTotals, []string) {
		t.Helper()
		_ = os.RemoveAll(filepath.Join(dir, surefireReports)) // this run's reports only
		out, took, err := mvnTest(t, dir, []string{backend.EnvOracleBin + "=" + bin, backend.EnvOracleFault + "=" + fault},
			"-Dmaven.test.failure.ignore=true")
		if err != nil {
			t.Fatalf("mvn test (fault %q): %v\n%s", fault, err, out)
		}
		sure := readSurefire(t, dir)
		t.Logf("mvn -o test against %q: %s; Surefire: oracle-bound %+v, SDK-bound %+v", fault, took.Round(100_000_000),
			sure[oraclePackage], sure[java.DefaultPackage])
		failed := checkOracleReport(t, bin, dir, sure[oraclePackage], len(keys))
		checkNotProvidedReport(t, bin, dir, sure[java.DefaultPackage], keys, validate.Cases(s))
		return sure, failed
	}

	sure, failed := run("")
	if got := sure[oraclePackage]; got.tests != validate.Cases(s) || got.passed() != got.tests {
		t.Errorf("against the oracle Surefire ran %+v of the oracle-bound tests; want all %d passed", got, validate.Cases(s))
	}
	if len(failed) > 0 {
		t.Errorf("against the oracle the report has failures: %v", failed)
	}

	m := mutantNamed(t, s, mavenMutant)
	sure, failed = run(mavenMutant)
	if got := sure[oraclePackage]; got.failed != m.ExpectedFailures || got.skipped != 0 {
		t.Errorf("against %s Surefire counted %+v; want %d failed (the reference's), none skipped", mavenMutant, got, m.ExpectedFailures)
	}
	var want []string
	for _, k := range m.Kills {
		want = append(want, caseIDOfKey(k).String())
	}
	slices.Sort(want)
	if !slices.Equal(failed, want) {
		t.Errorf("against %s the report's failures are\n%v\nthe reference expectations fail\n%v", mavenMutant, failed, want)
	}
}

// mavenStandIn is the stand-in SDK with both targets generated into it
// and the stand-in core beside the SDK-bound tests.
func mavenStandIn(t *testing.T, s *model.Suite) string {
	t.Helper()
	dir := t.TempDir()
	copyTree(t, filepath.Join("testdata", "maven", "sdk"), dir)
	java.WriteFiles(t, dir, java.Generate(t, s, backend.Options{Binding: backend.BindOracle, Package: oraclePackage}))
	sub, err := s.Select([]string{model.BlockForbiddenKeys})
	if err != nil {
		t.Fatal(err)
	}
	java.WriteFiles(t, dir, java.Generate(t, sub, backend.Options{Binding: backend.BindSDK}))
	tests := filepath.Join(dir, filepath.FromSlash(java.TestSourceRoot))
	copyTree(t, filepath.Join("testdata", "standin", "common"), tests)
	copyTree(t, filepath.Join("testdata", "standin", "core-1.7.0"), tests)
	return dir
}

// forbiddenKeysCases are the case ids of the forbidden_keys block.
func forbiddenKeysCases(t *testing.T, s *model.Suite) []string {
	t.Helper()
	var out []string
	for _, k := range validate.CaseKeys(s) {
		if id := caseIDOfKey(k); id.Block == model.BlockForbiddenKeys {
			out = append(out, id.String())
		}
	}
	if len(out) == 0 {
		t.Fatal("the canonical suite has no forbidden_keys case")
	}
	return out
}

// caseIDOfKey is the case id ("block/name", as reports name cases) of a
// case key of validate ("block pointer name"; a pointer has no space).
func caseIDOfKey(key string) model.CaseID {
	block, rest, _ := strings.Cut(key, " ")
	_, name, _ := strings.Cut(rest, " ")
	return model.CaseID{Block: block, Name: name}
}

// mutantNamed is the mutant name with the reference's expectations of the
// Java tests, as verify computes them.
func mutantNamed(t *testing.T, s *model.Suite, name string) verify.Mutant {
	t.Helper()
	ms, err := verify.MutantsFor(java.New(), s)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		if m.Name == name && m.ExpectedFailures > 0 {
			return m
		}
	}
	t.Fatalf("no mutant %s that the canonical suite catches", name)
	return verify.Mutant{}
}

// reportSDK is what the test reads of one target in `bqgen report
// --format json`.
type reportSDK struct {
	Results map[string]struct {
		Status string `json:"status"`
		Reason string `json:"reason"`
	} `json:"results"`
	Others int                                   `json:"others"`
	Runner struct{ Passed, Failed, Skipped int } `json:"runner"`
}

// bqgenReport runs `bqgen report` for one target of the stand-in over
// Surefire's report directory.
func bqgenReport(t *testing.T, bin, dir string, target ...string) reportSDK {
	t.Helper()
	args := append([]string{"report", "--lang", "java", "--out", dir}, target...)
	cmd := exec.Command(bin, append(args, "--results-dir", filepath.Join(dir, surefireReports), "--format", "json")...)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("bqgen %v: %v\n%s", args, err, out)
	}
	var rep struct {
		SDKs []reportSDK `json:"sdks"`
	}
	if err := json.Unmarshal(out, &rep); err != nil || len(rep.SDKs) != 1 {
		t.Fatalf("bqgen %v: %v, %d targets\n%s", args, err, len(rep.SDKs), out)
	}
	return rep.SDKs[0]
}

// checkOracleReport holds the oracle-bound target's report to Surefire's
// counts (others: the SDK-bound target's tests) and returns the cases it
// reports failed, sorted.
func checkOracleReport(t *testing.T, bin, dir string, sure surefireTotals, others int) []string {
	t.Helper()
	rep := bqgenReport(t, bin, dir, "--package", oraclePackage)
	if r := rep.Runner; r.Passed != sure.passed() || r.Failed != sure.failed || r.Skipped != sure.skipped || rep.Others != others {
		t.Errorf("the report counts %+v and %d others; Surefire counted %+v of the oracle-bound tests and %d others", r, rep.Others, sure, others)
	}
	var failed []string
	for id, r := range rep.Results {
		if r.Status == "fail" {
			failed = append(failed, id)
		}
	}
	slices.Sort(failed)
	return failed
}

// checkNotProvidedReport holds the SDK-bound target's report to Surefire's
// counts: every test skipped by Surefire, not provided in the report with
// the stand-in core's reason.
func checkNotProvidedReport(t *testing.T, bin, dir string, sure surefireTotals, keys []string, others int) {
	t.Helper()
	rep := bqgenReport(t, bin, dir, "--blocks", model.BlockForbiddenKeys)
	if r := rep.Runner; sure.skipped != len(keys) || sure.tests != len(keys) || r.Skipped != len(keys) || r.Passed+r.Failed != 0 || rep.Others != others {
		t.Errorf("the report counts %+v and %d others; Surefire counted %+v; want all %d skipped and %d others", r, rep.Others, sure, len(keys), others)
	}
	for _, k := range keys {
		if r := rep.Results[k]; r.Status != "not_provided" || r.Reason != noWarningsHook {
			t.Errorf("%s: %s (%q); want not_provided (%q)", k, r.Status, r.Reason, noWarningsHook)
		}
	}
}
