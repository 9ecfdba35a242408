package java_test

import (
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/indextest"
	"github.com/babelqueue/bqgen/internal/testkit/prooftest"
	"github.com/babelqueue/bqgen/templates/java"
	"github.com/babelqueue/bqgen/verify"
)

// TestIndexNamesEveryReportedTest runs the oracle-bound output of the
// adversarial suite with the JUnit console launcher, as verify does, and
// holds the test index to the legacy XML reports the launcher writes
// (checkIndexOfRun). The canonical and upstream suites' indexes are held
// to TestProof's own runs against the oracle, which need no build of their
// own. (Surefire's names are in the index too, but Maven cannot fetch its
// plugins here: they are not checked against a run.)
func TestIndexNamesEveryReportedTest(t *testing.T) {
	t.Parallel()
	tc := prooftest.Shared(t, verify.NewJavaToolchain())
	prooftest.RequireToolchain(t, tc)
	files := java.Generate(t, java.AdversarialSuite(t), backend.Options{Binding: backend.BindOracle})
	res, _ := prooftest.RunAgainstOracle(t, tc, files)
	checkIndexOfRun(t, files, res.Files, res.Total())
}

// checkIndexOfRun holds the test index among files to a run's JUnit XML
// reports (one per test engine: TEST-junit-jupiter.xml holds the tests):
// every generated test they name is one index entry's, every entry is in
// them, and the counts agree with the runner's total.
func checkIndexOfRun(t *testing.T, files []backend.File, reports []string, total int) {
	t.Helper()
	if len(reports) == 0 {
		t.Fatal("the run wrote no XML report")
	}
	var reported []indextest.Reported
	for _, f := range reports {
		reported = append(reported, indextest.ReadJUnit(t, f)...)
	}
	indextest.Check(t, indextest.IndexOf(t, files), reported, total)
	if t.Failed() {
		t.Logf("reported:\n%s", indextest.Describe(reported))
	}
}
