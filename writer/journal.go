package writer

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/babelqueue/bqgen/internal/portable"
)

// The journal (.bqgen/tx/journal) is one JSON object a line. The first
// says the format, whether the run committed, and the run's token (which
// the out dir's lock records while the run is under way: see runRecord);
// each other is one step:
//
//	{"bqgen_journal":3,"committed":false,"run":"0f…"}
//	{"dir":"tests/conformance"}
//	{"write":"tests/a.py","new":"new-0000","new_sha256":"…","old":"old-0000","old_sha256":"…"}
//	{"remove":"tests/b.py","old":"removed-0001","old_sha256":"…"}
//
// A target is a safe path in the out dir (or a ledger), a staged name is
// one of bqgen's own in .bqgen/tx/, and the hashes let an undo check that
// a file still holds what the run put there before it removes or replaces
// it. A journal of an older bqgen (one JSON object, no hashes; or no run
// token) is refused: nothing in it proves what the run wrote, or that a
// run here wrote it.

const journalVersion = 3

// journal is the record of one run's transaction.
type journal struct {
	Committed bool
	Run       string // the run's token
	Writes    []journalWrite
	Removals  []journalWrite
	Dirs      []string // directories the run made, outermost first
}

// journalWrite is one target: the staged new content and its hash (none
// for a removal), and the saved old content and its hash (none when the
// target did not exist).
type journalWrite struct {
	Target       string
	New, NewHash string
	Old, OldHash string
}

// journalHeader is the first line.
type journalHeader struct {
	Version   int    `json:"bqgen_journal"`
	Committed bool   `json:"committed"`
	Run       string `json:"run"`
}

// journalLine is any other line: exactly one of Dir, Write, Removal.
type journalLine struct {
	Dir     string `json:"dir,omitempty"`
	Write   string `json:"write,omitempty"`
	Removal string `json:"remove,omitempty"`
	New     string `json:"new,omitempty"`
	NewHash string `json:"new_sha256,omitempty"`
	Old     string `json:"old,omitempty"`
	OldHash string `json:"old_sha256,omitempty"`
}

func encodeJournal(j journal) []byte {
	var b bytes.Buffer
	line := func(v any) {
		data, _ := json.Marshal(v) // plain strings and bools always encode
		b.Write(data)
		b.WriteByte('\n')
	}
	line(journalHeader{Version: journalVersion, Committed: j.Committed, Run: j.Run})
	for _, d := range j.Dirs {
		line(journalLine{Dir: d})
	}
	for _, w := range j.Writes {
		line(journalLine{Write: w.Target, New: w.New, NewHash: w.NewHash, Old: w.Old, OldHash: w.OldHash})
	}
	for _, r := range j.Removals {
		line(journalLine{Removal: r.Target, Old: r.Old, OldHash: r.OldHash})
	}
	return b.Bytes()
}

// parseJournal reads a journal strictly: any line that breaks a rule makes
// the whole journal refused, with the line.
func parseJournal(raw []byte) (journal, error) {
	j, _, err := parseJournalLines(raw)
	return j, err
}

// parseJournalLines is parseJournal with the line that names each target
// and directory, for a refusal of one of them later (recoverTx).
func parseJournalLines(raw []byte) (journal, map[string]int, error) {
	lines := strings.Split(strings.TrimSuffix(string(raw), "\n"), "\n")
	var h journalHeader
	if err := decodeStrict(lines[0], &h); err != nil || h.Version != journalVersion || !isRunToken(h.Run) {
		return journal{}, nil, lineErr(1, "not a journal of this bqgen (want {\"bqgen_journal\":%d,\"committed\":…,\"run\":\"<32 hex digits>\"})", journalVersion)
	}
	p := journalParser{j: journal{Committed: h.Committed, Run: h.Run}, targets: map[string]int{}, lines: map[string]int{}, staged: map[string]int{}}
	for i, line := range lines[1:] {
		if err := p.add(i+2, line); err != nil {
			return journal{}, nil, err
		}
	}
	return p.j, p.lines, nil
}

// decodeStrict decodes one line holding one JSON object with no field v
// lacks, and nothing after it.
func decodeStrict(line string, v any) error {
	line = strings.TrimSuffix(line, "\r")
	if !utf8.ValidString(line) {
		return errors.New("not UTF-8")
	}
	dec := json.NewDecoder(strings.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("more than one JSON value")
	}
	return nil
}

