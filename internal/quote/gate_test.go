package quote_test

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/babelqueue/bqgen/internal/quote"
	"github.com/babelqueue/bqgen/internal/testkit/workflowtest"
)

// through writes each piece through a new gate, flushes it and returns
// what reached the stream.
func through(pieces ...string) string {
	var buf bytes.Buffer
	g := quote.NewGate(&buf)
	for _, p := range pieces {
		g.Write([]byte(p))
	}
	g.Flush()
	return buf.String()
}

// Every hidden character but the layout's line feeds and tabs shows as
// an escape; text with none is left as it is.
func TestGateShowsHiddenCharacters(t *testing.T) {
	for in, want := range map[string]string{
		"plain text: é, →, 中文\n\tindented\n":    "plain text: é, →, 中文\n\tindented\n",
		"cr\rbel\aesc\x1b[31mdel\x7f\n":         `cr\rbel\aesc\x1b[31mdel\x7f` + "\n",
		"c1\u0085\u009b bidi\u202e\u2066\u061c": `c1\u0085\u009b bidi\u202e\u2066\u061c`,
		"zw\u200b\u200d\u2060\ufeff\u00ad":      `zw\u200b\u200d\u2060\ufeff\u00ad`,
		"sep\u2028\u2029 tag\U000e0041":         `sep\u2028\u2029 tag\U000e0041`,
		"filler\u3164 vs\ufe0f pua\ue000":       `filler\u3164 vs\ufe0f pua\ue000`,
		"bad\xff\xc0 utf8":                      `bad\xff\xc0 utf8`,
		"nbsp\u00a0ideographic\u3000space":      "nbsp\u00a0ideographic\u3000space",
	} {
		if got := through(in); got != want {
			t.Errorf("%q: got %q, want %q", in, got, want)
		}
	}
}

// No line reads as a workflow command: "::" opening a line (after any
// blanks a runner trims) and "##[" anywhere are broken, across writes too;
// the same characters elsewhere are left alone.
func TestGateNeutralisesWorkflowCommands(t *testing.T) {
	for _, c := range []struct {
		pieces []string
		want   string
	}{
		{[]string{"::error::forged\n"}, `\u003a:error::forged` + "\n"},
		{[]string{"ok\n  \t\u00a0::warning file=x::y\n"}, "ok\n  \t\u00a0" + `\u003a:warning file=x::y` + "\n"},
		{[]string{"a\n:", ":notice::x"}, "a\n" + `\u003a:notice::x`},
		{[]string{"text ##[error]forged\n"}, `text ##\u005berror]forged` + "\n"},
		{[]string{"#", "#", "[group]x"}, `##\u005bgroup]x`},
		{[]string{"key: a::b, ## [x] ###x [y]\n"}, "key: a::b, ## [x] ###x [y]\n"},
		{[]string{":single\n"}, ":single\n"},
		{[]string{"end:"}, "end:"},
		{[]string{"\x1b::error::x"}, `\x1b::error::x`},
	} {
		got := through(c.pieces...)
		if got != c.want {
			t.Errorf("%q: got %q, want %q", c.pieces, got, c.want)
		}
		if cmds := workflowtest.Commands(got); len(cmds) > 0 {
			t.Errorf("%q: a runner reads commands %q", c.pieces, cmds)
		}
	}
}

// A character split between two writes passes whole; one never finished
// is escaped at Flush.
func TestGateJoinsCharactersSplitBetweenWrites(t *testing.T) {
	if got := through("a\xe2\x80", "\xaeb"); got != `a\u202eb` {
		t.Errorf("split bidi: %q", got)
	}
	if got := through("é"[:1], "é"[1:]); got != "é" {
		t.Errorf("split é: %q", got)
	}
	if got := through("a\xe2\x80"); got != `a\xe2\x80` {
		t.Errorf("unfinished: %q", got)
	}
}

// Command writes the one line a runner reads as a command, on a line of
// its own, its values escaped; Meant keeps it for the comparison.
func TestGateCommandIsTheOnlyWayToACommand(t *testing.T) {
	var buf workflowtest.Stream
	g := quote.NewGate(&buf)
	g.Write([]byte("partial line "))
	err := g.Command("error", []quote.Property{{Name: "file", Value: "a,b:c\n"}, {Name: "title", Value: "t\x1b"}}, "msg\n::error::x\r%\u202e")
	if err != nil {
		t.Fatal(err)
	}
	g.Write([]byte("::error::forged\n"))
	g.Flush()
	want := "::error file=a%2Cb%3Ac%0A,title=t\\x1b::msg%0A::error::x\\r%25\\u202e"
	if got := buf.Meant; len(got) != 1 || got[0] != want {
		t.Errorf("meant %q, want %q", got, want)
	}
	if got := workflowtest.Commands(buf.String()); len(got) != 1 || got[0] != want {
		t.Errorf("a runner reads %q in %q", got, buf.String())
	}
	if unmeant := workflowtest.Unmeant(buf.String(), buf.Meant); len(unmeant) > 0 {
		t.Errorf("unmeant: %q", unmeant)
	}
	if err := g.Command("error::x", nil, ""); err == nil {
		t.Error("a command name holding :: was written")
	}
}

