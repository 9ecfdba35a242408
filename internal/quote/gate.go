package quote

import (
	"io"
	"os"
	"reflect"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Gate is the text gate in front of one of bqgen's output streams, put
// there once, by app.Run, for every command and format: whatever reaches
// the stream passes it, however it was made (a library's error, a diff of
// a hand-edited file, a name from a suite). By construction:
//
//   - every hidden character (Hidden) but the line feeds and tabs bqgen
//     lays its text out with shows as an escape (\r, \x1b, \u202e), and
//     every byte that is not UTF-8 as \xNN; so a CR cannot end a line in a
//     CI log, nor an escape sequence drive a terminal;
//   - no line reads as a GitHub workflow command unless it was written by
//     Command: the runner takes a line whose first non-blank characters
//     are "::" for one, and "##[" anywhere in a line for the legacy form,
//     so a line's opening colon is written \u003a when another follows, and
//     the bracket of "##[" as \u005b (escapes that, should they fall in a
//     JSON string, mean the character they stand for);
//   - a terminal's control sequences (colour, a redrawn status line) are
//     written only by Control, and only to a terminal.
//
// A Gate is safe for concurrent use. Writes reach the stream at once, but
// for a colon opening a line and the first bytes of a character, which
// wait for what follows (Flush writes them at the end of a run).
type Gate struct {
	w    io.Writer
	line *lineState
}

// lineState is where the stream's current line stands. Two gates in front
// of one destination (standard output and error both a terminal, or a
// pipe with 2>&1) share it, so neither can start a line the other began.
type lineState struct {
	mu      sync.Mutex
	started bool   // something but blanks is on the line
	colon   bool   // a colon opening the line, held
	hashes  int    // how many '#' were just written on the line
	partial []byte // the first bytes of a character a later Write ends
}

// NewGate is a gate in front of w; Gates puts one in front of each of a
// command's two streams.
func NewGate(w io.Writer) *Gate {
	return &Gate{w: w, line: &lineState{}}
}

// Gates are the gates in front of a command's standard output and error:
// out and errOut themselves when they are gates already, new ones
// otherwise, sharing one line when both reach the same destination.
func Gates(out, errOut io.Writer) (*Gate, *Gate) {
	o, outIsGate := out.(*Gate)
	e, errIsGate := errOut.(*Gate)
	if !outIsGate {
		o = NewGate(out)
	}
	if !errIsGate {
		e = NewGate(errOut)
		if sameDestination(out, errOut) {
			e.line = o.line
		}
	}
	return o, e
}

// sameDestination reports whether a and b write to one place: the same
// writer, or two files open on one file, pipe or terminal.
func sameDestination(a, b io.Writer) bool {
	fa, okA := a.(*os.File)
	fb, okB := b.(*os.File)
	if okA && okB {
		ia, errA := fa.Stat()
		ib, errB := fb.Stat()
		return fa == fb || errA == nil && errB == nil && os.SameFile(ia, ib)
	}
	ta := reflect.TypeOf(a)
	return ta != nil && ta == reflect.TypeOf(b) && ta.Comparable() && a == b
}

// Write writes p through the gate. It reports p written in full once the
// stream took what the gate made of it.
func (g *Gate) Write(p []byte) (int, error) {
	l := g.line
	l.mu.Lock()
	defer l.mu.Unlock()
	data := p
	if len(l.partial) > 0 {
		data = append(l.partial, p...)
		l.partial = nil
	}
	out := make([]byte, 0, len(data)+16)
	for i := 0; i < len(data); {
		if !utf8.FullRune(data[i:]) {
			l.partial = append([]byte(nil), data[i:]...)
			break
		}
		r, size := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && size == 1 {
			out = l.put(out, -1, byteEscape(data[i]))
		} else {
			out = l.put(out, r, string(data[i:i+size]))
		}
		i += size
	}
	if _, err := g.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}

// put appends one character (text, the rune r, or -1 for a byte that is
// not UTF-8 and text its escape) as the gate lets it through.
func (l *lineState) put(out []byte, r rune, text string) []byte {
	if l.colon {
		l.colon = false
		if r == ':' {
			out = append(out, `\u003a`...) // "::" would open a command
		} else {
			out = append(out, ':')
		}
	}
	switch {
	case r == '\n':
		l.started, l.hashes = false, 0
		return append(out, '\n')
	case r == '\t' || r >= 0 && unicode.IsSpace(r) && !Hidden(r):
		l.hashes = 0 // a blank: a runner trims it from a line's start
		return append(out, text...)
	case r < 0:
		l.started, l.hashes = true, 0
		return append(out, text...)
	case Hidden(r):
		l.started, l.hashes = true, 0
		return append(out, RuneEscape(r)...)
	case r == ':' && !l.started:
		l.started, l.colon = true, true
		return out
	case r == '[' && l.hashes >= 2:
		l.started, l.hashes = true, 0
		return append(out, `\u005b`...) // "##[" would open a legacy command
	case r == '#':
		l.started = true
		l.hashes++
		return append(out, '#')
	}
	l.started, l.hashes = true, 0
	return append(out, text...)
}

// Flush writes what the gate holds back: a colon that opened the last
// line, the first bytes of a character that never ended (escaped).
func (g *Gate) Flush() error {
	l := g.line
	l.mu.Lock()
	defer l.mu.Unlock()
	out := l.release(nil)
	if len(out) == 0 {
		return nil
	}
	_, err := g.w.Write(out)
	return err
}

// release appends what the line holds back: a colon that opened it, the
// first bytes of a character (escaped: what follows will not end it).
func (l *lineState) release(out []byte) []byte {
	if l.colon {
		l.colon = false
		out = append(out, ':')
	}
	for _, c := range l.partial {
		out = append(out, byteEscape(c)...)
	}
	l.partial = nil
	return out
}

// Unwrap is the stream the gate is in front of.
func (g *Gate) Unwrap() io.Writer { return g.w }

// Control writes seq, a terminal control sequence of bqgen's own (a
// colour, the redraw of a status line), to w when w is a terminal (or a
// gate in front of one), and nothing otherwise.
func Control(w io.Writer, seq string) error {
	if !IsTerminal(w) {
		return nil
	}
	g, ok := w.(*Gate)
	if !ok {
		_, err := io.WriteString(w, seq)
		return err
	}
	l := g.line
	l.mu.Lock()
	defer l.mu.Unlock()
	out := append(l.release(nil), seq...)
	for _, c := range seq {
		if c == '\r' || c == '\n' {
			l.started, l.hashes = false, 0 // what follows starts a line
		}
	}
	_, err := g.w.Write(out)
	return err
}

// IsTerminal reports whether w (or the stream a gate w is in front of) is
// a terminal that can redraw a line (not TERM=dumb).
func IsTerminal(w io.Writer) bool {
	if g, ok := w.(*Gate); ok {
		w = g.w
	}
	if os.Getenv("TERM") == "dumb" {
		return false
	}
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}
