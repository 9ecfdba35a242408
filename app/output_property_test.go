package app

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/tier"
	"github.com/babelqueue/bqgen/internal/testkit/workflowtest"
)

// The output property of issue 45: for every command and every format,
// inputs carrying control characters (hostile_world_test.go) never make
// bqgen print a hidden character other than its layout's line feeds and
// tabs, on standard output, standard error or the Markdown it writes for a
// pull request; no line it prints reads as a workflow command other than
// the ones --format github asked the gate to write (quote.Gate.Command),
// read as the runner reads them; no line starts with text a value
// carried after a line break; and no Markdown holds a link, an autolink
// or a tag from input.

// outputRun is one command of the property in each of its formats.
type outputRun struct {
	name    string
	formats []string
	args    func(w hostileWorld, format string) []string
	stdin   func(w hostileWorld) string // what it reads on standard input, or nil for nothing
	file    func(w hostileWorld) string // Markdown it writes for a pull request, or nil
	lines   bool                        // it prints JSON lines (a protocol)
}

// in is args in a format given by --format.
func in(args ...string) func(hostileWorld, string) []string {
	return func(_ hostileWorld, f string) []string { return append(args, "--format", f) }
}

// outputRuns are the commands, each run on the inputs that reach it.
var outputRuns = []outputRun{
	{name: "validate", formats: findingsFormats, args: func(w hostileWorld, f string) []string {
		return []string{"validate", "--suite", w.suite, "--format", f}
	}},
	{name: "check a hand-edited checkout", formats: findingsFormats, args: func(w hostileWorld, f string) []string {
		return []string{"check", "--lang", "python", "--out", w.checked, "--blocks", "cases", "--format", f}
	}},
	{name: "check with a hostile suite", formats: findingsFormats, args: func(w hostileWorld, f string) []string {
		return []string{"check", "--lang", "python", "--out", w.clean, "--blocks", "cases", "--suite", w.suite, "--format", f}
	}},
	{name: "check a hostile config", formats: findingsFormats, args: func(w hostileWorld, f string) []string {
		return []string{"check", "--config", w.config, "--format", f}
	}},
	{name: "check with a hostile flag", formats: findingsFormats, args: func(w hostileWorld, f string) []string {
		return []string{"check", "--" + w.arg, "--format", f}
	}},
	{name: "verify with a hostile language", formats: findingsFormats, args: func(w hostileWorld, f string) []string {
		return []string{"verify", "--lang", w.arg, "--format", f}
	}},
	{name: "generate --summary", formats: []string{"text"}, args: func(w hostileWorld, _ string) []string {
		return []string{"generate", "--lang", "python", "--out", w.clean, "--blocks", "cases", "--suite", w.suite, "--summary", w.summary}
	}, file: func(w hostileWorld) string { return w.summary }},
	{name: "generate a hostile config", formats: []string{"text"}, args: func(w hostileWorld, _ string) []string {
		return []string{"generate", "--config", w.config}
	}},
	{name: "diff", formats: []string{"text", "md", "json"}, args: func(w hostileWorld, f string) []string {
		return []string{"diff", "--from", "embedded", "--to", w.suite, "--config", "none", "--lang", "python", "--format", f}
	}},
	{name: "diff a hostile config", formats: []string{"text", "md", "json"}, args: func(w hostileWorld, f string) []string {
		return []string{"diff", "--config", w.config, "--to", w.suite, "--format", f}
	}},
	{name: "report go test -json", formats: []string{"md", "json", "html", "blocks", "counts"}, args: func(w hostileWorld, f string) []string {
		return []string{"report", "--lang", "go", "--out", w.goOut, "--blocks", "cases", "--results", w.results, "--format", f}
	}},
	{name: "report JUnit", formats: []string{"md", "json"}, args: func(w hostileWorld, f string) []string {
		return []string{"report", "--lang", "go", "--out", w.goOut, "--blocks", "cases", "--results", w.junit, "--format", f}
	}},
	{name: "report --merge", formats: []string{"md", "json", "html", "blocks", "counts"}, args: func(w hostileWorld, f string) []string {
		return []string{"report", "--merge", w.merged, "--format", f}
	}},
	{name: "report a hostile config", formats: []string{"md", "json"}, args: func(w hostileWorld, f string) []string {
		return []string{"report", "--config", w.config, "--results", w.results, "--format", f}
	}},
	{name: "cases", formats: []string{"text"}, args: func(w hostileWorld, _ string) []string { return []string{"cases", "--suite", w.suite} }},
	{name: "scaffold", formats: []string{"text"}, args: func(w hostileWorld, _ string) []string {
		return []string{"scaffold", "--lang", "python", "--suite", w.suite}
	}},
	{name: "derive", formats: []string{"text"}, args: func(w hostileWorld, _ string) []string {
		return []string{"derive", "--suite", w.suite, "--out", w.derived}
	}},
	{name: "init", formats: []string{"text"}, args: func(w hostileWorld, _ string) []string {
		return []string{"init", "--lang", "node", "--dir", w.workspace, "--verbose"}
	}},
	{name: "oracle serve", formats: []string{"text"}, args: func(hostileWorld, string) []string { return []string{"oracle", "serve"} },
		stdin: func(w hostileWorld) string { return w.requests }, lines: true},
	{name: "version", formats: []string{"text", "json"}, args: in("version")},
	{name: "help for a hostile command", formats: []string{"text"}, args: func(w hostileWorld, _ string) []string { return []string{"help", w.arg} }},
	{name: "completion for a hostile shell", formats: []string{"text"}, args: func(w hostileWorld, _ string) []string { return []string{"completion", w.arg} }},
	{name: "an unknown command", formats: []string{"text"}, args: func(w hostileWorld, _ string) []string { return []string{w.arg} }},
}

