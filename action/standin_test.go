package action

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// checkout is a stand-in SDK checkout the recipes and the action run in:
// its directory, the environment its toolchain needs here (no module
// proxy, no registry), and the generated files written as a maintainer
// commits them (bqgen generate).
type checkout struct {
	dir string
	env []string
}

// goEnv builds Go stand-ins offline: every module they need is reached
// through replace.
var goEnv = []string{"GOFLAGS=-mod=mod", "GOWORK=off", "GOPROXY=off", "GOTOOLCHAIN=local"}

// goStandin copies templates/go's stand-in babelqueue-go (and the broker
// clients it replaces) and returns the module at sub ("" the core, "sqs"
// the sqs transport module) with a bqgen.yaml of config and the tests
// generated.
func goStandin(t *testing.T, sub, config string) checkout {
	t.Helper()
	root := t.TempDir()
	if err := os.CopyFS(root, os.DirFS(filepath.Join(repoRoot, "templates", "go", "testdata", "standin"))); err != nil {
		t.Fatal(err)
	}
	c := checkout{dir: filepath.Join(root, "babelqueue-go", sub), env: goEnv}
	c.adopt(t, config)
	return c
}

// adopt writes bqgen.yaml and generates its targets, as a maintainer does
// once and commits.
func (c checkout) adopt(t *testing.T, config string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(c.dir, "bqgen.yaml"), []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	c.bqgen(t, "generate")
}

// bqgen runs the bqgen built here in the checkout; a failure fails the test.
func (c checkout) bqgen(t *testing.T, args ...string) string {
	t.Helper()
	cmd := exec.Command(bqgenBinary(t), args...)
	cmd.Dir, cmd.Env = c.dir, append(os.Environ(), c.env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("bqgen %s in %s: %v\n%s", strings.Join(args, " "), c.dir, err, out)
	}
	return string(out)
}
