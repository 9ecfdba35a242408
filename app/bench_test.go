package app

import (
	"testing"

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
