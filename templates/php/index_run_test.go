package php_test

import (
	"os"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/indextest"
	"github.com/babelqueue/bqgen/internal/testkit/prooftest"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/templates/php"
	"github.com/babelqueue/bqgen/verify"
)

// TestIndexNamesEveryReportedTest runs the oracle-bound output of the
// adversarial suite with PHPUnit, as verify does, and holds the test index
// to its --log-junit report (checkIndexOfRun). The canonical and upstream
// suites' indexes are held to TestProof's own runs against the oracle.
func TestIndexNamesEveryReportedTest(t *testing.T) {
	t.Parallel()
	tc := verify.NewPHPToolchain()
	prooftest.RequireToolchain(t, tc)
	files, err := php.New().Generate(adversarial(t), backend.Options{Binding: backend.BindOracle})
	if err != nil {
		t.Fatal(err)
	}
	res, _ := prooftest.RunAgainstOracle(t, tc, files)
	checkIndexOfRun(t, files, res.Files, res.Total())
}

// checkIndexOfRun holds the test index among files to a run's PHPUnit
// JUnit XML report, under both the class and the classname spelling
// PHPUnit writes: every generated test it names is one index entry's,
// every entry is in it, and the counts agree with the runner's total.
func checkIndexOfRun(t *testing.T, files []backend.File, reports []string, total int) {
	t.Helper()
	if len(reports) != 1 {
		t.Fatalf("the run wrote %v, want PHPUnit's JUnit XML report", reports)
	}
	for _, attr := range []string{"class", "classname"} {
		reported := indextest.ReadJUnitBy(t, reports[0], attr)
		indextest.Check(t, indextest.IndexOf(t, files), reported, total)
		if t.Failed() {
			t.Fatalf("by %s; reported:\n%s", attr, indextest.Describe(reported))
		}
	}
}

// adversarial is the backend's suite of hostile names and values.
func adversarial(t *testing.T) *model.Suite {
	s, problems := model.Load(os.DirFS("testdata/adversarial"))
	if errs := problems.Errors(); len(errs) > 0 {
		t.Fatal(errs)
	}
	return s
}
