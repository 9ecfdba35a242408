package writer

import (
	"context"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/tier"
	"github.com/babelqueue/bqgen/internal/testkit/treesnap"
)

// The tree-hash property: whatever ledgers, journals and staged files a
// checkout holds, a run changes nothing but the files it writes, the files
// a ledger there records (and the directories above them) and bqgen's own
// state in .bqgen/; nothing outside the out dir, and nothing in .git in
// any spelling, byte for byte. Each trial lays out a repository (its .git
// with HEAD, config, hooks, objects and sometimes an index that lists
// .bqgen/tx), files beside it, links leading out, random ledgers and
// journals whose paths and hashes are drawn from what the tree holds (the
// real hashes of .git's files among them) and random staged files, then
// runs Write, check's plan and Write again, and compares a hash of every
// file, link and directory of the whole sandbox before and after.

// treeTrials is how many random checkouts a run tries.
func treeTrials(t *testing.T) uint64 {
	if tier.Extended(t, "1800 more random checkouts") {
		return 2000
	}
	return 200
}

func TestTreeHashProperty(t *testing.T) {
	t.Parallel()
	for seed := range treeTrials(t) {
		t.Run(fmt.Sprint("seed=", seed), func(t *testing.T) {
			t.Parallel()
			runTreeTrial(t, rand.New(rand.NewPCG(seed, 0x7ee)))
		})
	}
}

// FuzzTreeHash is the property over checkouts drawn from the fuzzer's
// numbers: go test -run '^$' -fuzz FuzzTreeHash ./writer/
func FuzzTreeHash(f *testing.F) {
	for seed := range uint64(4) {
		f.Add(seed, seed*7919)
	}
	f.Fuzz(func(t *testing.T, a, b uint64) {
		runTreeTrial(t, rand.New(rand.NewPCG(a, b)))
	})
}

// trial is one random checkout: the sandbox, the out dir in it (the
// repository's root, or a directory below it), the run's files, and every
// path a ledger text of the trial records.
type trial struct {
	r        *rand.Rand
	sandbox  string
	out      string // slash path of the out dir below the sandbox
	files    []backend.File
	recorded map[string]bool
	contents []string // what files of the tree hold, for hashes and staged files
}

func runTreeTrial(t *testing.T, r *rand.Rand) {
	tr := &trial{r: r, sandbox: t.TempDir(), recorded: map[string]bool{}}
	tr.out = []string{"repo", "repo", "repo/sdk"}[r.IntN(3)]
	tr.layRepository(t)
	tr.files = tr.plannedFiles()
	tr.layState(t)
	before := treesnap.Take(t, tr.sandbox, "")
	root := tr.abs(tr.out)
	ctx := context.Background()
	Write(ctx, root, "go", tr.files, r.IntN(2) == 0)
	MakePlan(root, "go", tr.files)
	Write(ctx, root, "go", tr.files[:r.IntN(len(tr.files)+1)], r.IntN(2) == 0)
	after := treesnap.Take(t, tr.sandbox, "")
	if bad := tr.forbiddenChanges(before, after); len(bad) > 0 {
		t.Fatalf("a run changed what it may not:\n%s\nstate:\n%s", strings.Join(bad, "\n"), tr.describeState(t))
	}
}

func (tr *trial) abs(slash string) string {
	return filepath.Join(tr.sandbox, filepath.FromSlash(slash))
}

// put writes a file of the trial, remembering its content.
func (tr *trial) put(t *testing.T, slash, content string, mode os.FileMode) {
	t.Helper()
	p := tr.abs(slash)
	if os.MkdirAll(filepath.Dir(p), 0o755) != nil {
		return // a link or a file on the way: the checkout has no such file
	}
	if info, err := os.Lstat(p); err == nil && !info.Mode().IsRegular() {
		return
	}
	if err := os.WriteFile(p, []byte(content), mode); err != nil {
		t.Fatal(err)
	}
	tr.contents = append(tr.contents, content)
}

