package diag

import (
	"bytes"
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/internal/quote"
	"github.com/babelqueue/bqgen/internal/testkit/workflowtest"
)

// workflowCommand is GitHub's workflow command syntax for annotations:
// ::error|warning|notice [k=v(,k=v)*]::message, with no raw line break.
var workflowCommand = regexp.MustCompile(`^::(error|warning|notice)( (file|line|col|endLine|endColumn|title)=[^,:\r\n]*(,(file|line|col|endLine|endColumn|title)=[^,:\r\n]*)*)?::[^\r\n]*$`)

func hostileReport() Report {
	return Report{Command: "validate", Summary: "suite is invalid: 2 problem(s)\n::error::forged", Diagnostics: []Diagnostic{
		{Severity: Error, File: "conformance/manifest.json", Line: 3, Column: 7, Kind: "invalid", Message: "bad\n::error file=x::injected %0A"},
		{Severity: Warning, File: "a,b:c.json", Pointer: "/cases/0", Kind: "invalid", Message: "50% done, really"},
		{Severity: Error, Kind: "usage", Message: "no file"},
	}}
}

func TestGitHubLinesAreWorkflowCommands(t *testing.T) {
	var b bytes.Buffer
	if err := WriteGitHub(&b, hostileReport()); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != 4 {
		t.Fatalf("want 4 lines (3 diagnostics and the summary), got %d:\n%s", len(lines), b.String())
	}
	for _, l := range lines {
		if !workflowCommand.MatchString(l) {
			t.Errorf("not a workflow command: %q", l)
		}
	}
	for _, want := range []string{
		"::error file=conformance/manifest.json,line=3,col=7,title=bqgen validate%3A invalid::bad%0A::error file=x::injected %250A",
		"::warning file=a%2Cb%3Ac.json,title=bqgen validate%3A invalid::/cases/0: 50%25 done, really",
		"::error title=bqgen validate%3A usage::no file",
		"::notice title=bqgen validate::suite is invalid: 2 problem(s)%0A::error::forged",
	} {
		if !strings.Contains(b.String(), want+"\n") {
			t.Errorf("missing line %q in\n%s", want, b.String())
		}
	}
}

func TestJSONIsVersionedAndNeverNull(t *testing.T) {
	var b bytes.Buffer
	if err := WriteJSON(&b, Report{Command: "check", OK: true, Summary: "up to date"}); err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if got["version"] != float64(SchemaVersion) || got["diagnostics"] == nil || got["ok"] != true {
		t.Errorf("got %s", b.String())
	}
}

// hiddenReport carries every kind of hidden character in its values.
func hiddenReport() Report {
	const h = "\x1b[31m\a\x7f\u0085\u202e\u2066\u200b\ufeff\u2028\U000e0041\r##[error]x"
	return Report{Command: "check", Summary: "sum" + h, Diagnostics: []Diagnostic{
		{Severity: Error, File: "a" + h + ".json", Line: 2, Kind: "stale", Message: "msg\n" + h}}}
}

// JSON writes a hidden character as its \u escape: the same string to a
// reader, nothing hidden and no command to a log.
func TestJSONShowsNoHiddenCharacter(t *testing.T) {
	var b bytes.Buffer
	if err := WriteJSON(&b, hiddenReport()); err != nil {
		t.Fatal(err)
	}
	if hidden := workflowtest.Hidden(b.String()); len(hidden) > 0 {
		t.Errorf("hidden %q in\n%s", hidden, b.String())
	}
	if cmds := workflowtest.Commands(b.String()); len(cmds) > 0 {
		t.Errorf("commands %q in\n%s", cmds, b.String())
	}
	var back Report
	if err := json.Unmarshal(b.Bytes(), &back); err != nil || back.Diagnostics[0].Message != hiddenReport().Diagnostics[0].Message {
		t.Errorf("%v: %q", err, b.String())
	}
}

// Through the text gate, the annotations are the commands a runner reads,
// exactly, each value shown.
func TestGitHubThroughTheGateIsTheMeantCommands(t *testing.T) {
	var s workflowtest.Stream
	g := quote.NewGate(&s)
	if err := WriteGitHub(g, hiddenReport()); err != nil {
		t.Fatal(err)
	}
	if hidden := workflowtest.Hidden(s.String()); len(hidden) > 0 {
		t.Errorf("hidden %q in\n%s", hidden, s.String())
	}
	cmds := workflowtest.Commands(s.String())
	if len(s.Meant) != 2 || !slices.Equal(cmds, s.Meant) || len(cmds) != strings.Count(s.String(), "\n") {
		t.Errorf("meant %q, a runner reads %q in\n%s", s.Meant, cmds, s.String())
	}
}