// Two gates in front of one writer share its line: a line one began is
// never taken for a fresh one by the other.
func TestGatesOfOneDestinationShareTheLine(t *testing.T) {
	var buf bytes.Buffer
	out, errOut := quote.Gates(&buf, &buf)
	out.Write([]byte("text, then on the other stream"))
	errOut.Write([]byte("\n"))
	out.Write([]byte("::error::forged\n"))
	if cmds := workflowtest.Commands(buf.String()); len(cmds) > 0 {
		t.Errorf("a runner reads %q in %q", cmds, buf.String())
	}
	if again, _ := quote.Gates(out, errOut); again != out {
		t.Error("a gate was put in front of a gate")
	}
}

// A terminal's control sequences go only to a terminal.
func TestControlOnlyToATerminal(t *testing.T) {
	var buf bytes.Buffer
	g := quote.NewGate(&buf)
	quote.Control(g, "\r\x1b[K")
	if buf.Len() != 0 {
		t.Errorf("a control sequence reached a buffer: %q", buf.String())
	}
}

// JSON escapes what a JSON encoder leaves hidden and means the same.
func TestJSONEscapesHiddenCharacters(t *testing.T) {
	in := "del\x7f c1\u0085 bidi\u202e tag\U000e0041 sep\u2028 é\t ##[error]x"
	raw, err := json.Marshal(map[string]string{"k\u200b": in})
	if err != nil {
		t.Fatal(err)
	}
	got := quote.JSON(raw)
	if hidden := workflowtest.Hidden(string(got)); len(hidden) > 0 {
		t.Errorf("%s: %q", got, hidden)
	}
	if cmds := workflowtest.Commands(string(got)); len(cmds) > 0 {
		t.Errorf("%s: commands %q", got, cmds)
	}
	var back map[string]string
	if err := json.Unmarshal(got, &back); err != nil || back["k\u200b"] != in {
		t.Errorf("%s decodes to %q, %v", got, back, err)
	}
	if !strings.Contains(string(got), `\udb40\udc41`) {
		t.Errorf("%s: no surrogate pair for U+E0041", got)
	}
}

// The property, over seeded random output in random pieces: nothing hidden
// and no command reaches the stream, and text without either passes whole.
func TestGateProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(45, 2))
	for range 2000 {
		checkGate(t, hostileText(rng), rng.Uint64())
	}
}

// FuzzGate is the property for the fuzzer.
func FuzzGate(f *testing.F) {
	for _, s := range []string{"::error::x\n", "a\r::warning::y", "##[error]z", "\xe2\x80\xae", "  \u00a0::notice::n"} {
		f.Add(s, uint64(3))
	}
	f.Fuzz(func(t *testing.T, s string, cut uint64) { checkGate(t, s, cut) })
}

func checkGate(t *testing.T, s string, cut uint64) {
	t.Helper()
	at := 0
	if len(s) > 0 {
		at = int(cut % uint64(len(s)+1))
	}
	got := through(s[:at], s[at:])
	if hidden := workflowtest.Hidden(got); len(hidden) > 0 {
		t.Fatalf("%q → %q: hidden %q", s, got, hidden)
	}
	if cmds := workflowtest.Commands(got); len(cmds) > 0 {
		t.Fatalf("%q → %q: commands %q", s, got, cmds)
	}
	if plain(s) && got != s {
		t.Fatalf("%q → %q: plain text changed", s, got)
	}
}

// plain reports whether s holds nothing the gate changes.
func plain(s string) bool {
	if !utf8.ValidString(s) || strings.Contains(s, "::") || strings.Contains(s, "##[") || strings.HasPrefix(strings.TrimLeft(s, " \t"), ":") {
		return false
	}
	for _, r := range s {
		if r != '\n' && r != '\t' && quote.Hidden(r) {
			return false
		}
	}
	return true
}

// hostileText is a line or two of what an attacker puts in a name.
func hostileText(rng *rand.Rand) string {
	pieces := []string{"::error::x", "##[error]x", "::", "#", "[", ":", "\n", "\r", "\r\n", "\t", " ", "\u00a0",
		"\x1b[31m", "\a", "\x7f", "\u0085", "\u009b", "\u202e", "\u2066", "\u200b", "\ufeff", "\u2028", "\U000e0041",
		"\xff", "\xe2\x80", "%0A", "é", "a", "name", "`"}
	var b strings.Builder
	for range 1 + rng.IntN(12) {
		b.WriteString(pieces[rng.IntN(len(pieces))])
	}
	return b.String()
}
