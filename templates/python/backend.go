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
	tmpl *template.Template // the parsed templates, set by Generate for this call
}

// New returns the Python backend, its templates parsed once, on first use.
func New() backend.Backend { return Backend{lazy: textkit.NewLazy(parseTemplates)} }

// Lang is "python".
func (Backend) Lang() string { return "python" }

// Generate returns the support module, the subject module of the binding
// (the SDK scaffold or the oracle subject), one test module per block, and
// the vendored suite, sorted by path.
func (b Backend) Generate(s *model.Suite, opt backend.Options) ([]backend.File, error) {
	return b.lazy.Generate("python", func(t *template.Template) ([]backend.File, error) {
		b.tmpl = t
		return b.generate(s, opt)
	})
}

// generate builds the view and renders every file with b's templates.
func (b Backend) generate(s *model.Suite, opt backend.Options) ([]backend.File, error) {
	v, err := buildView(s, opt)
	if err != nil {
		return nil, err
	}
	var files []backend.File
	for _, f := range fixedFiles(opt.Binding) {
		file, err := b.render(modulePath(f.module), f.module+".py", f.kind, v)
		if err != nil {
			return nil, err
		}
		files = append(files, file)
	}
	for _, m := range v.Modules {
		file, err := b.render(m.Path, m.Root, backend.Generated, m)
		if err != nil {
			return nil, err
		}
		files = append(files, file)
	}
	return append(files, backend.VendorSuite(s, SuiteDir)...), nil
}

// fixedFile is a module every output of a binding has, whatever the blocks.
type fixedFile struct {
	module string
	kind   backend.Kind
}

// fixedFiles lists the support module and the binding's subject module.
func fixedFiles(b backend.Binding) []fixedFile {
	subject := fixedFile{scaffoldModule, backend.Scaffold}
	if b == backend.BindOracle {
		subject = fixedFile{oracleModule, backend.Generated}
	}
	return []fixedFile{{supportModule, backend.Generated}, subject}
}

func (b Backend) render(path, root string, kind backend.Kind, data any) (backend.File, error) {
	content, err := textkit.Render(b.tmpl, root, data)
	if err != nil {
		return backend.File{}, err
	}
	return backend.File{Path: path, Content: content, Kind: kind}, nil
}