// TestOutputProperty runs every command in every format over hostile
// inputs: two trials whose texts hold every hostile piece (their choices
// seeded), then seeded random ones, a few in -short, more in the full
// tier.
func TestOutputProperty(t *testing.T) {
	t.Parallel()
	trials := 2
	if tier.Extended(t, "more trials of hostile inputs") {
		trials = 12
	}
	goOut := generatedGo(t)
	gens := []hostileGen{everyPieceGen(0), everyPieceGen(1)}
	for seed := range uint64(trials) {
		gens = append(gens, seededGen(seed))
	}
	for _, g := range gens {
		w := newHostileWorld(t, g, goOut)
		for _, r := range outputRuns {
			for _, f := range r.formats {
				checkOutput(t, w, r, f)
			}
		}
	}
}

// FuzzOutputProperty is the property for the fuzzer: every hostile text of
// a trial is the fuzzer's, and which picks the command and its format.
func FuzzOutputProperty(f *testing.F) {
	for i, s := range []string{"a\nFORGED", "x\r::error::y", "##[error]z", "\u202e\x1b[2J", "[x](http://evil.example) www.evil.example", "```\n<script>"} {
		f.Add(s, uint16(i*7))
	}
	goOut := generatedGo(f)
	f.Fuzz(func(t *testing.T, text string, which uint16) {
		w := newHostileWorld(t, fuzzedGen(uint64(which), text), goOut)
		r := outputRuns[int(which)%len(outputRuns)]
		checkOutput(t, w, r, r.formats[int(which)/len(outputRuns)%len(r.formats)])
	})
}

// goOnce is the go checkout report reads: generated once for the binary.
var goOnce struct {
	sync.Once
	dir string
	err string
}

// generatedGo is a go checkout of the embedded suite's cases block, with
// its test index: what report reads besides the results.
func generatedGo(t testing.TB) string {
	t.Helper()
	goOnce.Do(func() {
		dir, err := os.MkdirTemp("", "bqgen-output-property-")
		if err != nil {
			goOnce.err = err.Error()
			return
		}
		var out, errOut bytes.Buffer
		if code := Run(context.Background(), []string{"bqgen", "generate", "--lang", "go", "--out", dir, "--blocks", "cases"}, strings.NewReader(""), &out, &errOut); code != 0 {
			goOnce.err = errOut.String()
		}
		goOnce.dir = dir
	})
	if goOnce.err != "" {
		t.Fatalf("generate go: %s", goOnce.err)
	}
	return goOnce.dir
}

// checkOutput runs r in format f on w and holds what it printed, and the
// Markdown it wrote, to the property.
func checkOutput(t *testing.T, w hostileWorld, r outputRun, f string) {
	t.Helper()
	os.Remove(w.summary)
	args := r.args(w, f)
	stdin := ""
	if r.stdin != nil {
		stdin = r.stdin(w)
	}
	var out, errOut workflowtest.Stream // Run puts the gates in front
	code := Run(context.Background(), append([]string{"bqgen"}, args...), strings.NewReader(stdin), &out, &errOut)
	what := r.name + " --format " + f
	if code != 0 && code != 1 && code != 2 {
		t.Errorf("%s: exit %d\n%s", what, code, errOut.String())
	}
	holdsTheProperty(t, what+": stdout", out.String(), out.Meant, f != "html")
	holdsTheProperty(t, what+": stderr", errOut.String(), errOut.Meant, true)
	switch f {
	case "json":
		if !json.Valid(out.Bytes()) {
			t.Errorf("%s: stdout is not one JSON document:\n%s", what, out.String())
		}
	case "github":
		if cmds := workflowtest.Commands(out.String()); !slices.Equal(cmds, out.Meant) || len(cmds) != strings.Count(out.String(), "\n") {
			t.Errorf("%s: stdout is not the annotations alone:\n%s", what, out.String())
		}
	case "md", "blocks":
		markdownHoldsNoLink(t, what, out.String())
	}
	for _, line := range workflowtest.Lines(out.String()) {
		if r.lines && !json.Valid([]byte(line)) {
			t.Errorf("%s: not a JSON line: %s", what, line)
		}
	}
	if r.file == nil {
		return
	}
	if data, err := os.ReadFile(r.file(w)); err == nil {
		holdsTheProperty(t, what+": "+r.file(w), string(data), nil, true)
		markdownHoldsNoLink(t, what+": "+r.file(w), string(data))
	}
}

// holdsTheProperty fails t when text shows a hidden character, a line a
// runner reads as a command other than meant, or (oneLineValues: but in
// HTML, whose <pre> shows a failure message's own lines) a line a value
// began.
func holdsTheProperty(t *testing.T, what, text string, meant []string, oneLineValues bool) {
	t.Helper()
	if hidden := workflowtest.Hidden(text); len(hidden) > 0 {
		t.Errorf("%s: hidden characters %q in\n%s", what, hidden, text)
	}
	if unmeant := workflowtest.Unmeant(text, meant); len(unmeant) > 0 {
		t.Errorf("%s: a runner reads commands bqgen did not mean: %q in\n%s", what, unmeant, text)
	}
	for _, line := range workflowtest.Lines(text) {
		if oneLineValues && strings.HasPrefix(strings.TrimLeft(line, " \t"), "FORGED") {
			t.Errorf("%s: a value's line break began the line %q in\n%s", what, line, text)
		}
	}
}

// markdownHoldsNoLink fails t when Markdown holds a link, an autolink or a
// tag from input, as it is.
func markdownHoldsNoLink(t *testing.T, what, md string) {
	t.Helper()
	for _, m := range linkMarkers {
		if strings.Contains(md, m) {
			t.Errorf("%s: the Markdown holds %q as it is:\n%s", what, m, md)
		}
	}
}
