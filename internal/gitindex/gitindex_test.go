package gitindex

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/testflag"
	"github.com/babelqueue/bqgen/internal/testkit/tier"
)

// indexKinds are the index forms git writes, each made by the commands
// after `git init` in a repository holding repoFiles: testdata/<kind>/
// keeps what git 2.39 wrote (index, sharedindex.*, and ls-files, the paths
// git lists).
var indexKinds = map[string][]string{
	"v2":     {"add ."},
	"v3":     {"add a.txt sdk z", "add -N .bqgen/tx/journal"}, // intent-to-add sets the extended flag
	"v4":     {"add .", "update-index --index-version 4"},
	"split":  {"add a.txt .bqgen sdk", "update-index --split-index", "add z"}, // z in the index, the rest in the shared one
	"sha256": {"add ."},                                                       // made with --object-format=sha256
}

var repoFiles = []string{"a.txt", ".bqgen/tx/journal", "sdk/.bqgen/tx/new-0000", "sdk/.bqgen/go.files", "sdk/tests/a_test.go", "sdk/tests/b_test.go", "z/deep/er/file"}

func hashLenOf(kind string) int {
	if kind == "sha256" {
		return 32
	}
	return 20
}

// names parses the index in dir (and its shared index) and returns every
// path it lists.
func names(t *testing.T, dir string, hashLen int) []string {
	t.Helper()
	var got []string
	r := &repository{gitDir: dir, hashLen: hashLen}
	if err := r.scan(func(name string) bool { got = append(got, name); return false }); err != nil {
		t.Fatal(err)
	}
	return got
}

// Every path git lists, the parser lists, in each form of index.
func TestParsesWhatGitWrote(t *testing.T) {
	t.Parallel()
	for kind := range indexKinds {
		dir := filepath.Join("testdata", kind)
		want, err := os.ReadFile(filepath.Join(dir, "ls-files"))
		if err != nil {
			t.Fatal(err)
		}
		if got := names(t, dir, hashLenOf(kind)); !reflect.DeepEqual(sortedSet(got), strings.Fields(string(want))) {
			t.Errorf("%s: parsed %q, git lists %q", kind, got, want)
		}
	}
}

func sortedSet(names []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, n := range names {
		if !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	return sortStrings(out)
}

func sortStrings(s []string) []string {
	out := append([]string(nil), s...)
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j] < out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// The testdata is what the git on this machine writes: with -update it is
// rewritten from it.
func TestTestdataIsWhatGitWrites(t *testing.T) {
	tier.Toolchain(t, "git")
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git on PATH")
	}
	for kind, commands := range indexKinds {
		repo := makeRepo(t, kind, commands)
		listed := git(t, repo, "ls-files")
		got := names(t, filepath.Join(repo, ".git"), hashLenOf(kind))
		if want := strings.Fields(listed); !reflect.DeepEqual(sortedSet(got), sortStrings(want)) {
			t.Errorf("%s: parsed %q, git ls-files lists %q", kind, got, want)
		}
		if *testflag.Update {
			saveIndex(t, kind, repo, listed)
		}
	}
}

