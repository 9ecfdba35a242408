package dotnet

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
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
		if got, err := namespaceOf(in); err != nil || got != want {
			t.Errorf("namespaceOf(%q) = %q, %v", in, got, err)
		}
	}
	for _, bad := range []string{"Acme..Tests", "1Acme", "Acme.class", "Acme;Evil", "Acme Tests", "Acme.", "Ünï"} {
		if _, err := namespaceOf(bad); err == nil {
			t.Errorf("namespaceOf(%q) accepted", bad)
		}
	}
}

// TestBodiesUseOnlyReservedTypeNames keeps bodyTypeNames complete: every
// capitalised simple name a test class or body template uses (outside string
// literals and member accesses) must be reserved, or a case with that name
// would hide it.
func TestBodiesUseOnlyReservedTypeNames(t *testing.T) {
	files, _ := filepath.Glob("tmpl/bodies_*.partial.tmpl")
	files = append(files, "tmpl/tests.cs.tmpl")
	reserved := map[string]bool{}
	for _, n := range bodyTypeNames {
		reserved[n] = true
	}
	stripped := regexp.MustCompile(`(?s)\{\{.*?\}\}|"(?:[^"\\]|\\.)*"|///[^\n]*`)
	simpleName := regexp.MustCompile(`(^|[^.\w])([A-Z]\w*)`)
	missing := map[string]bool{}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range simpleName.FindAllStringSubmatch(stripped.ReplaceAllString(string(raw), " "), -1) {
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