// layRepository writes the repository: .git, the SDK's files, files beside
// the repository, and links leading out of the out dir.
func (tr *trial) layRepository(t *testing.T) {
	for name, content := range map[string]string{
		"repo/.git/HEAD":                      "ref: refs/heads/main\n",
		"repo/.git/config":                    "[core]\n\trepositoryformatversion = 0\n",
		"repo/.git/description":               "Unnamed repository\n",
		"repo/.git/refs/heads/main":           "0123456789abcdef0123456789abcdef01234567\n",
		"repo/.git/objects/ab/cdef0123456789": "blob\x00",
		"repo/README.md":                      "# the SDK\n",
		"repo/src/main.go":                    "package main\n",
		"repo/sdk/go.mod":                     "module sdk\n",
		"outside/secret.key":                  "private\n",
		"outside/tx/journal":                  "outside\n",
	} {
		tr.put(t, name, content, 0o644)
	}
	tr.put(t, "repo/.git/hooks/pre-commit.sample", "#!/bin/sh\nexit 0\n", 0o755)
	tr.put(t, tr.out+"/tests/old_test.go", marker+"// old\n", 0o644)
	if tr.r.IntN(3) == 0 {
		index, err := os.ReadFile(filepath.Join("..", "internal", "gitindex", "testdata", "v2", "index"))
		if err != nil {
			t.Fatal(err)
		}
		tr.put(t, "repo/.git/index", string(index), 0o644) // lists .bqgen/tx/journal and sdk/.bqgen/tx/new-0000
	}
	links := map[string]string{
		"linked":               tr.abs("outside"),
		"tests/link_test.go":   tr.abs("outside/secret.key"),
		"gitlink":              tr.abs("repo/.git"),
		"testdata/conformance": "../../outside",
	}
	for name, target := range links {
		if tr.r.IntN(3) == 0 {
			p := tr.abs(tr.out + "/" + name)
			if os.MkdirAll(filepath.Dir(p), 0o755) == nil {
				os.Symlink(target, p)
			}
		}
	}
}

// plannedFiles are the run's files: a few generated and vendored ones.
func (tr *trial) plannedFiles() []backend.File {
	pool := []string{"tests/a_test.go", "tests/b_test.go", "gen/c_test.go", "testdata/conformance/x.json", "tests/old_test.go", "src/main.go"}
	var files []backend.File
	for _, p := range pool {
		if tr.r.IntN(2) == 0 {
			content := marker + fmt.Sprintf("// %d\n", tr.r.IntN(3))
			files = append(files, backend.File{Path: p, Content: []byte(content), Kind: backend.Generated})
			tr.contents = append(tr.contents, content)
		}
	}
	return files
}

// path is what a ledger or journal line names: mostly a path a parser
// would take were it not for the rules against .git and links (the run's
// files, the SDK's, .git's in every spelling, through links, bqgen's
// state, names Windows reads as others), sometimes one out of the out dir,
// absolute, with a control character, or random.
func (tr *trial) path() string {
	if tr.r.IntN(6) == 0 {
		up := "../"
		if tr.out == "repo/sdk" {
			up = "../../"
		}
		return tr.pick([]string{"../.git/HEAD", "sdk/../.git/HEAD", up + "outside/secret.key", tr.abs("outside/secret.key"), "a\nb",
			up + "repo/.git/config", tr.randomPath(), tr.randomPath()})
	}
	return tr.pick([]string{"tests/a_test.go", "tests/old_test.go", "gen/c_test.go", "README.md", "src/main.go", "go.mod",
		".git/HEAD", ".git/config", ".git/description", ".git/hooks/pre-commit", ".git/hooks/pre-commit.sample",
		".git/objects/ab/cdef0123456789", ".git/refs/heads/main", ".GIT/HEAD", ".Git/config", ".git./x", ".git /x", "GIT~1/HEAD",
		"vendor/.git/config", "linked/secret.key", "linked/x", "gitlink/HEAD", "gitlink/hooks/pre-commit", "tests/link_test.go",
		"testdata/conformance/x.json", ".bqgen/lock", ".bqgen/tx/journal", ".bqgen/go.files", "con.json", "tests/nul", ".hg/hgrc"})
}

func (tr *trial) randomPath() string {
	const alphabet = "ab./-_~1 GITgit\u00e9"
	runes := []rune(alphabet)
	var b strings.Builder
	for range 1 + tr.r.IntN(12) {
		b.WriteRune(runes[tr.r.IntN(len(runes))])
	}
	return b.String()
}

func (tr *trial) pick(from []string) string { return from[tr.r.IntN(len(from))] }

// hashOf is a SHA-256 a line records for the path p: mostly the real hash
// of what the tree holds there (.git's files included, and what a link
// leads to), else of something else the tree holds, or of nothing.
func (tr *trial) hashOf(p string) string {
	if tr.r.IntN(3) != 0 {
		if content, err := os.ReadFile(tr.abs(tr.out + "/" + p)); err == nil {
			return contentHash(content)
		}
	}
	if tr.r.IntN(5) == 0 {
		return contentHash([]byte(tr.randomPath()))
	}
	return contentHash([]byte(tr.pick(tr.contents)))
}

// ledgerText is a random ledger, its paths remembered as recorded.
func (tr *trial) ledgerText() string {
	l := ledger{}
	for range 1 + tr.r.IntN(3) {
		p := tr.path()
		l[p] = tr.hashOf(p)
		tr.recorded[p] = true
	}
	text := string(encodeLedger(l))
	tr.contents = append(tr.contents, text)
	return text
}

