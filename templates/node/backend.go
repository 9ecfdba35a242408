// Package node is bqgen's Node/TypeScript backend. It writes node:test files
// run through tsx, one per block (test/conformance-<block>.gen.test.ts), a
// support file, the ConformanceSubject interface, and the binding that tells
// the tests how to reach an implementation: a scaffold for @babelqueue/core
// (BindSDK) or a client of `bqgen oracle serve` (BindOracle, which also gets
// package.json, package-lock.json and tsconfig.json to run on its own).
//
// The pinned devDependencies live in tmpl/package.json.tmpl; after changing
// one, regenerate tmpl/package-lock.json.tmpl with npm install in an empty
// project holding that package.json, keeping the template's root name and
// version fields.
package node

import (
	"fmt"
	"text/template"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
	"github.com/babelqueue/bqgen/templates/textkit"
)

// Backend generates Node/TypeScript tests.
type Backend struct {
	lazy      *textkit.Lazy
	templates *template.Template // the parsed templates, set by Generate for this call
}

// New returns the Node/TypeScript backend, its templates parsed once, on first use.
func New() backend.Backend { return Backend{lazy: textkit.NewLazy(parseTemplates)} }

// Lang is "node".
func (Backend) Lang() string { return "node" }

// Lacks: a JavaScript number has no integral-float spelling of its own, so
// no Node SDK can hold a bug that tells 1.0 from 1.
func (Backend) Lacks() map[protocol.Trait]string {
	return map[protocol.Trait]string{protocol.IntegralFloatSpelling: "a JavaScript number keeps no spelling: 1.0 and 1 are one value (JSON.parse(\"1.0\") === 1)"}
}

// Generate returns the test files, support, subject and binding, the test
// index (index.go), the vendored suite and, for BindOracle, the standalone
// project files.
func (b Backend) Generate(s *model.Suite, opt backend.Options) ([]backend.File, error) {
	return b.lazy.Generate("node", func(t *template.Template) ([]backend.File, error) {
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
	if v.Scaffold, err = buildScaffold(v.API, v.Transport, b.defined); err != nil {
		return nil, err
	}
	var out []backend.File
	for _, f := range v.Tests {
		file, err := b.renderTestFile(f)
		if err != nil {
			return nil, err
		}
		out = append(out, file)
	}
	shared, err := b.renderShared(v, opt.Binding)
	if err != nil {
		return nil, err
	}
	index, err := v.indexFile(s, opt, out)
	if err != nil {
		return nil, err
	}
	out = append(append(out, shared...), index)
	return append(out, backend.VendorSuite(s, opt.SuiteDirOr(suiteDir))...), nil
}

// defined reports whether b's templates define name: which operations have
// a scaffold mapping is read from the templates, not restated.
func (b Backend) defined(name string) bool { return b.templates.Lookup(name) != nil }

// sharedFile is one output file rendered from the whole view.
type sharedFile struct {
	path, root string
	kind       backend.Kind
}

// sharedFiles lists the files each binding adds to the test files; an
// adapter package's scaffold (transport != "") is its own.
func sharedFiles(binding backend.Binding, transport string) []sharedFile {
	common := []sharedFile{
		{supportFile, "support.ts", backend.Generated},
		{subjectFile, "subject.ts", backend.Generated},
	}
	if binding == backend.BindSDK && transport != "" {
		return append(common, sharedFile{bindingFile, "scaffold.own.ts", backend.Scaffold})
	}
	if binding == backend.BindSDK {
		return append(common, sharedFile{bindingFile, "scaffold.ts", backend.Scaffold})
	}
	return append(common,
		sharedFile{bindingFile, "oracle.ts", backend.Generated},
		sharedFile{PackageFile, "package.json", backend.Generated},
		sharedFile{LockFile, "package-lock.json", backend.Generated},
		sharedFile{TSConfigFile, "tsconfig.json", backend.Generated},
	)
}

func (b Backend) renderShared(v *view, binding backend.Binding) ([]backend.File, error) {
	var out []backend.File
	for _, sf := range sharedFiles(binding, v.Transport) {
		file, err := b.render(sf.path, sf.root, v, sf.kind)
		if err != nil {
			return nil, err
		}
		out = append(out, file)
	}
	return out, nil
}

// render executes one root template into a file.
func (b Backend) render(path, root string, data any, kind backend.Kind) (backend.File, error) {
	content, err := textkit.Render(b.templates, root, data)
	if err != nil {
		return backend.File{}, fmt.Errorf("node: %s: %w", path, err)
	}
	return backend.File{Path: path, Content: content, Kind: kind}, nil
}
