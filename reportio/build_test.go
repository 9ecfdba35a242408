package reportio

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/plan"
)

// The index is read where the target's generated files put it; a checkout
// without it, or a backend that writes none, is an error saying so.
func TestReadTargetIndex(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	g := plan.Generated{Target: plan.Target{Lang: "go", Out: dir, Shown: "sdk"}, Files: []backend.File{{Path: "tests/x_test.go"}, {Path: "tests/" + backend.IndexFileName}}}
	if _, err := readTargetIndex(g); err == nil || !strings.Contains(err.Error(), "no test index at "+filepath.Join("sdk", "tests", backend.IndexFileName)+": run bqgen generate first") {
		t.Errorf("missing index: %v", err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "tests"), 0o755); err != nil {
		t.Fatal(err)
	}
	index := `{"conformance_version": "1.4.0", "lang": "go", "tests": [{"case": "cases/a", "block": "cases", "names": [{"suite": "p", "name": "T/a"}]}]}`
	if err := os.WriteFile(filepath.Join(dir, "tests", backend.IndexFileName), []byte(index), 0o644); err != nil {
		t.Fatal(err)
	}
	if idx, err := readTargetIndex(g); err != nil || idx.Tests[0].Case != "cases/a" {
		t.Errorf("%+v, %v", idx, err)
	}
	g.Files = g.Files[:1]
	if _, err := readTargetIndex(g); err == nil || !strings.Contains(err.Error(), "the go backend writes no test index") {
		t.Errorf("no index generated: %v", err)
	}
}

// Targets are named by what they run, and told apart by their out dir
// where that is not enough.
func TestTargetNames(t *testing.T) {
	gen := func(out string, blocks ...string) plan.Generated {
		s := &model.Suite{}
		for _, b := range blocks {
			switch b {
			case model.BlockCases:
				s.HasCases = true
			case model.BlockSQS:
				s.SQS = &model.SQS{}
			case model.BlockRedis:
				s.Redis = &model.Redis{}
			}
		}
		return plan.Generated{Target: plan.Target{Lang: "go", Out: out}, Suite: s}
	}
	got := targetNames([]plan.Generated{gen("a", "cases"), gen("b", "sqs"), gen("c", "cases", "sqs", "redis"), gen("d"), gen("e", "sqs")})
	want := []string{"go core", "go sqs (b)", "go core+sqs+redis", "go core", "go sqs (e)"}
	want[0], want[3] = "go core (a)", "go core (d)"
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("%q, want %q", got, want)
	}
}
