// This module only fences off the golden files: generated Go tests for an
// SDK live here as data, and must not build as part of bqgen's own module.
module github.com/babelqueue/bqgen/golden

go 1.26
