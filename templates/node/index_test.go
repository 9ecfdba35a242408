package node

import (
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/report"
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

// node:test's junit reporter names no file, so two blocks' cases of one
// name would be reported alike at the top level of their files: each
// block's tests are in a describe named for the block, which tells them
// apart in the index as in the result file.
func TestIndexTellsBlocksApart(t *testing.T) {
	fsys := suitetest.CanonicalMap(t)
	fsys[model.ManifestFile].Data = []byte(strings.Replace(string(fsys[model.ManifestFile].Data),
		`"name": "unknown-meta-roundtrip"`, `"name": "order-created"`, 1))
	s, problems := model.Load(fsys)
	if errs := problems.Errors(); len(errs) > 0 {
		t.Fatal(errs)
	}
	files, err := New().Generate(s, backend.Options{Binding: backend.BindSDK})
	if err != nil {
		t.Fatal(err)
	}
	var idx report.Index
	for _, f := range files {
		if isIndex(f) {
			if idx, err = report.ReadIndex(f.Path, f.Content); err != nil {
				t.Fatal(err)
			}
		}
	}
	suites := map[string]string{}
	for _, e := range idx.Tests {
		if strings.HasSuffix(e.Case, "/order-created") {
			suites[e.Case] = e.Names[0].Suite
		}
	}
	if suites["cases/order-created"] != "conformance cases" || suites["roundtrip/order-created"] != "conformance roundtrip" {
		t.Errorf("two blocks' order-created: suites %v, want each in its block's describe", suites)
	}
}
