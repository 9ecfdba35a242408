// Package vendortest holds a backend to its vendor: option: with a
// VendorDir, every suite file is vendored there, none at the language's
// default place, and the generated code names the new place.
package vendortest

import (
	"bytes"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
)

// Check generates s with b under opt (opt.VendorDir set) and fails t
// unless every suite file lies under opt.VendorDir, none under
// defaultDir, and some generated file holds literal, the new place as the
// language's string literal names it. It returns the files.
func Check(t *testing.T, b backend.Backend, s *model.Suite, opt backend.Options, defaultDir, literal string) []backend.File {
	t.Helper()
	files, err := b.Generate(s, opt)
	if err != nil {
		t.Fatal(err)
	}
	vendored, named := 0, false
	for _, f := range files {
		if strings.HasPrefix(f.Path, defaultDir+"/") {
			t.Errorf("%s: written at the default place %s", f.Path, defaultDir)
		}
		if f.Kind == backend.Vendored {
			vendored++
			if !strings.HasPrefix(f.Path, opt.VendorDir+"/") {
				t.Errorf("vendored %s: not under %s", f.Path, opt.VendorDir)
			}
		}
		if f.Kind != backend.Vendored && bytes.Contains(f.Content, []byte(literal)) {
			named = true
		}
	}
	if vendored != len(s.Files) {
		t.Errorf("%d vendored files, want the suite's %d", vendored, len(s.Files))
	}
	if !named {
		t.Errorf("no generated file names %s", literal)
	}
	return files
}
