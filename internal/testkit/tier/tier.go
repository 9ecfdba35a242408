// Package tier splits bqgen's tests into Go's two tiers. `go test -short
// ./...` runs everything in-process (model, validate, oracle, writer, every
// backend's generation and golden files, the C# syntax check) and is what a
// developer runs on every change. `go test ./...` adds the tests that start a
// language's toolchain: compilers, interpreters and test runners running the
// generated code against the oracle and its mutants.
package tier

import "testing"

// Toolchain skips t in the -short tier: it starts the named toolchain.
func Toolchain(t testing.TB, toolchain string) {
	t.Helper()
	if testing.Short() {
		t.Skipf("starts %s: not part of the -short tier", toolchain)
	}
}
