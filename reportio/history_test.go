package reportio

import (
	"bytes"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/plan"
	"github.com/babelqueue/bqgen/report"
	"github.com/babelqueue/bqgen/safefile"
)

// flags are report's flags in a map.
type flags map[string]string

func (f flags) String(name string) string        { return f[name] }
func (f flags) Bool(name string) bool            { return f[name] == "true" }
func (f flags) IsSet(name string) bool           { _, ok := f[name]; return ok }
func (f flags) StringSlice(name string) []string { return nil }

// A history at its limit is pruned before the report is rendered: the
// report says how many entries went (Markdown, HTML), stderr too, and the
// file written reads back under its reader's limit. The limit is lowered
// to 64 KiB so the history need not be 24 MiB.
func TestWritePrunesAHistoryAtItsLimit(t *testing.T) {
	defer func(old int) { historyRoom = old }(historyRoom)
	historyRoom = 64 << 10
	r := report.Report{Newest: "1.0.0"}
	for i := range 100 {
		r.Cases = append(r.Cases, report.Case{ID: fmt.Sprintf("cases/c%d", i), Block: "cases"})
	}
	sdk := report.SDK{Repository: "r", Target: "go core", ConformanceVersion: "1.0.0", Results: map[string]report.Result{}}
	for _, c := range r.Cases {
		sdk.Results[c.ID] = report.Result{Status: report.Passed}
	}
	r.SDKs = []report.SDK{sdk}
	h := report.History{}
	for len(mustEncode(t, h)) <= historyRoom {
		h = h.Append(r)
	}
	for _, format := range []string{"md", "html"} {
		file := filepath.Join(t.TempDir(), "history.json")
		if err := os.WriteFile(file, mustEncode(t, h), 0o644); err != nil {
			t.Fatal(err)
		}
		render, err := Renderer(format)
		if err != nil {
			t.Fatal(err)
		}
		var stdout, stderr bytes.Buffer
		q := Request{Plan: plan.Request{Stderr: &stderr}, Flags: flags{"history": file, "format": format}, Stdout: &stdout}
		if err := Write(q, r, render); err != nil {
			t.Fatal(err)
		}
		data, err := safefile.Read(file, safefile.Kind{Name: "a history", Limit: int64(historyRoom)})
		if err != nil {
			t.Fatalf("%s: the history written is not read back under its limit: %v", format, err)
		}
		back, err := report.ReadHistory(file, data)
		if err != nil {
			t.Fatal(err)
		}
		pruned := len(h.Entries) + 1 - len(back.Entries)
		if pruned < 1 {
			t.Fatalf("%s: %d entries written from %d and this report's: nothing pruned", format, len(back.Entries), len(h.Entries))
		}
		note := report.PrunedNote(pruned)
		if shown := map[string]string{"md": note, "html": html.EscapeString(note)}[format]; !strings.Contains(stdout.String(), shown) {
			t.Errorf("%s: the report does not say %q", format, shown)
		}
		if !strings.Contains(stderr.String(), note) {
			t.Errorf("%s: stderr does not say %q: %s", format, note, stderr.String())
		}
	}
}

func mustEncode(t *testing.T, h report.History) []byte {
	data, err := h.Encode()
	if err != nil {
		t.Fatal(err)
	}
	return data
}
