package app

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"runtime"
	"testing"
	"testing/fstest"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/conformance"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/validate"
)

// BenchmarkLoad measures reading the canonical suite into the model.
func BenchmarkLoad(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, problems := model.Load(conformance.FS); len(problems.Errors()) > 0 {
			b.Fatal(problems)
		}
	}
}

// BenchmarkValidate measures the full validation, oracle cross-check included.
func BenchmarkValidate(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, problems := validate.Suite(conformance.FS); len(problems.Errors()) > 0 {
			b.Fatal(problems)
		}
	}
}

// BenchmarkGenerate measures each backend turning the loaded canonical suite
// into files in memory (what `bqgen generate` does before writing).
func BenchmarkGenerate(b *testing.B) {
	s, problems := model.Load(conformance.FS)
	if len(problems.Errors()) > 0 {
		b.Fatal(problems)
	}
	for _, be := range Backends() {
		be := be
		b.Run(be.Lang(), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := be.Generate(s, backend.Options{Binding: backend.BindSDK}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// syntheticSuite is the canonical suite with its case lists repeated until
// it holds about n cases, each with its own name: a suite far larger than
// any real one, to show how time and memory grow.
func syntheticSuite(b *testing.B, n int) fstest.MapFS {
	b.Helper()
	fsys := fstest.MapFS{}
	err := fs.WalkDir(conformance.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(conformance.FS, p)
		fsys[p] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	var manifest map[string]any
	if err := json.Unmarshal(fsys[model.ManifestFile].Data, &manifest); err != nil {
		b.Fatal(err)
	}
	lists := []func(map[string]any) *[]any{
		func(m map[string]any) *[]any { return caseList(m, "cases") },
		func(m map[string]any) *[]any { return caseList(m, "payload_schema", "cases") },
		func(m map[string]any) *[]any { return caseList(m, "roundtrip", "cases") },
		func(m map[string]any) *[]any { return caseList(m, "sqs", "attempts_reconciliation", "cases") },
	}
	for _, list := range lists {
		cases := list(manifest)
		seed := append([]any(nil), (*cases)...)
		for i := 0; len(*cases) < n/len(lists); i++ {
			c := map[string]any{}
			for k, v := range seed[i%len(seed)].(map[string]any) {
				c[k] = v
			}
			c["name"] = fmt.Sprintf("%v-copy-%d", c["name"], i)
			*cases = append(*cases, c)
		}
	}
	data, err := json.Marshal(manifest)
	if err != nil {
		b.Fatal(err)
	}
	fsys[model.ManifestFile] = &fstest.MapFile{Data: data}
	return fsys
}

// caseList is the case array at path in a decoded manifest.
func caseList(m map[string]any, path ...string) *[]any {
	for _, key := range path[:len(path)-1] {
		m = m[key].(map[string]any)
	}
	list := m[path[len(path)-1]].([]any)
	m[path[len(path)-1]] = &list
	return &list
}

// BenchmarkAllLanguages measures what `bqgen generate` does for all six
// languages in one process: validate the suite once, then generate each
// language's output in memory, for the canonical suite and synthetic suites
// of 1,000 and 10,000 cases.
func BenchmarkAllLanguages(b *testing.B) {
	for _, n := range []int{0, 1000, 10000} {
		fsys := fs.FS(conformance.FS)
		name := "canonical"
		if n > 0 {
			fsys, name = syntheticSuite(b, n), fmt.Sprintf("%d-cases", n)
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			runtime.GC()
			for i := 0; i < b.N; i++ {
				s, problems := validate.Suite(fsys)
				if errs := problems.Errors(); len(errs) > 0 {
					b.Fatal(errs[:min(3, len(errs))])
				}
				for _, be := range Backends() {
					if _, err := be.Generate(s, backend.Options{Binding: backend.BindSDK}); err != nil {
						b.Fatal(err)
					}
				}
			}
			var mem runtime.MemStats
			runtime.ReadMemStats(&mem)
			b.ReportMetric(float64(mem.Sys)/(1<<20), "MB-from-OS")
		})
	}
}
