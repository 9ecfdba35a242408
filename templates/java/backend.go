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

// Backend generates Java tests. Its templates are parsed once, by New.
type Backend struct {
	templates *template.Template
}

// New returns the Java backend. The templates are embedded, so a parse
// error is a bug in bqgen itself and panics (every test catches it).
func New() backend.Backend {
	t, err := parseTemplates()
	if err != nil {
		panic(fmt.Sprintf("java backend: %v", err))
	}
	return Backend{templates: t}
}

// Lang is "java".
func (Backend) Lang() string { return "java" }

// Generate renders the tests, the support classes, the subject for the
// binding (the oracle subject, or the SDK scaffold), and the vendored suite.
func (b Backend) Generate(s *model.Suite, opt backend.Options) ([]backend.File, error) {
	v, err := buildView(s, opt)
	if err != nil {
		return nil, err
	}
	files, err := textkit.RenderAll(b.templates, v.Outputs)
	if err != nil {
		return nil, err
	}
	return append(files, backend.VendorSuite(s, SuiteDir)...), nil
}
