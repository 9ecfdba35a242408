package validate

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/model"
)

// contradicting is the canonical suite with one expectation the correct
// oracle disagrees with (the third SQS delivery is attempt 2, not 3).
func contradicting(t *testing.T) fstest.MapFS {
	t.Helper()
	fsys := suitetest.CanonicalMap(t)
	manifest := string(fsys[model.ManifestFile].Data)
	const from = `"approximate_receive_count": "3",            "expected_attempts": 2`
	if !strings.Contains(manifest, from) {
		t.Fatal("the canonical manifest no longer has the SQS case this test edits")
	}
	edited := strings.Replace(manifest, from, `"approximate_receive_count": "3",            "expected_attempts": 3`, 1)
	fsys[model.ManifestFile] = &fstest.MapFile{Data: []byte(edited)}
	return fsys
}

func disagreementsIn(problems model.Problems) []string {
	var out []string
	for _, p := range problems {
		if strings.Contains(p.Message, "the oracle disagrees") {
			out = append(out, p.String())
		}
	}
	return out
}

// The cache answers a suite of the same files as the cross-check did, a
// suite that differs in one byte gets its own, and what a caller does to
// the problems it got never reaches the next caller.
func TestCrossCheckCacheIsKeyedByTheFiles(t *testing.T) {
	good, _ := model.Load(suitetest.CanonicalMap(t))
	bad, problems := model.Load(contradicting(t))
	if len(problems.Errors()) > 0 {
		t.Fatalf("the edited suite does not load: %v", problems)
	}
	for round := range 3 { // the later rounds are answered from the cache
		if got := disagreementsIn(cachedCrossCheck(good)); len(got) != 0 {
			t.Fatalf("round %d: the canonical suite: %v", round, got)
		}
		got := cachedCrossCheck(bad)
		if d := disagreementsIn(got); len(d) != 1 || !strings.Contains(d[0], `sqs case "third-delivery"`) {
			t.Fatalf("round %d: the edited suite: want one disagreement on third-delivery, got %v", round, d)
		}
		got[0].Message = "changed by a caller"
	}
	if filesDigest(good.Files) == filesDigest(bad.Files) {
		t.Fatal("two suites that differ in the manifest share a digest")
	}
}

// A path and its bytes cannot trade places: the digest length-prefixes each.
func TestFilesDigestSeparatesPathFromBytes(t *testing.T) {
	a := []model.SuiteFile{{Path: "fixtures/a.json", Raw: []byte("x")}}
	b := []model.SuiteFile{{Path: "fixtures/a.jsonx", Raw: nil}}
	if filesDigest(a) == filesDigest(b) {
		t.Fatal("a file's last path byte moved into its content gives the same digest")
	}
}
