// Package php is the PHP backend of bqgen: PHPUnit tests in the style of the
// BabelQueue php-sdk, one test class per manifest block and one test method
// per case, runnable on PHPUnit 9.6 and 10+.
//
// The tests reach an implementation only through a generated Subject
// interface. With backend.BindSDK the output carries a scaffold subject for
// the php-sdk (written once, then owned by the SDK); with backend.BindOracle it
// carries a subject that talks to `bqgen oracle serve`, plus a standalone
// phpunit.xml.dist and autoloader so `phpunit` runs it with nothing else.
package php

import (
	"fmt"
	"text/template"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/templates/textkit"
)

// Backend generates PHP tests. Its templates are parsed once, on first use.
type Backend struct {
	lazy      *textkit.Lazy
	templates *template.Template // the parsed templates, set by Generate for this call
}

// New returns the PHP backend; its templates are parsed once, on first use.
func New() backend.Backend { return Backend{lazy: textkit.NewLazy(parseTemplates)} }

// Lang is "php".
func (Backend) Lang() string { return "php" }

// Generate renders the tests, their support code, the subject for the
// binding and the test index (backend.IndexFileName, next to the tests),
// and vendors the suite under tests/conformance/.
func (b Backend) Generate(s *model.Suite, opt backend.Options) ([]backend.File, error) {
	return b.lazy.Generate("php", func(t *template.Template) ([]backend.File, error) {
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
	return b.render(s, v)
}

// render renders the files of v, and vendors s next to them.
func (b Backend) render(s *model.Suite, v *view) ([]backend.File, error) {
	out, err := textkit.RenderAll(b.templates, v.Files)
	if err != nil {
		return nil, fmt.Errorf("php: %w", err)
	}
	v.index.locate(v.Index, out)
	index, err := backend.TestIndexFile(TestDir, "php", s, v.options, v.Index)
	if err != nil {
		return nil, fmt.Errorf("php: %w", err)
	}
	out = append(out, index)
	return append(out, backend.VendorSuite(s, v.options.SuiteDirOr(SuiteDir))...), nil
}

// TransportLayout says that the PHP SDK's core carries the transports: a
// target maps every operation its tests call.
func (Backend) TransportLayout() backend.TransportLayout { return backend.TransportsInCore }
