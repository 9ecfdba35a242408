// Package baseline reads and writes a target's baseline: the cases its SDK
// is known to fail, one a line, written from a run's results by bqgen
// baseline and reviewed like a lockfile. generate reads it as known
// failures, so the SDK's own runner reports those tests as expected
// failures, the gate stays green on them, and a case that newly fails, or
// a listed case that now passes, turns it red.
//
// The file arrives with the checkout, so it is input like any other: its
// size, its lines and its entries are bounded, every field is a quoted Go
// string or a version token, and a problem names the file and the line.
package baseline

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// The bounds of a baseline: as many entries as a target may list
// exemptions, a case id as long as an exemption's pattern, a message cut
// to what a reviewer reads in a diff.
const (
	MaxEntries = 2000
	MaxCaseID  = 512
	// MaxMessage is the longest message kept, in runes; a longer runner
	// message is cut, with "…".
	MaxMessage = 200
	maxVersion = 64
	maxLine    = 4096
)

// Path is where a target's baseline lives, relative to its out dir (the
// package's root), beside its ledger.
func Path(lang string) string { return ".bqgen/" + lang + ".baseline" }

// Entry is one known failure: the case, the suite version it was first
// written against, and what the runner said.
type Entry struct {
	Case    string // "<block>/<case name>", as bqgen cases lists it
	Suite   string // the CONFORMANCE_VERSION, or "unversioned"
	Message string // the runner's message, one line, at most MaxMessage runes
	line    int
}

// Line is the entry's line in the file it was read from (0: not read).
func (e Entry) Line() int { return e.line }

// File is a baseline's entries, sorted by case id, each case once.
type File struct {
	Entries []Entry
}

// ByCase is the entries by case id.
func (f File) ByCase() map[string]Entry {
	out := make(map[string]Entry, len(f.Entries))
	for _, e := range f.Entries {
		out[e.Case] = e
	}
	return out
}

// Message is the runner's message as a baseline keeps it: its first
// non-blank line, spaces collapsed, invalid UTF-8 replaced, at most
// MaxMessage runes.
func Message(raw string) string {
	raw = strings.ToValidUTF8(raw, "\uFFFD")
	for _, line := range strings.Split(raw, "\n") {
		if line = strings.Join(strings.Fields(line), " "); line != "" {
			return cut(line, MaxMessage)
		}
	}
	return ""
}

func cut(s string, runes int) string {
	if utf8.RuneCountInString(s) <= runes {
		return s
	}
	n := 0
	for i := range s {
		if n == runes-1 {
			return s[:i] + "…"
		}
		n++
	}
	return s
}

// quoted is s as the file spells it: a Go string literal, so that a
// control, bidi or invisible character is an escape, never raw text.
func quoted(s string) string { return strconv.QuoteToGraphic(s) }
