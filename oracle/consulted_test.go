package oracle

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestOnlyHasReadsTheFault holds the oracle to what Consulted relies on:
// outside has (and the accessors that copy an oracle), no code reads an
// oracle's fault, so every fault acts where has was asked about it.
func TestOnlyHasReadsTheFault(t *testing.T) {
	t.Parallel()
	allowed := []string{"has", "Fault", "consulting"}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || slices.Contains(allowed, fn.Name.Name) {
				continue
			}
			ast.Inspect(fn, func(n ast.Node) bool {
				if sel, ok := n.(*ast.SelectorExpr); ok && (sel.Sel.Name == "fault" || sel.Sel.Name == "alongside") {
					t.Errorf("%s: %s reads .%s: ask has instead, or a mutant may be skipped where its fault acts", fset.Position(sel.Pos()), fn.Name.Name, sel.Sel.Name)
				}
				return true
			})
		}
	}
	if _, err := os.Stat("oracle.go"); err != nil {
		t.Fatalf("run from the oracle package's directory: %v", err)
	}
}

// TestAnsweredAlikeSkipsOnlyUnconsultedFaults: a conversation replayed as
// Stop replays it knows which faults its answers asked about, and for every
// fault says what a replay of every request says.
func TestAnsweredAlikeSkipsOnlyUnconsultedFaults(t *testing.T) {
	t.Parallel()
	requests := []byte(listenRequests(t) + requestLine(t, 9, "make", map[string]any{"urn": "urn:x", "queue": "q", "data": map[string]any{}}) + "\n")
	consulted := Consulted{}
	correct, err := Conversation{Requests: requests}.replay(None, consulted)
	if err != nil {
		t.Fatal(err)
	}
	known := Conversation{Requests: requests, correct: correct, consulted: consulted}
	skipped := 0
	for _, f := range Faults() {
		got, err := known.AnsweredAlike(f.Name)
		if err != nil {
			t.Fatal(err)
		}
		want, err := Conversation{Requests: requests}.AnsweredAlike(f.Name)
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Errorf("mutant %s: AnsweredAlike = %v with the faults asked about, %v replaying", f.Name, got, want)
		}
		if !consulted.Has(f.Name) {
			skipped++
		}
	}
	if skipped == 0 || skipped == len(Faults()) {
		t.Errorf("%d of %d mutants skipped: the requests prove nothing", skipped, len(Faults()))
	}
}
