package dotnet

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
)

func TestPascalPhraseReadsBack(t *testing.T) {
	for _, name := range append([]string{"CasesConformanceTests", "IReadOnlyList"}, bodyTypeNames...) {
		if got := backend.Join(backend.Words(pascalPhrase(name)), backend.Pascal); got != name {
			t.Errorf("pascalPhrase(%q) reads back as %q", name, got)
		}
	}
}

func TestTestMethodNamesAvoidReservedNames(t *testing.T) {
	class := testClassName("cases")
	names := append([]string{"cases conformance tests", "order-created"}, phrases(bodyTypeNames)...)
	ids := testMethodNames(class, names)
	taken := map[string]bool{class: true}
	for _, n := range bodyTypeNames {
		taken[n] = true
	}
	seen := map[string]bool{}
	for i, id := range ids {
		if taken[id] {
			t.Errorf("case %q got the reserved name %s", names[i], id)
		}
		if seen[id] {
			t.Errorf("duplicate method name %s", id)
		}
		seen[id] = true
	}
	if ids[1] != "OrderCreated" {
		t.Errorf("an ordinary case name changed: %s", ids[1])
	}
}

func TestNamespaceOption(t *testing.T) {
	good := map[string]string{"": DefaultNamespace, "Acme.Tests": "Acme.Tests", "_x.Y1": "_x.Y1"}
	for in, want := range good {
		if got, err := namespaceOf(in, DefaultNamespace); err != nil || got != want {
			t.Errorf("namespaceOf(%q) = %q, %v", in, got, err)
		}
	}
	for _, bad := range []string{"Acme..Tests", "1Acme", "Acme.class", "Acme;Evil", "Acme Tests", "Acme.", "Ünï"} {
		if _, err := namespaceOf(bad, DefaultNamespace); err == nil {
			t.Errorf("namespaceOf(%q) accepted", bad)
		}
	}
}

// TestBodiesUseOnlyReservedTypeNames keeps bodyTypeNames complete: every
// capitalised simple name a test class or body template uses (outside string
// literals and member accesses) must be reserved, or a case with that name
// would hide it.
func TestBodiesUseOnlyReservedTypeNames(t *testing.T) {
	// The test bodies are the block templates (tmpl/<block>.tmpl) and the
	// shared *.partial.tmpl, without the scaffolds (the transport and
	// messaging-layer ones, and
	// the mappings and reasons in the block templates), which live in
	// another class; tests.cs.tmpl lays them out.
	all, _ := filepath.Glob("tmpl/*.tmpl")
	var files []string
	for _, f := range all {
		if base := filepath.Base(f); !strings.Contains(strings.TrimSuffix(base, ".tmpl"), ".") ||
			strings.HasSuffix(base, ".partial.tmpl") && !strings.HasPrefix(base, "header") &&
				!strings.HasPrefix(base, "transport_scaffold") && !strings.HasPrefix(base, "npipeline_scaffold") || base == "tests.cs.tmpl" {
			files = append(files, f)
		}
	}
	if len(files) < len(blockViews) {
		t.Fatalf("only %d body templates: %v", len(files), files)
	}
	reserved := map[string]bool{}
	for _, n := range reservedTypeNames() {
		reserved[n] = true
	}
	scaffold := regexp.MustCompile(`(?s)\{\{-? ?define "(?:scaffold|unmapped|transport|own|own_usings|own_support|own_unmapped)\.[^"]*"\}\}.*?\{\{-? ?end\}\}`)
	// Template actions, string literals, doc comments and named arguments
	// (MetaId: ...) name no type.
	stripped := regexp.MustCompile(`(?s)\{\{.*?\}\}|"(?:[^"\\]|\\.)*"|///[^\n]*|\b[A-Z]\w*: `)
	simpleName := regexp.MustCompile(`(^|[^.\w])([A-Z]\w*)`)
	missing := map[string]bool{}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		bodies := scaffold.ReplaceAllString(string(raw), " ")
		for _, m := range simpleName.FindAllStringSubmatch(stripped.ReplaceAllString(bodies, " "), -1) {
			if !reserved[m[2]] {
				missing[m[2]] = true
			}
		}
	}
	if len(missing) > 0 {
		var names []string
		for n := range missing {
			names = append(names, n)
		}
		sort.Strings(names)
		t.Errorf("add to bodyTypeNames: %v", names)
	}
}
