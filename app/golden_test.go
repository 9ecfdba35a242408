package app

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/config"
	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/internal/testkit/testflag"
	"github.com/babelqueue/bqgen/internal/testkit/tier"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/plan"
	"github.com/babelqueue/bqgen/writer"
)

const goldenRoot = "../golden"

// TestGolden compares each backend's output, for both bindings and for the
// canonical and (where present) the upstream suite, with
// golden/<suite>/<binding>/<lang>/, and proves it is the same on a second run.
func TestGolden(t *testing.T) {
	suites := map[string]*model.Suite{"canonical": suitetest.Canonical(t)}
	if upstream := suitetest.UpstreamIfPresent(t); upstream != nil {
		suites["upstream"] = upstream
	}
	bindings := map[string]backend.Options{
		"sdk":    {Binding: backend.BindSDK},
		"oracle": {Binding: backend.BindOracle},
	}
	for suiteName, s := range suites {
		for bindingName, opt := range bindings {
			for _, b := range Backends() {
				t.Run(suiteName+"/"+bindingName+"/"+b.Lang(), func(t *testing.T) {
					t.Parallel()
					files := generateFor(t, b, s, opt)
					if again := generateFor(t, b, s, opt); !sameFiles(files, again) {
						t.Fatal("two runs gave different output")
					}
					dir := filepath.Join(goldenRoot, suiteName, bindingName, b.Lang())
					if *testflag.Update {
						rewriteGolden(t, dir, b.Lang(), files)
						return
					}
					compareTree(t, dir, files)
				})
			}
		}
	}
}

// TestGoldenTransport compares, for the canonical suite, each language's
// transport target of each broker with golden/canonical/transport/<broker>/<lang>/.
// The targets come from a bqgen.yaml read by the code generate reads one
// with, so the trees hold what a user's file (lang: L, out: <broker>,
// blocks: [<broker>]) writes: each backend's package defaults included.
func TestGoldenTransport(t *testing.T) {
	s := suitetest.Canonical(t)
	for _, b := range Backends() {
		for _, tg := range transportTargets(t, b.Lang()) {
			broker := tg.Blocks[0]
			t.Run(broker+"/"+b.Lang(), func(t *testing.T) {
				t.Parallel()
				files := generateTargetFor(t, s, tg)
				if again := generateTargetFor(t, s, tg); !sameFiles(files, again) {
					t.Fatal("two runs gave different output")
				}
				dir := filepath.Join(goldenRoot, "canonical", "transport", broker, b.Lang())
				if *testflag.Update {
					rewriteGolden(t, dir, b.Lang(), files)
					return
				}
				compareTree(t, dir, files)
			})
		}
	}
}

// transportTargets reads a bqgen.yaml with one transport target of lang
// per broker block, as a user would write it.
func transportTargets(t *testing.T, lang string) []plan.Target {
	t.Helper()
	var yml strings.Builder
	yml.WriteString("version: 1\ntargets:\n")
	for _, broker := range model.TransportBlocks {
		fmt.Fprintf(&yml, "  - lang: %s\n    out: %s\n    blocks: [%s]\n", lang, broker, broker)
	}
	cfg, err := config.Parse(config.FileName, []byte(yml.String()), Backends().Langs(), model.KnownBlocks)
	if err != nil {
		t.Fatal(err)
	}
	return plan.ConfigTargets(cfg, false)
}

// generateTargetFor generates tg as generate does, leaving out the vendored suite.
func generateTargetFor(t *testing.T, s *model.Suite, tg plan.Target) map[string][]byte {
	t.Helper()
	g, err := plan.GenerateTarget(s, tg, Backends())
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, f := range g.Files {
		if f.Kind != backend.Vendored {
			out[f.Path] = f.Content
		}
	}
	return out
}

func generateFor(t *testing.T, b backend.Backend, s *model.Suite, opt backend.Options) map[string][]byte {
	t.Helper()
	files, err := b.Generate(s, opt)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, f := range files {
		// The golden trees leave out the vendored suite, a copy of the
		// suite: each backend's tests check it is a byte copy.
		if f.Kind != backend.Vendored {
			out[f.Path] = f.Content
		}
	}
	return out
}

func sameFiles(a, b map[string][]byte) bool {
	if len(a) != len(b) {
		return false
	}
	for p, c := range a {
		if !bytes.Equal(c, b[p]) {
			return false
		}
	}
	return true
}

func rewriteGolden(t *testing.T, dir, lang string, files map[string][]byte) {
	t.Helper()
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	for p, c := range files {
		if err := writeFile(filepath.Join(dir, filepath.FromSlash(p)), c); err != nil {
			t.Fatal(err)
		}
	}
}

func compareTree(t *testing.T, dir string, files map[string][]byte) {
	t.Helper()
	onDisk := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		onDisk[filepath.ToSlash(rel)], err = os.ReadFile(p)
		return err
	})
	if err != nil {
		t.Fatalf("read %s: %v (run go test ./app/ -run TestGolden -update)", dir, err)
	}
	var paths []string
	for p := range files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		old, ok := onDisk[p]
		switch {
		case !ok:
			t.Errorf("golden file missing: %s", p)
		case !bytes.Equal(old, files[p]):
			t.Errorf("golden file differs (-golden +generated):\n%s", writer.UnifiedDiff(p, old, files[p]))
		}
		delete(onDisk, p)
	}
	for p := range onDisk {
		t.Errorf("golden file no longer generated: %s", p)
	}
}

// TestGoldenGoVets runs go vet over the golden oracle-bound Go module, so
// the golden Go is seen to compile, not only to match.
func TestGoldenGoVets(t *testing.T) {
	tier.Toolchain(t, "go vet")
	dir := t.TempDir()
	golden := filepath.Join(goldenRoot, "canonical", "oracle", "go")
	err := filepath.WalkDir(golden, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(golden, p)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return writeFile(filepath.Join(dir, rel), data)
	})
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "vet", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off", "GOPROXY=off", "GOTOOLCHAIN=local")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go vet in the golden oracle-bound module: %v\n%s", err, out)
	}
}

func writeFile(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

// TestGoldenFilesEndWithANewline: every golden file ends with a line end,
// as editors and git expect; a file without one also turns into a lone CR,
// not CRLF, under some line-end conversions, which check would then report.
func TestGoldenFilesEndWithANewline(t *testing.T) {
	err := filepath.WalkDir(goldenRoot, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err == nil && len(data) > 0 && data[len(data)-1] != '\n' {
			t.Errorf("%s does not end with a newline", p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}
