package writer

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// The fuzz targets check the parsers of bqgen's state files, which arrive
// in pull requests: `go test -run '^$' -fuzz FuzzLedger ./writer/` (their
// seed corpora run in every `go test`).

// FuzzLedger checks that parseLedger never panics, refuses only with a
// line, accepts only safe paths, and that the current format round-trips:
// any path either is refused or comes back as exactly one entry, so no
// file name can forge a line.
func FuzzLedger(f *testing.F) {
	for _, seed := range []string{
		"",
		ledgerHeader,
		string(encodeLedger(ledger{"a_test.go": hashA, "testdata/conformance/fixtures/x y.json": hashB})),
		"# Files written by bqgen (SHA-256 of what it wrote, path); regenerated on every run. Do not edit.\n" + hashA + "  a_test.go\n",
		"# old\r\na_test.go\r\n" + hashB + "  b.json\r\n",
		"x.json\n" + hashA + "  README.md\n",
		ledgerHeader + hashA + ` "a\n` + hashB + `  README.md"` + "\n",
		ledgerHeader + hashA + ` "\u2028\ud800"` + "\n",
		"../x\n/abs\na\\b\n.bqgen/lock\n",
		"\xff\xfe\n",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkParsedLedger(t, data)
		checkLedgerPath(t, string(data))
	})
}

func checkParsedLedger(t *testing.T, data []byte) {
	l, err := parseLedger(data)
	if err != nil {
		var le *lineError
		if !errors.As(err, &le) || le.line < 1 {
			t.Fatalf("refused without a line: %v", err)
		}
		return
	}
	for p, h := range l {
		if why := outputPathProblem(p); why != "" {
			t.Fatalf("accepted %q: %s", p, why)
		}
		if h != "" && !isHash(h) {
			t.Fatalf("accepted hash %q", h)
		}
		if h == "" {
			return // an older ledger without hashes: the current format always has one
		}
	}
	again, err := parseLedger(encodeLedger(l))
	if err != nil || !reflect.DeepEqual(again, l) {
		t.Fatalf("round trip of %v: %v, %v", l, again, err)
	}
}

// checkLedgerPath writes p as a path into a ledger of the current format:
// it reads back as itself, or (a path the writer never records, which JSON
// may turn into another) as one entry or a refusal, never as more lines.
func checkLedgerPath(t *testing.T, p string) {
	l, err := parseLedger(encodeLedger(ledger{p: hashA}))
	if outputPathProblem(p) != "" {
		if err == nil && len(l) != 1 {
			t.Fatalf("the unsafe path %q read back as %v", p, l)
		}
		return
	}
	if err != nil || !reflect.DeepEqual(l, ledger{p: hashA}) {
		t.Fatalf("path %q: read back as %v, %v", p, l, err)
	}
}

// FuzzJournal checks that parseJournal never panics, refuses only with a
// line, accepts only safe targets and bqgen's own staged names with their
// hashes, and round-trips what it accepts.
func FuzzJournal(f *testing.F) {
	valid := journal{
		Run:      testRun,
		Dirs:     []string{"tests"},
		Writes:   []journalWrite{{Target: "tests/a.py", New: "new-0000", NewHash: hashA, Old: "old-0000", OldHash: hashB}, {Target: LedgerPath("python"), New: "new-0001", NewHash: hashB}},
		Removals: []journalWrite{{Target: "tests/b.py", Old: "removed-0000", OldHash: hashA}},
	}
	for _, seed := range []string{
		"",
		journalHead,
		string(encodeJournal(valid)),
		strings.ReplaceAll(string(encodeJournal(journal{Committed: true, Dirs: []string{"a"}})), "\n", "\r\n"),
		`{"committed":false,"writes":[{"target":"../outside/victim.txt"}],"removals":[],"dirs":[]}`,
		journalHead + `{"write":"../x","new":"new-0000","new_sha256":"` + hashA + `"}`,
		journalHead + `{"remove":"a","old":"../../k","old_sha256":"` + hashA + `"}`,
		journalHead + `{"dir":"a","dir":"../b"}`,
		journalHead + `{"write":".bqgen/go.files","new":"new-0000","new_sha256":"` + hashA + `"}`,
		journalHead + `{"write":"a\u0000b","new":"new-0000","new_sha256":"` + hashA + `"}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		j, err := parseJournal(data)
		if err != nil {
			var le *lineError
			if !errors.As(err, &le) || le.line < 1 {
				t.Fatalf("refused without a line: %v", err)
			}
			return
		}
		checkJournal(t, j)
		again, err := parseJournal(encodeJournal(j))
		if err != nil || !reflect.DeepEqual(again, j) {
			t.Fatalf("round trip of %+v: %+v, %v", j, again, err)
		}
	})
}

func checkJournal(t *testing.T, j journal) {
	for _, d := range j.Dirs {
		if why := outputPathProblem(d); why != "" {
			t.Fatalf("accepted directory %q: %s", d, why)
		}
	}
	for _, w := range append(append([]journalWrite(nil), j.Writes...), j.Removals...) {
		if why := outputPathProblem(w.Target); why != "" && !isLedgerPath(w.Target) {
			t.Fatalf("accepted target %q: %s", w.Target, why)
		}
		for _, s := range [][2]string{{w.New, w.NewHash}, {w.Old, w.OldHash}} {
			if s[0] != "" && (!stagedName.MatchString(s[0]) || !isHash(s[1])) {
				t.Fatalf("accepted staged %q with hash %q", s[0], s[1])
			}
		}
	}
}
