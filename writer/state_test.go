package writer

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
)

var (
	hashA = contentHash([]byte("a"))
	hashB = contentHash([]byte("b"))
)

// testRun is the run token of the journals the tests write by hand.
const testRun = "0123456789abcdef0123456789abcdef"

const journalHead = `{"bqgen_journal":3,"committed":false,"run":"` + testRun + `"}` + "\n"

// plantRun makes the out dir's lock record testRun as under way, as a run
// killed mid-way leaves it: its journal is then this machine's own.
func plantRun(t *testing.T, root string) { put(t, root, lockFile, runRecord(testRun)) }

// Every rule a journal line can break is refused with that line.
func TestJournalRefusedWithItsLine(t *testing.T) {
	t.Parallel()
	w := func(fields string) string { return journalHead + `{"dir":"tests"}` + "\n" + fields + "\n" }
	for name, tc := range map[string]struct{ journal, want string }{
		"older format":     {`{"committed":false,"writes":[],"removals":[],"dirs":[]}`, "line 1: not a journal"},
		"version 2":        {`{"bqgen_journal":2,"committed":false}` + "\n", "line 1: not a journal"},
		"no run":           {`{"bqgen_journal":3,"committed":false}` + "\n", "line 1: not a journal"},
		"bad run":          {`{"bqgen_journal":3,"committed":false,"run":"../x"}` + "\n", "line 1: not a journal"},
		"git target":       {w(`{"remove":".git/hooks/pre-commit","old":"removed-0000","old_sha256":"` + hashA + `"}`), `line 3: target ".git/hooks/pre-commit": ".git" is a version control`},
		"GIT~1 dir":        {w(`{"dir":"GIT~1"}`), `line 3: directory "GIT~1": "GIT~1" is a version control`},
		"parent path":      {w(`{"write":"../x","new":"new-0000","new_sha256":"` + hashA + `"}`), `line 3: target "../x": it leaves`},
		"absolute":         {w(`{"remove":"/etc/passwd","old":"removed-0000","old_sha256":"` + hashA + `"}`), "line 3: target \"/etc/passwd\": it is absolute"},
		"backslash":        {w(`{"write":"a\\b","new":"new-0000","new_sha256":"` + hashA + `"}`), "backslash"},
		"control":          {w(`{"write":"a\nb","new":"new-0000","new_sha256":"` + hashA + `"}`), "line 3: target \"a\\nb\": it holds a control character"},
		"staged path":      {w(`{"write":"a","new":"../../x","new_sha256":"` + hashA + `"}`), `line 3: staged name "../../x" is not new-NNNN`},
		"staged kind":      {w(`{"write":"a","new":"old-0000","new_sha256":"` + hashA + `"}`), "is not new-NNNN"},
		"no hash":          {w(`{"write":"a","new":"new-0000"}`), "line 3: the SHA-256 of new-0000 is missing"},
		"old without hash": {w(`{"write":"a","new":"new-0000","new_sha256":"` + hashA + `","old":"old-0000"}`), "SHA-256 of old-0000"},
		"twice":            {w(`{"write":"a","new":"new-0000","new_sha256":"` + hashA + `"}` + "\n" + `{"remove":"a","old":"removed-0001","old_sha256":"` + hashB + `"}`), `line 4: target "a" is named twice (first on line 3)`},
		"staged twice":     {w(`{"write":"a","new":"new-0000","new_sha256":"` + hashA + `"}` + "\n" + `{"write":"b","new":"new-0000","new_sha256":"` + hashB + `"}`), "line 4: staged name \"new-0000\" is used twice"},
		"state":            {w(`{"remove":".bqgen/lock","old":"removed-0000","old_sha256":"` + hashA + `"}`), "bqgen's own state"},
		"unknown field":    {w(`{"write":"a","new":"new-0000","new_sha256":"` + hashA + `","mode":"0777"}`), "line 3: not one JSON object"},
		"two kinds":        {w(`{"dir":"a","write":"a","new":"new-0000","new_sha256":"` + hashA + `"}`), "line 3: want exactly one of"},
		"dir with fields":  {w(`{"dir":"b","old":"old-0000"}`), "line 3: a \"dir\" line has no other field"},
		"trailing value":   {w(`{"dir":"b"} {"dir":"c"}`), "line 3: not one JSON object"},
		"blank line":       {journalHead + "\n" + `{"dir":"b"}` + "\n", "line 2:"},
	} {
		_, err := parseJournal([]byte(tc.journal))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", name, err, tc.want)
		}
	}
}

func TestJournalRoundTrip(t *testing.T) {
	t.Parallel()
	j := journal{
		Run:      testRun,
		Dirs:     []string{"tests", "tests/conformance"},
		Writes:   []journalWrite{{Target: "tests/a.py", New: "new-0000", NewHash: hashA, Old: "old-0000", OldHash: hashB}, {Target: LedgerPath("python"), New: "new-0001", NewHash: hashB}},
		Removals: []journalWrite{{Target: "tests/b.py", Old: "removed-0000", OldHash: hashA}},
	}
	got, err := parseJournal(encodeJournal(j))
	if err != nil || !reflect.DeepEqual(got, j) {
		t.Fatalf("round trip: %+v, %v", got, err)
	}
	crlf := strings.ReplaceAll(string(encodeJournal(j)), "\n", "\r\n")
	if got, err := parseJournal([]byte(crlf)); err != nil || !reflect.DeepEqual(got, j) {
		t.Fatalf("CRLF: %+v, %v", got, err)
	}
}

