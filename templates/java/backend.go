// Package java is the Java backend of bqgen: JUnit 5 tests for Java 17, one
// class per block and one test per case, bound to a generated subject
// interface; the suite is vendored under src/test/resources/conformance/.
package java

import (
	"fmt"
	"text/template"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/templates/textkit"
)

// Backend generates Java tests. Its templates are parsed once, on first use.
type Backend struct {
	lazy      *textkit.Lazy
	templates *template.Template // the parsed templates, set by Generate for this call
}

// New returns the Java backend; its templates are parsed on first use.
func New() backend.Backend { return Backend{lazy: textkit.NewLazy(parseTemplates)} }

// Lang is "java".
func (Backend) Lang() string { return "java" }

// Generate renders the tests, the support classes, the subject for the
// binding (the oracle subject, or the SDK scaffold), the test index
// (backend.IndexFileName, next to the tests) and the vendored suite.
func (b Backend) Generate(s *model.Suite, opt backend.Options) ([]backend.File, error) {
	return b.lazy.Generate("java", func(t *template.Template) ([]backend.File, error) {
		b.templates = t
		return b.generate(s, opt)
	})
}

// generate builds the view and renders every file with b's templates.
func (b Backend) generate(s *model.Suite, opt backend.Options) ([]backend.File, error) {
	v, err := buildView(s, opt)
	if err != nil {
		return nil, err
	}
	files, err := textkit.RenderAll(b.templates, v.Outputs)
	if err != nil {
		return nil, err
	}
	v.locate(files)
	index, err := backend.TestIndexFile(v.IndexDir, "java", s, opt, v.Index)
	if err != nil {
		return nil, fmt.Errorf("java: %w", err)
	}
	files = append(files, index)
	return append(files, backend.VendorSuite(s, v.suiteDir)...), nil
}
