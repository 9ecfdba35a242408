package diag

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
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
