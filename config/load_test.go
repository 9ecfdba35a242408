package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// repoTree is a checkout for the loader's tests, beside a directory outside
// it: dirs core and sqs, a file, links leading inside (in → core) and out
// of it (out → ../outside, up → ..), and a link loop.
func repoTree(t testing.TB, root string) (repo string) {
	t.Helper()
	repo = filepath.Join(root, "repo")
	for _, d := range []string{"repo/core", "repo/sqs", "outside", "suite"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(repo, "file"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for name, to := range map[string]string{"in": "core", "out": "../outside", "up": "..", "loop": "loop"} {
		if err := os.Symlink(to, filepath.Join(repo, name)); err != nil {
			t.Fatal(err)
		}
	}
	return repo
}

// writeAt writes a config with mode perm into dir and returns its path.
func writeAt(t testing.TB, dir, body string, perm os.FileMode) string {
	t.Helper()
	file := filepath.Join(dir, FileName)
	if err := os.WriteFile(file, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(file, perm); err != nil {
		t.Fatal(err)
	}
	return file
}

func TestLoadResolvesPathsToRealOnes(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	repo := repoTree(t, root)
	suite := filepath.Join(root, "suite")
	file := writeAt(t, repo, "version: 1\nsuite: "+suite+"\ntargets:\n  - {lang: go, out: in}\n  - {lang: python, out: core}\n  - {lang: go, out: sqs/new}\n", 0o644)
	c, err := Load(file, Trust{}, langs, blocks)
	if err != nil {
		t.Fatal(err)
	}
	if got := c.SuiteDir(); got != suite {
		t.Errorf("an absolute suite became %s", got)
	}
	core := filepath.Join(repo, "core")
	for i, want := range []string{core, core, filepath.Join(repo, "sqs", "new")} {
		if got := c.OutDir(c.Targets[i]); got != want {
			t.Errorf("target %d: OutDir = %s, want %s", i+1, got, want)
		}
	}
}

// Every way out of the config's directory is refused, with the target's
// line; so are two targets of one language in one real directory.
func TestLoadRefusesOutDirsOutsideAndTwice(t *testing.T) {
	t.Parallel()
	repo := repoTree(t, t.TempDir())
	for out, want := range map[string]string{
		"../outside":                    `line 3: target 1: out "../outside" leaves the directory holding bqgen.yaml`,
		"core/../../x":                  `out "core/../../x" leaves the directory`,
		"out":                           `line 3: target 1: out "out" leads to ` + filepath.Join(filepath.Dir(repo), "outside") + ", outside " + repo,
		"up/outside":                    `out "up/outside" leads to`,
		"loop":                          `out "loop" cannot be used: a loop of symbolic links`,
		"file/x":                        `out "file/x" cannot be used: not a directory`,
		"core\n  - {lang: go, out: in}": `line 5: target 2: out "in" is the directory of target 1 (` + filepath.Join(repo, "core") + ")",
	} {
		file := writeAt(t, repo, "version: 1\ntargets:\n  - {lang: go, out: "+out+"}\n", 0o644)
		if strings.Contains(out, "\n") {
			file = writeAt(t, repo, "version: 1\ntargets:\n  - lang: go\n    out: "+out+"\n", 0o644)
		}
		_, err := Load(file, Trust{}, langs, blocks)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("out %q: error %v, want it to contain %q", out, err, want)
		}
	}
}

// Find stops at any bqgen.yaml that is not a directory, a broken link
// included, instead of passing it for one further up.
func TestFindStopsAtABrokenLink(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	writeAt(t, root, good, 0o644)
	repo := filepath.Join(root, "repo")
	if err := os.MkdirAll(filepath.Join(repo, FileName), 0o755); err != nil {
		t.Fatal(err)
	}
	if p, _ := Find(repo); p != filepath.Join(root, FileName) {
		t.Errorf("a directory named %s was not passed over: %s", FileName, p)
	}
	os.Remove(filepath.Join(repo, FileName))
	os.Symlink("missing", filepath.Join(repo, FileName))
	if p, _ := Find(repo); p != filepath.Join(repo, FileName) {
		t.Errorf("found %s, want the broken link", p)
	}
}