func makeRepo(t *testing.T, kind string, commands []string) string {
	t.Helper()
	repo := t.TempDir()
	for _, f := range repoFiles {
		p := filepath.Join(repo, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(f+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	initArgs := "init -q"
	if kind == "sha256" {
		initArgs += " --object-format=sha256"
	}
	git(t, repo, strings.Fields(initArgs)...)
	for _, c := range commands {
		git(t, repo, strings.Fields(c)...)
	}
	return repo
}

func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = []string{"GIT_CONFIG_NOSYSTEM=1", "HOME=" + dir, "PATH=" + os.Getenv("PATH")} // no GIT_DIR or GIT_INDEX_FILE of the caller
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return string(out)
}

func saveIndex(t *testing.T, kind, repo, listed string) {
	t.Helper()
	dir := filepath.Join("testdata", kind)
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(repo, ".git", "sharedindex.*"))
	for _, f := range append(files, filepath.Join(repo, ".git", "index")) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "ls-files"), []byte(strings.Join(sortStrings(strings.Fields(listed)), "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// Tracked finds the repository above a directory and answers for paths
// below that directory, in a worktree whose .git is a file too.
func TestTracked(t *testing.T) {
	t.Parallel()
	for kind := range indexKinds {
		repo := layRepo(t, kind, false)
		check := func(dir string, rels []string, want string) {
			t.Helper()
			got, err := Tracked(dir, rels...)
			if err != nil || got != want {
				t.Errorf("%s: Tracked(%s, %q) = %q, %v; want %q", kind, dir, rels, got, err, want)
			}
		}
		check(repo, []string{".bqgen/tx"}, ".bqgen/tx")
		check(filepath.Join(repo, "sdk"), []string{".bqgen/lock", ".bqgen/tx"}, ".bqgen/tx")
		check(filepath.Join(repo, "sdk"), []string{".bqgen/go.files"}, ".bqgen/go.files")
		check(filepath.Join(repo, "sdk", "tests"), []string{".bqgen/tx", "a_test.go"}, "a_test.go")
		check(filepath.Join(repo, "z"), []string{".bqgen/tx", "deep/er"}, "deep/er")
		check(filepath.Join(repo, "z"), []string{".bqgen/tx", "deep/e"}, "")
		check(filepath.Join(repo, "SDK"), []string{".BQGEN/TX"}, ".BQGEN/TX") // another spelling of the same path
		worktree := layRepo(t, kind, true)
		check(filepath.Join(worktree, "sdk"), []string{".bqgen/tx"}, ".bqgen/tx")
	}
	none := t.TempDir()
	if got, err := Tracked(none, ".bqgen/tx"); err != nil || got != "" {
		t.Errorf("outside any repository: %q, %v", got, err)
	}
}

// layRepo lays out a repository with testdata/<kind>'s index: its .git a
// directory, or (asFile) a file naming the git directory elsewhere.
func layRepo(t *testing.T, kind string, asFile bool) string {
	t.Helper()
	root := t.TempDir()
	repo, gitDir := filepath.Join(root, "repo"), filepath.Join(root, "repo", ".git")
	if asFile {
		gitDir = filepath.Join(root, "elsewhere", "worktrees", "repo")
	}
	for _, dir := range []string{filepath.Join(repo, "sdk", "tests"), filepath.Join(repo, "z"), gitDir} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if asFile {
		if err := os.WriteFile(filepath.Join(repo, ".git"), []byte("gitdir: ../elsewhere/worktrees/repo\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	entries, err := os.ReadDir(filepath.Join("testdata", kind))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join("testdata", kind, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(gitDir, e.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	config := "[core]\n\trepositoryformatversion = 1\n"
	if kind == "sha256" {
		config += "[extensions]\n\tobjectFormat = sha256\n"
	}
	if err := os.WriteFile(filepath.Join(gitDir, "config"), []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(repo, "SDK"), 0o755); err != nil {
		t.Fatal(err)
	}
	return repo
}

// A malformed index is an error, never a panic, never a hang: the parser
// reads each byte at most once and allocates no more than the file holds.
func FuzzParse(f *testing.F) {
	for kind := range indexKinds {
		data, err := os.ReadFile(filepath.Join("testdata", kind, "index"))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, uint8(hashLenOf(kind)))
	}
	f.Add([]byte("DIRC\x00\x00\x00\x04\xff\xff\xff\xff"), uint8(20))
	f.Fuzz(func(t *testing.T, data []byte, hashLen uint8) {
		if hashLen != 20 {
			hashLen = 32
		}
		parse(bufio.NewReader(bytes.NewReader(data)), int64(len(data)), int(hashLen), func(string) bool { return false })
	})
}
