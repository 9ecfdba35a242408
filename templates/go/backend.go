// Package gobackend is bqgen's Go backend. It builds Go test files with
// jennifer: one conformance_<block>_gen_test.go per block of the suite (one
// subtest per case, expectations inline), the subject interface and its
// support code, and the binding: a scaffold subject for the real Go SDK
// (BindSDK) or a self-contained module that calls the oracle (BindOracle).
package gobackend

import (
	"fmt"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
)

// Backend generates Go tests.
type Backend struct{}

// New returns the Go backend.
func New() backend.Backend { return Backend{} }

// Lang is "go".
func (Backend) Lang() string { return "go" }

// Generate returns, sorted by path: the block test files, the subject support
// file, the binding (the scaffold; or go.mod, the oracle subject and the
// oracle's source) and the vendored suite under testdata/conformance/.
func (Backend) Generate(s *model.Suite, opt backend.Options) ([]backend.File, error) {
	files, err := render(s, opt)
	return backend.SortedByPath(files), err
}

// render builds the view and renders every file.
func render(s *model.Suite, opt backend.Options) ([]backend.File, error) {
	v, err := buildView(s, opt)
	if err != nil {
		return nil, err
	}
	builders, err := v.goFiles()
	if err != nil {
		return nil, err
	}
	var files []backend.File
	for _, b := range builders {
		content, err := b.render()
		if err != nil {
			return nil, err
		}
		files = append(files, backend.File{Path: b.path, Content: content, Kind: v.kindOf(b.path)})
	}
	binding, err := v.bindingFiles()
	if err != nil {
		return nil, err
	}
	files = append(files, binding...)
	return append(files, backend.VendorSuite(s, vendorDir)...), nil
}

// goFiles builds every Go file: the blocks' (skipping a block whose
// sub-blocks are all absent), the support, and the binding's subject.
func (v *view) goFiles() ([]*fileBuilder, error) {
	var out []*fileBuilder
	for _, blk := range v.blocks {
		b := v.newGenerated(blk.path)
		if err := blk.emit(v, b); err != nil {
			return nil, fmt.Errorf("go backend, block %s: %w", blk.name, err)
		}
		if b.decls > 0 {
			out = append(out, b)
		}
	}
	out = append(out, genSupport(v))
	if v.binding == backend.BindOracle {
		return append(out, genOracleSubject(v)), nil
	}
	return append(out, genScaffold(v)), nil
}

// kindOf tells the writer how to treat a Go file: the scaffold is the SDK's
// once written.
func (v *view) kindOf(path string) backend.Kind {
	if path == scaffoldPath {
		return backend.Scaffold
	}
	return backend.Generated
}

// bindingFiles are the non-Go-built files of the binding: the verify
// module's go.mod and the oracle's source. The SDK binding has none.
func (v *view) bindingFiles() ([]backend.File, error) {
	if v.binding != backend.BindOracle {
		return nil, nil
	}
	sources, err := v.oracleFiles()
	if err != nil {
		return nil, err
	}
	return append([]backend.File{v.goModule()}, sources...), nil
}
