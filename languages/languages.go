// Package languages is every language bqgen generates: its backend, and the
// toolchain that runs the tests generated for it. An explicit list, not
// init() side effects, so what a binary holds is read here.
package languages

import (
	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/templates/dotnet"
	gobackend "github.com/babelqueue/bqgen/templates/go"
	"github.com/babelqueue/bqgen/templates/java"
	"github.com/babelqueue/bqgen/templates/node"
	"github.com/babelqueue/bqgen/templates/php"
	"github.com/babelqueue/bqgen/templates/python"
	"github.com/babelqueue/bqgen/verify"
)

// Backends is every language bqgen generates, in the order `verify --lang
// all` runs them. An explicit list, not init() side effects.
func Backends() backend.Registry {
	return backend.Registry{gobackend.New(), python.New(), node.New(), java.New(), php.New(), dotnet.New()}
}

// Toolchains runs each language's generated tests, keyed by language.
func Toolchains() map[string]verify.Toolchain {
	out := map[string]verify.Toolchain{}
	for _, tc := range []verify.Toolchain{verify.NewGoToolchain(), verify.NewPythonToolchain(), verify.NewNodeToolchain(),
		verify.NewJavaToolchain(), verify.NewPHPToolchain(), verify.NewDotnetToolchain()} {
		out[tc.Lang()] = tc
	}
	return out
}
