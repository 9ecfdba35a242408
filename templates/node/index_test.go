package node

import (
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/suitetest"
	"github.com/babelqueue/bqgen/model"
)

// The names node:test's junit reporter makes of a test's name, as an XML
// decoder reads them: Node 20 (the full tier's runs check it against the
// real reporter) and newer releases, which keep line feeds as "&#10;".
func TestJUnitName(t *testing.T) {
	for _, c := range []struct{ in, node20, newer string }{
		{"plain", "plain", "plain"},
		{`say "hi" & <bye>`, "say &quot;hi&quot; & <bye>", "say &quot;hi&quot; & <bye>"},
		{"a\nb\r\nc\rd\te", "ab\nc\nd\te", "a\nb\n\nc\nd\te"},
		{"ref &#65; &#x41; &#99999999;", "ref &#65; &#x41; &#99999999;", "ref A &#x41; &#99999999;"},
	} {
		if got := junitName(c.in, false); got != c.node20 {
			t.Errorf("junitName(%q) for Node 20 = %q, want %q", c.in, got, c.node20)
		}
		if got := junitName(c.in, true); got != c.newer {
			t.Errorf("junitName(%q) for newer Node = %q, want %q", c.in, got, c.newer)
		}
	}
}

// node:test's junit reporter names neither file nor block, so two blocks'
// cases of one name at the top level of their files would be reported
// alike: generation refuses, naming both cases, instead of writing an
// index that cannot tell them apart.
func TestIndexRefusesCasesReportedAlike(t *testing.T) {
	fsys := suitetest.CanonicalMap(t)
	fsys[model.ManifestFile].Data = []byte(strings.Replace(string(fsys[model.ManifestFile].Data),
		`"name": "unknown-meta-roundtrip"`, `"name": "order-created"`, 1))
	s, problems := model.Load(fsys)
	if errs := problems.Errors(); len(errs) > 0 {
		t.Fatal(errs)
	}
	_, err := New().Generate(s, backend.Options{Binding: backend.BindSDK})
	if err == nil || !strings.Contains(err.Error(), "cases/order-created") || !strings.Contains(err.Error(), "roundtrip/order-created") {
		t.Errorf("two top-level tests named order-created: %v", err)
	}
}
