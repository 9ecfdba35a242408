package app

import "github.com/babelqueue/bqgen/languages"

// Backends and Toolchains are package languages': every language bqgen
// generates, and the toolchain that runs each one's tests.
var (
	Backends   = languages.Backends
	Toolchains = languages.Toolchains
)
