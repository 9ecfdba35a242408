package writer

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/treesnap"
)

// The two attacks of issue 45 that reach the repository itself: the out
// dir is usually an SDK repository's root, so its .git is inside it, and a
// pull request can commit bqgen's state files there.

// gitCheckout returns an out dir that is a repository's root: a .git with
// the files git needs to see a repository, and a hook sample.
func gitCheckout(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	put(t, root, ".git/HEAD", "ref: refs/heads/main\n")
	put(t, root, ".git/description", "Unnamed repository; edit this file 'description' to name the repository.\n")
	put(t, root, ".git/config", "[core]\n\trepositoryformatversion = 0\n")
	put(t, root, ".git/hooks/pre-commit.sample", "#!/bin/sh\n")
	put(t, root, ".git/refs/heads/main", "0123456789abcdef0123456789abcdef01234567\n")
	return root
}

func putMode(t *testing.T, root, path, content string, mode os.FileMode) {
	t.Helper()
	put(t, root, path, content)
	if err := os.Chmod(filepath.Join(root, filepath.FromSlash(path)), mode); err != nil {
		t.Fatal(err)
	}
}

// gitUnchanged fails t when the repository's .git is not as before.
func gitUnchanged(t *testing.T, root string, before map[string]string) {
	t.Helper()
	if after := snapshot(t, filepath.Join(root, ".git")); !reflect.DeepEqual(before, after) {
		t.Errorf(".git changed:\n%v", after)
	}
}

// Attack 1: a committed journal whose "remove" line names a git hook, with
// the hook staged beside it as the "removed" file: undoing the
// "interrupted" run moved it into .git/hooks with its run bit, and the
// maintainer's next commit ran it. Each defence is tried alone: the
// journal is refused when the lock records no such run, when git tracks
// it, when it names .git (at any depth, in any spelling), and when it names
// a file the run neither writes nor finds in a ledger.
func TestAttackCommittedJournalPlantsAGitHook(t *testing.T) {
	t.Parallel()
	hook := "#!/bin/sh\necho owned\n"
	for name, tc := range map[string]struct {
		target    string
		run       bool // the lock records the journal's run
		tracked   bool // the repository's index lists the journal
		want      string
		wantInErr string
	}{
		"as committed":    {target: "hooks/pre-commit", want: "journal: not left by an interrupted run here"},
		"the run matches": {target: ".git/hooks/pre-commit", run: true, want: "journal:2", wantInErr: "version control"},
		"tracked":         {target: ".git/hooks/pre-commit", run: true, tracked: true, want: "tracked by git"},
		"upper case":      {target: ".GIT/hooks/pre-commit", run: true, want: "journal:2", wantInErr: "version control"},
		"trailing dot":    {target: ".git./hooks/pre-commit", run: true, want: "journal:2", wantInErr: "version control"},
		"nested":          {target: "vendor/x/.git/hooks/pre-commit", run: true, want: "journal:2", wantInErr: "version control"},
		"not owned":       {target: "hooks/pre-commit", run: true, want: "journal:2", wantInErr: "neither a file this run writes nor one a ledger here records"},
	} {
		root := gitCheckout(t)
		putMode(t, root, ".bqgen/tx/removed-0000", hook, 0o755)
		j := journal{Run: strings.Repeat("f", 32), Removals: []journalWrite{{Target: tc.target, Old: "removed-0000", OldHash: contentHash([]byte(hook))}}}
		if tc.run {
			plantRun(t, root)
			j.Run = testRun
		}
		if tc.tracked {
			gitIndexListing(t, root, ".bqgen/tx/journal")
		}
		put(t, root, ".bqgen/tx/journal", string(encodeJournal(j)))
		before := snapshot(t, filepath.Join(root, ".git"))
		err := writeErr(root, false)
		mustBeAbsent(t, root, tc.target)
		mustBeAbsent(t, root, ".git/hooks/pre-commit")
		gitUnchanged(t, root, before)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), tc.wantInErr) {
			t.Errorf("%s: got %v, want an error with %q and %q", name, err, tc.want, tc.wantInErr)
		}
	}
}

// gitIndexListing gives root's repository an index that lists
// .bqgen/tx/journal (git 2.39's, from internal/gitindex's testdata).
func gitIndexListing(t *testing.T, root, path string) {
	t.Helper()
	index, err := os.ReadFile(filepath.Join("..", "internal", "gitindex", "testdata", "v2", "index"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(index), path) {
		t.Fatalf("the index does not list %s", path)
	}
	put(t, root, ".git/index", string(index))
}

// Attack 2: a committed ledger naming .git/HEAD and .git/description with
// their real hashes: generate deleted them as stale, and the clone stopped
// being a repository.
func TestAttackLedgerDeletesGitFiles(t *testing.T) {
	t.Parallel()
	root := gitCheckout(t)
	head, err := os.ReadFile(filepath.Join(root, ".git", "HEAD"))
	if err != nil {
		t.Fatal(err)
	}
	desc, err := os.ReadFile(filepath.Join(root, ".git", "description"))
	if err != nil {
		t.Fatal(err)
	}
	put(t, root, LedgerPath("go"), string(encodeLedger(ledger{".git/HEAD": contentHash(head), ".git/description": contentHash(desc)})))
	before := snapshot(t, filepath.Join(root, ".git"))
	err = writeErr(root, false, gen("a_test.go", "// Code generated by bqgen. DO NOT EDIT.\n"))
	gitUnchanged(t, root, before)
	errMentions(t, err, "go.files:3", ".git/")
}

// A lock that is a second name of .git's config: a run records itself in
// its lock, and would have written into the config. Refused, untouched.
func TestAttackLockIsAHardLinkIntoGit(t *testing.T) {
	t.Parallel()
	root := gitCheckout(t)
	treesnap.HardLink(t, filepath.Join(root, ".git", "config"), filepath.Join(root, ".bqgen", "lock"))
	before := snapshot(t, filepath.Join(root, ".git"))
	err := writeErr(root, false, gen("a_test.go", marker))
	gitUnchanged(t, root, before)
	mustBeAbsent(t, root, "a_test.go")
	errMentions(t, err, filepath.Join(".bqgen", "lock")+" has 2 names (hard links)")
}
