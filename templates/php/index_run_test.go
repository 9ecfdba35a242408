package php_test

import (
	"bytes"
	"context"
	"os"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/indextest"
	"github.com/babelqueue/bqgen/internal/testkit/prooftest"
	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/templates/php"
	"github.com/babelqueue/bqgen/verify"
)

// TestIndexNamesEveryReportedTest runs the oracle-bound output of the
// canonical and the adversarial suite with PHPUnit, as verify does, and
// checks the test index against its --log-junit report, under both the
// class and the classname spelling PHPUnit writes: every generated test it
// names is one index entry's, every entry is in it, and the counts agree.
func TestIndexNamesEveryReportedTest(t *testing.T) {
	t.Parallel()
	tc := verify.NewPHPToolchain()
	prooftest.RequireToolchain(t, tc)
	bin := prooftest.OracleBin(t)
	suites := map[string]func(*testing.T) *model.Suite{
		"canonical":   func(t *testing.T) *model.Suite { return suitetest.Canonical(t) },
		"adversarial": adversarial,
	}
	for name, load := range suites {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			files, err := php.New().Generate(load(t), backend.Options{Binding: backend.BindOracle})
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			indextest.WriteFiles(t, dir, files)
			var log bytes.Buffer
			if err := tc.Prepare(context.Background(), dir, &log); err != nil {
				t.Fatalf("%v\n%s", err, log.String())
			}
			res, err := tc.Run(context.Background(), dir, []string{verify.EnvOracleBin + "=" + bin, verify.EnvOracleFault + "="})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Files) != 1 {
				t.Fatalf("the run wrote %v, want PHPUnit's JUnit XML report", res.Files)
			}
			for _, attr := range []string{"class", "classname"} {
				reported := indextest.ReadJUnitBy(t, res.Files[0], attr)
				indextest.Check(t, indextest.IndexOf(t, files), reported, res.Total())
				if t.Failed() {
					t.Fatalf("by %s; reported:\n%s", attr, indextest.Describe(reported))
				}
			}
		})
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
