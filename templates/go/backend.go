// Package gobackend is bqgen's Go backend. It builds Go test files with
// jennifer: one conformance_<block>_gen_test.go per block of the suite (one
// subtest per case, expectations inline), and the subject interface computed
// from protocol. Code that never depends on the suite (the JSON support, the
// oracle client, the scaffold's mappings) is embedded Go source in tmpl/.
// The binding is a scaffold subject for the real Go SDK (BindSDK) or a
// module whose subject is a client of `bqgen oracle serve` (BindOracle).
package gobackend

import (
	"bytes"
	"fmt"
	"go/format"
	"strings"
	"text/template"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/parallel"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/templates/textkit"
)

// Backend generates Go tests.
type Backend struct{ templates *textkit.Lazy }

// New returns the Go backend; its templates are parsed on the first Generate.
func New() backend.Backend { return &Backend{templates: textkit.NewLazy(parseTemplates)} }

// Lang is "go".
func (*Backend) Lang() string { return "go" }

// Generate returns, sorted by path: the block test files, the test index
// (index.go), the subject and support files, the binding (the scaffold; or
// go.mod and the oracle client and subject) and the vendored suite under
// testdata/conformance/.
func (b *Backend) Generate(s *model.Suite, opt backend.Options) ([]backend.File, error) {
	return b.templates.Generate("go", func(t *template.Template) ([]backend.File, error) {
		v, err := buildView(s, opt)
		if err != nil {
			return nil, err
		}
		return v.render(t)
	})
}

// render renders every file of the view.
func (v *view) render(t *template.Template) ([]backend.File, error) {
	var files []backend.File
	built := []*fileBuilder{}
	for _, f := range v.tests {
		if f.decls > 0 {
			built = append(built, f.fileBuilder)
		}
	}
	subject, err := subjectFile(v.common)
	if err != nil {
		return nil, err
	}
	built = append(built, subject)
	if v.common.binding == backend.BindOracle {
		oracle, err := oracleSubjectFile(v.common)
		if err != nil {
			return nil, err
		}
		built = append(built, oracle)
	}
	rendered := make([]backend.File, len(built))
	if err := parallel.Each(len(built), func(i int) error {
		content, err := built[i].render()
		rendered[i] = backend.File{Path: built[i].path, Content: content, Kind: backend.Generated}
		return err
	}); err != nil {
		return nil, err
	}
	files = append(files, rendered...)
	index, err := v.indexFile(rendered)
	if err != nil {
		return nil, err
	}
	files = append(files, index)
	sources := []textkit.Output{{Path: SupportFile, Template: "support.go", Data: v.common.templateData(), Kind: backend.Generated}}
	if v.common.binding == backend.BindOracle {
		sources = append(sources, textkit.Output{Path: OracleClientFile, Template: "oracle.go", Data: v.common.templateData(), Kind: backend.Generated})
		var mod strings.Builder
		for _, line := range v.common.header() {
			mod.WriteString("// " + line + "\n")
		}
		mod.WriteString("\nmodule " + verifyModule + "\n\ngo 1.26\n")
		files = append(files, backend.File{Path: ModuleFile, Kind: backend.Generated, Content: []byte(mod.String())})
	} else {
		sources = append(sources, textkit.Output{Path: ScaffoldFile, Template: "scaffold.go", Data: v.common.templateData(), Kind: backend.Scaffold})
	}
	fromTemplates, err := textkit.RenderAll(t, sources)
	if err != nil {
		return nil, err
	}
	for _, f := range fromTemplates {
		if f.Content, err = formatSource(f.Path, f.Content); err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	return append(files, backend.VendorSuite(v.suite, v.common.suiteDir)...), nil
}

// formatSource drops the imports a template's code does not use, formats it
// as gofmt does and groups the imports as goimports does.
func formatSource(path string, src []byte) ([]byte, error) {
	tidy, err := tidyImports(src)
	if err != nil {
		return nil, fmt.Errorf("render %s: %w\n%s", path, err, numberLines(string(src)))
	}
	out, err := format.Source(tidy)
	if err != nil {
		return nil, fmt.Errorf("render %s: %w", path, err)
	}
	return groupImports(bytes.TrimLeft(out, "\n")), nil
}
