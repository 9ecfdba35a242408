package java_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/indextest"
	"github.com/babelqueue/bqgen/internal/testkit/prooftest"
	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/templates/java"
	"github.com/babelqueue/bqgen/verify"
)

// TestIndexNamesEveryReportedTest runs the oracle-bound output of the
// canonical and the adversarial suite with the JUnit console launcher, as
// verify does, and checks the test index against the legacy XML report the
// launcher writes: every generated test it names is one index entry's,
// every entry is in it, and the counts agree.
// (Surefire's names are in the index too, but Maven cannot fetch its
// plugins here: they are not checked against a run.)
func TestIndexNamesEveryReportedTest(t *testing.T) {
	t.Parallel()
	tc := prooftest.Shared(t, verify.NewJavaToolchain())
	prooftest.RequireToolchain(t, tc)
	bin := prooftest.OracleBin(t)
	suites := map[string]func(*testing.T) *model.Suite{
		"canonical":   func(t *testing.T) *model.Suite { return suitetest.Canonical(t) },
		"adversarial": java.AdversarialSuite,
	}
	for name, load := range suites {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			files := java.Generate(t, load(t), backend.Options{Binding: backend.BindOracle})
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
			// One file per test engine: TEST-junit-jupiter.xml holds the tests.
			if len(res.Files) == 0 {
				t.Fatal("the run wrote no XML report")
			}
			var reported []indextest.Reported
			for _, f := range res.Files {
				reported = append(reported, indextest.ReadJUnit(t, f)...)
			}
			indextest.Check(t, indextest.IndexOf(t, files), reported, res.Total())
			if t.Failed() {
				t.Logf("reported:\n%s", indextest.Describe(reported))
			}
		})
	}
}