// layState writes the out dir's ledgers, a journal with staged files that
// mostly agree with it, and the lock (recording the journal's run, half
// the time).
func (tr *trial) layState(t *testing.T) {
	state := tr.out + "/.bqgen/"
	for _, lang := range []string{"go", "python"} {
		if tr.r.IntN(3) != 0 {
			tr.put(t, state+lang+".files", tr.ledgerText(), 0o644)
		}
	}
	if tr.r.IntN(8) == 0 { // the lock a second name of .git's config, or of a file outside
		p := tr.abs(state + "lock")
		if os.MkdirAll(filepath.Dir(p), 0o755) == nil {
			os.Link(tr.abs(tr.pick([]string{"repo/.git/config", "outside/secret.key"})), p)
		}
	}
	if tr.r.IntN(4) == 0 {
		return
	}
	hook := "#!/bin/sh\necho owned\n"
	stagedContents := append(slices.Clone(tr.contents), tr.ledgerText(), hook)
	n := 0
	// stage gives a staged file of kind a name, a content and its hash:
	// mostly a file of that content, sometimes none, or a second name of
	// .git's config (as saveOld makes one of a target).
	stage := func(kind string) (string, string) {
		name := fmt.Sprintf("%s-%04d", kind, n)
		n++
		content := tr.pick(stagedContents)
		switch tr.r.IntN(5) {
		case 0:
		case 1:
			p := tr.abs(state + "tx/" + name)
			if os.MkdirAll(filepath.Dir(p), 0o755) == nil && os.Link(tr.abs("repo/.git/config"), p) == nil {
				content = "[core]\n\trepositoryformatversion = 0\n"
			}
		default:
			tr.put(t, state+"tx/"+name, content, []os.FileMode{0o644, 0o755}[tr.r.IntN(2)])
		}
		return name, contentHash([]byte(content))
	}
	run := []string{testRun, strings.Repeat("f", 32)}[tr.r.IntN(2)]
	j := journal{Run: run, Committed: tr.r.IntN(4) == 0}
	for range tr.r.IntN(2) {
		j.Dirs = append(j.Dirs, path.Dir(tr.path()))
	}
	for range 1 + tr.r.IntN(3) {
		target := tr.path()
		if tr.r.IntN(2) == 0 {
			w := journalWrite{Target: target}
			w.Old, w.OldHash = stage("removed")
			j.Removals = append(j.Removals, w)
			continue
		}
		w := journalWrite{Target: target, NewHash: tr.hashOf(target)}
		w.New, _ = stage("new")
		if tr.r.IntN(2) == 0 {
			w.Old, w.OldHash = stage("old")
		}
		j.Writes = append(j.Writes, w)
	}
	tr.put(t, state+"tx/journal", string(encodeJournal(j)), 0o644)
	if tr.r.IntN(2) == 0 {
		tr.put(t, state+"lock", runRecord(testRun), 0o644)
	}
}

// forbiddenChanges lists what changed between the two snapshots of the
// tree and was not the run's to change.
func (tr *trial) forbiddenChanges(before, after map[string]string) []string {
	var bad []string
	for _, p := range treesnap.Changed(before, after) {
		if why := tr.mayNotChange(p); why != "" {
			bad = append(bad, fmt.Sprintf("%s (%s): %q -> %q", p, why, before[p], after[p]))
		}
	}
	return bad
}

// mayNotChange says why the sandbox path p may not change, "" when it may.
func (tr *trial) mayNotChange(p string) string {
	rel, inside := strings.CutPrefix(p, tr.out+"/")
	switch {
	case vcsPart(p):
		return "a version control system's directory"
	case !inside:
		return "outside the out dir"
	case rel == stateDir || strings.HasPrefix(rel, stateDir+"/"):
		return ""
	}
	for _, f := range tr.files {
		if rel == f.Path || strings.HasPrefix(f.Path, rel+"/") {
			return ""
		}
	}
	for r := range tr.recorded {
		if rel == r || strings.HasPrefix(r, rel+"/") {
			return ""
		}
	}
	return "neither a file of the run nor one a ledger records"
}

// vcsPart is the test's own rule for a version control directory: a part
// that, lower-cased and without trailing dots and spaces, is one, or
// git's 8.3 short name.
func vcsPart(p string) bool {
	for _, part := range strings.Split(p, "/") {
		switch n := strings.ToLower(strings.TrimRight(part, ". ")); {
		case n == ".git", n == ".hg", n == ".svn", n == ".bzr", n == "_darcs", n == "cvs", strings.HasPrefix(n, "git~"):
			return true
		}
	}
	return false
}

// describeState shows the out dir's state files, for a failure.
func (tr *trial) describeState(t *testing.T) string {
	var b strings.Builder
	filepath.WalkDir(tr.abs(tr.out+"/.bqgen"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			content, _ := os.ReadFile(p)
			fmt.Fprintf(&b, "  %s: %q\n", p, content)
		}
		return nil
	})
	fmt.Fprintf(&b, "  files: %v\n  recorded: %v\n", filePathsOf(tr.files), tr.recorded)
	return b.String()
}

func filePathsOf(files []backend.File) []string {
	var out []string
	for _, f := range files {
		out = append(out, f.Path)
	}
	return out
}