// A well-formed journal that bqgen did not write still moves nothing it
// cannot prove the run put there: a target is removed only while it holds
// the recorded new content, a backup restored only while it holds the
// recorded old content.
func TestUndoChecksEveryHash(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	plantRun(t, root)
	put(t, root, LedgerPath("go"), string(encodeLedger(ledger{"README.md": hashB, "edited_test.go": hashB, "planted.key": hashB})))
	put(t, root, "README.md", "# the SDK\n")
	put(t, root, "edited_test.go", "edited after the crash\n")
	put(t, root, ".bqgen/tx/old-0001", "old")
	put(t, root, ".bqgen/tx/removed-0000", "planted")
	put(t, root, ".bqgen/tx/journal", journalHead+
		`{"write":"README.md","new":"new-0000","new_sha256":"`+hashA+`"}`+"\n"+
		`{"write":"edited_test.go","new":"new-0001","new_sha256":"`+hashA+`","old":"old-0001","old_sha256":"`+contentHash([]byte("old"))+`"}`+"\n"+
		`{"remove":"planted.key","old":"removed-0000","old_sha256":"`+hashB+`"}`+"\n")
	err := writeErr(root, false)
	mustExist(t, root, "README.md", "# the SDK\n")
	mustExist(t, root, "edited_test.go", "edited after the crash\n")
	mustBeAbsent(t, root, "planted.key")
	errMentions(t, err, "planted.key", "missing or changed", "delete .bqgen/tx")
}

// A ledger that breaks a rule is refused with its name and line, and the
// run touches nothing.
func TestLedgerRefusedWithItsLine(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct{ ledger, want string }{
		"parent":       {"# old\na_test.go\n../x\n", `go.files:3: path "../x": it leaves the out dir`},
		"state":        {hashA + "  .bqgen/tx/journal\n", "go.files:1: path \".bqgen/tx/journal\": it lies in .bqgen/"},
		"twice":        {"a_test.go\nA_test.go\n", "go.files:2: path \"A_test.go\" is listed twice (first on line 1)"},
		"bad v2 line":  {ledgerHeader + hashA + "  a_test.go\n", "go.files:2: the path  a_test.go is not one JSON string"},
		"v2 no hash":   {ledgerHeader + `"a_test.go"` + "\n", "go.files:2: not a SHA-256"},
		"v2 two paths": {ledgerHeader + hashA + ` "a" "b"` + "\n", "go.files:2:"},
		"v2 control":   {ledgerHeader + hashA + ` "a\u001b[31m"` + "\n", "control character"},
	} {
		root := t.TempDir()
		put(t, root, "a_test.go", "// Code generated by bqgen. DO NOT EDIT.\n")
		put(t, root, LedgerPath("go"), tc.ledger)
		before := snapshot(t, root)
		err := writeErr(root, false, gen("b_test.go", "b"))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", name, err, tc.want)
		}
		after := snapshot(t, root)
		delete(after, filepath.FromSlash(lockFile)) // the lock stays, as after every run
		if !reflect.DeepEqual(before, after) {
			t.Errorf("%s: a refused ledger changed the out dir: %v", name, after)
		}
	}
}

// A ledger of the previous format is read, counts as up to date for check,
// and is rewritten in the current format by the next run that writes.
func TestLedgerOfThePreviousFormatIsMigrated(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	a := gen("a_test.go", "// Code generated by bqgen. DO NOT EDIT.\n")
	put(t, root, a.Path, string(a.Content))
	v1 := "# Files written by bqgen (SHA-256 of what it wrote, path); regenerated on every run. Do not edit.\n" + contentHash(a.Content) + "  a_test.go\n"
	put(t, root, LedgerPath("go"), v1)
	if p, err := MakePlan(root, "go", []backend.File{a}); err != nil || !p.Empty() {
		t.Fatalf("an up-to-date out dir with a previous-format ledger: %+v, %v", p, err)
	}
	b := gen("b_test.go", "// Code generated by bqgen. DO NOT EDIT.\nb\n")
	write(t, root, a, b)
	raw, _ := os.ReadFile(filepath.Join(root, LedgerPath("go")))
	if !strings.HasPrefix(string(raw), ledgerMark) || !strings.Contains(string(raw), contentHash(a.Content)+` "a_test.go"`) {
		t.Fatalf("the ledger was not migrated:\n%s", raw)
	}
}

// A link where bqgen would write a file is in the way, even with --adopt,
// and stays a link; a scaffold that is a link inside the out dir is the
// SDK's own and is left alone.
func TestLinkInPlaceOfAFile(t *testing.T) {
	t.Parallel()
	root, outside := hostileCheckout(t)
	symlink(t, filepath.Join(outside, "config"), filepath.Join(root, "a_test.go"))
	put(t, root, "shared/subject.go", "mine")
	symlink(t, "shared/subject.go", filepath.Join(root, "subject_test.go"))
	_, err := Write(context.Background(), root, "go", []backend.File{gen("a_test.go", "x"), {Path: "subject_test.go", Content: []byte("scaffold"), Kind: backend.Scaffold}}, true)
	errMentions(t, err, "a_test.go: it is a symbolic link", "not even with --adopt")
	if strings.Contains(err.Error(), "subject_test.go") {
		t.Errorf("a linked scaffold was reported: %v", err)
	}
	mustExist(t, outside, "config", "mine")
	if info, err := os.Lstat(filepath.Join(root, "a_test.go")); err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced (%v)", err)
	}
}

// A directory where bqgen would write a file is in the way, not an error
// while reading.
func TestDirectoryInPlaceOfAFile(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	put(t, root, "a_test.go/keep", "x")
	p, err := MakePlan(root, "go", []backend.File{gen("a_test.go", "x")})
	if err != nil || len(p.Conflicts) != 1 || !strings.Contains(p.Conflicts[0].Reason, "it is a directory") {
		t.Fatalf("got %+v, %v", p, err)
	}
}
