// Package python is the Python backend of bqgen: unittest-style test modules
// that run under both `python -m unittest` and pytest, a subject protocol
// with a scaffold for the babelqueue SDK or an oracle subject, and the
// vendored suite in tests/conformance/.
package python

import (
	"text/template"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/templates/textkit"
)

// Backend generates Python tests. Build it with New.
type Backend struct {
	lazy *textkit.Lazy
}

// New returns the Python backend, its templates parsed once, on first use.
func New() backend.Backend { return Backend{lazy: textkit.NewLazy(parseTemplates)} }

// Lang is "python".
func (Backend) Lang() string { return "python" }

// Generate returns the support module, the subject module of the binding
// (the SDK scaffold or the oracle subject), one test module per block, the
// test index (index.go) and the vendored suite, sorted by path.
func (b Backend) Generate(s *model.Suite, opt backend.Options) ([]backend.File, error) {
	return b.lazy.Generate("python", func(t *template.Template) ([]backend.File, error) {
		v, err := buildView(s, opt)
		if err != nil {
			return nil, err
		}
		files, err := render(t, v, opt.Binding, s)
		if err != nil {
			return nil, err
		}
		index, err := v.indexFile(s, opt, files)
		if err != nil {
			return nil, err
		}
		return append(files, index), nil
	})
}

// render renders every file of v with the templates t: the support module,
// the binding's subject module, the test modules, and the vendored suite s.
func render(t *template.Template, v *view, binding backend.Binding, s *model.Suite) ([]backend.File, error) {
	var outputs []textkit.Output
	for _, f := range fixedFiles(v.Layout, binding) {
		outputs = append(outputs, textkit.Output{Path: v.Layout.path(f.module), Template: f.root, Data: v, Kind: f.kind})
	}
	for _, m := range v.Files {
		outputs = append(outputs, textkit.Output{Path: m.Path, Template: m.Root, Data: m, Kind: backend.Generated})
	}
	files, err := textkit.RenderAll(t, outputs)
	if err != nil {
		return nil, err
	}
	return append(files, backend.VendorSuite(s, v.Layout.suiteDir())...), nil
}

// fixedFile is a module every output of a binding has, whatever the blocks:
// its name in the layout and the template (named after the core layout's
// file) that renders it.
type fixedFile struct {
	module, root string
	kind         backend.Kind
}

// fixedFiles lists the support module and the binding's subject module.
func fixedFiles(l outputLayout, b backend.Binding) []fixedFile {
	subject := fixedFile{l.Scaffold, scaffoldModule + ".py", backend.Scaffold}
	if b == backend.BindOracle {
		subject = fixedFile{l.Oracle, oracleModule + ".py", backend.Generated}
	}
	return []fixedFile{{l.Support, supportModule + ".py", backend.Generated}, subject}
}

// TransportLayout says that the Python SDK's core carries the transports.
func (Backend) TransportLayout() backend.TransportLayout { return transportLayout }
