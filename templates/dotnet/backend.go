// Package dotnet is the .NET backend of bqgen: xUnit v2 test classes for
// net8.0 in the style of the BabelQueue .NET SDK, one [SkippableFact] per case,
// a subject interface computed from the protocol package with a scaffold for
// the core SDK or an oracle subject, and the vendored suite next to the test
// project.
package dotnet

import (
	"fmt"
	"sort"
	"strings"
	"text/template"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/parallel"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/templates/textkit"
)

// Backend generates .NET tests. Build it with New.
type Backend struct {
	lazy *textkit.Lazy
	tmpl *template.Template // the parsed templates, set by Generate for this call
}

// New returns the .NET backend, its templates parsed once, on first use.
func New() backend.Backend { return Backend{lazy: textkit.NewLazy(parseTemplates)} }

// Lang is "dotnet".
func (Backend) Lang() string { return "dotnet" }

// Generate returns, sorted by path: the support and subject files, the
// binding's subject (the SDK scaffold, or the oracle subject), one test class
// per block, the test index beside them (backend.IndexFileName), the
// MSBuild file (the .props the SDK imports, or the standalone oracle test
// project) and the vendored suite.
func (b Backend) Generate(s *model.Suite, opt backend.Options) ([]backend.File, error) {
	return b.lazy.Generate("dotnet", func(t *template.Template) ([]backend.File, error) {
		b.tmpl = t
		return b.generate(s, opt)
	})
}

// generate builds the view and renders every file with b's templates.
func (b Backend) generate(s *model.Suite, opt backend.Options) ([]backend.File, error) {
	v, err := buildView(s, opt, b.transportPackage)
	if err != nil {
		return nil, err
	}
	files, err := b.render(v, s, opt.Binding)
	if err != nil {
		return nil, err
	}
	index, err := v.testIndex(s, opt, files)
	if err != nil {
		return nil, fmt.Errorf("dotnet: %w", err)
	}
	files = append(files, index)
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	return files, nil
}

// render renders the files of view v of suite s.
func (b Backend) render(v *view, s *model.Suite, binding backend.Binding) ([]backend.File, error) {
	files, err := b.renderFixed(v, binding)
	if err != nil {
		return nil, err
	}
	tests := make([]backend.File, len(v.Files))
	if err := parallel.Each(len(v.Files), func(i int) error {
		f, err := b.renderTestFile(v.Files[i])
		tests[i] = f
		return err
	}); err != nil {
		return nil, err
	}
	files = append(files, tests...)
	files = append(files, backend.VendorSuite(s, v.layout.suiteDir)...)
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	return files, nil
}

// transportPackage is the transport package of a broker block, as its
// template names it ({{define "transport.<block>"}}).
func (b Backend) transportPackage(block string) (string, error) {
	name := "transport." + block
	if b.tmpl.Lookup(name) == nil {
		return "", fmt.Errorf("dotnet: block %s names no transport package (template %s)", block, name)
	}
	pkg, err := textkit.Render(b.tmpl, name, nil)
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(string(pkg)), nil
}

// fixedFile is a file every output of a binding has, whatever the blocks.
type fixedFile struct {
	path, root string
	kind       backend.Kind
}

func fixedFiles(l layout, b backend.Binding) []fixedFile {
	files := []fixedFile{
		{l.code(supportFileName), rootSupport, backend.Generated},
		{l.code(subjectFileName), rootSubject, backend.Generated},
	}
	if b == backend.BindOracle {
		return append(files,
			fixedFile{l.code(oracleSubjectFileName), rootOracleSubject, backend.Generated},
			fixedFile{l.extraFile, rootProject, backend.Generated})
	}
	return append(files,
		fixedFile{l.scaffold, rootScaffold, backend.Scaffold},
		fixedFile{l.extraFile, rootProps, backend.Generated})
}

func (b Backend) renderFixed(v *view, binding backend.Binding) ([]backend.File, error) {
	var files []backend.File
	for _, f := range fixedFiles(v.layout, binding) {
		content, err := textkit.Render(b.tmpl, f.root, v)
		if err != nil {
			return nil, err
		}
		files = append(files, backend.File{Path: f.path, Content: content, Kind: f.kind})
	}
	return files, nil
}

// renderTestFile renders each test body, then the class that lays them out.
func (b Backend) renderTestFile(tf testFile) (backend.File, error) {
	tests := make([]testMethod, len(tf.Tests))
	for i, t := range tf.Tests {
		body, err := textkit.Render(b.tmpl, t.BodyTemplate, t.BodyData)
		if err != nil {
			return backend.File{}, err
		}
		t.Body = string(body)
		tests[i] = t
	}
	tf.Tests = tests
	content, err := textkit.Render(b.tmpl, rootTests, tf)
	if err != nil {
		return backend.File{}, err
	}
	return backend.File{Path: tf.Path, Content: content, Kind: backend.Generated}, nil
}