// journalParser checks each line against the ones before it.
type journalParser struct {
	j       journal
	targets map[string]int // portable.Key of a target or directory -> its line
	lines   map[string]int // a target or directory -> its line
	staged  map[string]int // staged name -> its line
}

func (p *journalParser) add(n int, line string) error {
	var l journalLine
	if err := decodeStrict(line, &l); err != nil {
		return lineErr(n, "not one JSON object of the journal (%v)", err)
	}
	switch {
	case l.Dir != "" && l.Write == "" && l.Removal == "":
		return p.addDir(n, l)
	case l.Write != "" && l.Dir == "" && l.Removal == "":
		return p.addWrite(n, l)
	case l.Removal != "" && l.Dir == "" && l.Write == "":
		return p.addRemoval(n, l)
	}
	return lineErr(n, "want exactly one of \"dir\", \"write\" and \"remove\"")
}

func (p *journalParser) addDir(n int, l journalLine) error {
	if l.New != "" || l.NewHash != "" || l.Old != "" || l.OldHash != "" {
		return lineErr(n, "a \"dir\" line has no other field")
	}
	if why := outputPathProblem(l.Dir); why != "" {
		return lineErr(n, "directory %q: %s", l.Dir, why)
	}
	if err := p.claim(n, "directory", l.Dir); err != nil {
		return err
	}
	p.j.Dirs = append(p.j.Dirs, l.Dir)
	return nil
}

func (p *journalParser) addWrite(n int, l journalLine) error {
	w := journalWrite{Target: l.Write, New: l.New, NewHash: l.NewHash, Old: l.Old, OldHash: l.OldHash}
	if err := p.checkTarget(n, w.Target); err != nil {
		return err
	}
	if err := p.checkStaged(n, "new", w.New, w.NewHash); err != nil {
		return err
	}
	if w.Old != "" || w.OldHash != "" {
		if err := p.checkStaged(n, "old", w.Old, w.OldHash); err != nil {
			return err
		}
	}
	p.j.Writes = append(p.j.Writes, w)
	return nil
}

func (p *journalParser) addRemoval(n int, l journalLine) error {
	if l.New != "" || l.NewHash != "" {
		return lineErr(n, "a \"remove\" line has no new content")
	}
	r := journalWrite{Target: l.Removal, Old: l.Old, OldHash: l.OldHash}
	if err := p.checkTarget(n, r.Target); err != nil {
		return err
	}
	if err := p.checkStaged(n, "removed", r.Old, r.OldHash); err != nil {
		return err
	}
	p.j.Removals = append(p.j.Removals, r)
	return nil
}

// checkTarget accepts a safe output path, a ledger or the state dir's
// .gitignore, listed once.
func (p *journalParser) checkTarget(n int, target string) error {
	if why := outputPathProblem(target); why != "" && !isLedgerPath(target) && !isIgnorePath(target) {
		return lineErr(n, "target %q: %s", target, why)
	}
	return p.claim(n, "target", target)
}

// stagedName is the form of bqgen's own names in .bqgen/tx/: never a path.
var stagedName = regexp.MustCompile(`^(new|old|removed)-[0-9]{4,9}$`)

// checkStaged accepts a staged file of the kind (new, old, removed) with
// its hash, each staged name used once.
func (p *journalParser) checkStaged(n int, kind, name, hash string) error {
	if m := stagedName.FindStringSubmatch(name); m == nil || m[1] != kind {
		return lineErr(n, "staged name %q is not %s-NNNN", name, kind)
	}
	if !isHash(hash) {
		return lineErr(n, "the SHA-256 of %s is missing or not 64 lowercase hex digits", name)
	}
	if first, dup := p.staged[name]; dup {
		return lineErr(n, "staged name %q is used twice (first on line %d)", name, first)
	}
	p.staged[name] = n
	return nil
}

// claim records a path a line names; no path is named twice.
func (p *journalParser) claim(n int, what, path string) error {
	key := portable.Key(path)
	if first, dup := p.targets[key]; dup {
		return lineErr(n, "%s %q is named twice (first on line %d)", what, path, first)
	}
	p.targets[key], p.lines[path] = n, n
	return nil
}
