package action

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// checkout is a stand-in SDK checkout the recipes and the action run in:
// its directory, the environment its toolchain needs here (no module
// proxy, no registry), and the generated files written as a maintainer
// commits them (bqgen generate).
type checkout struct {
	dir string
	env []string
	// ownTests are the SDK's own tests the checkout's runner runs beside
	// the generated ones.
	ownTests int
}

// goEnv builds Go stand-ins offline: every module they need is reached
// through replace.
var goEnv = []string{"GOFLAGS=-mod=mod", "GOWORK=off", "GOPROXY=off", "GOTOOLCHAIN=local"}

// goStandin copies templates/go's stand-in babelqueue-go (and the broker
// clients it replaces) and returns the checkout of babelqueue-go with a
// bqgen.yaml of config in its module sub ("" the core, "sqs" the sqs
// transport module) and the tests generated.
func goStandin(t *testing.T, sub, config string) checkout {
	t.Helper()
	root := t.TempDir()
	copyTree(t, filepath.Join(repoRoot, "templates", "go", "testdata", "standin"), root)
	c := checkout{dir: filepath.Join(root, "babelqueue-go"), env: goEnv}
	c.adopt(t, sub, config)
	return c
}

func copyTree(t *testing.T, from, to string) {
	t.Helper()
	if err := os.MkdirAll(to, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.CopyFS(to, os.DirFS(from)); err != nil {
		t.Fatal(err)
	}
}

func writeFile(t *testing.T, dir, name, content string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// adopt writes bqgen.yaml into the checkout's directory sub and generates
// its targets, as a maintainer does once and commits.
func (c checkout) adopt(t *testing.T, sub, config string) {
	t.Helper()
	writeFile(t, filepath.Join(c.dir, sub), "bqgen.yaml", withDerivedSkipped(t, config))
	c.bqgen(t, sub, "generate")
}

// bqgen runs the bqgen built here in the checkout's directory sub; a
// failure fails the test.
func (c checkout) bqgen(t *testing.T, sub string, args ...string) string {
	t.Helper()
	cmd := exec.Command(bqgenBinary(t), args...)
	cmd.Dir, cmd.Env = filepath.Join(c.dir, sub), append(os.Environ(), c.env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("bqgen %s in %s: %v\n%s", strings.Join(args, " "), c.dir, err, out)
	}
	return string(out)
}

// withDerivedSkipped is config with the cases suite 1.5.0 derived from its
// schemas (cases/derived-*) exempted as skips in every target that runs
// the cases block: the stand-ins are minimal SDKs written before them, and
// the recipes prove the CI job, not the stand-ins' decode. A skip, not a
// known failure: some of them the stand-ins pass.
func withDerivedSkipped(t *testing.T, config string) string {
	t.Helper()
	var doc map[string]any
	if err := yaml.Unmarshal([]byte(config), &doc); err != nil {
		t.Fatalf("stand-in config: %v\n%s", err, config)
	}
	targets, _ := doc["targets"].([]any)
	for _, tg := range targets {
		target, _ := tg.(map[string]any)
		blocks, _ := target["blocks"].([]any)
		if !slices.Contains(blocks, any("cases")) {
			continue
		}
		ex, _ := target["exemptions"].([]any)
		target["exemptions"] = append(ex, map[string]any{"case": "cases/derived-*", "action": "skip",
			"reason": "the stand-in SDK predates suite 1.5.0's derived cases"})
	}
	out, err := yaml.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}
