// Package tier splits bqgen's tests into Go's two tiers. `go test -short
// ./...` runs everything in-process (model, validate, oracle, writer, every
// backend's generation and golden files, the C# syntax check) and is what a
// developer runs on every change. `go test ./...` adds the tests that start a
// language's toolchain: compilers, interpreters and test runners running the
// generated code against the oracle and its mutants.
//
// Every difference between the tiers goes through this package, and shows
// in a record of the -short run (go test -json) as a skipped test: CI's
// full tier skips the tests the -short tier ran whole (internal/testkit/
// shorttier), so a test that did less in -short without a skip would never
// run its full form in CI. TestOnlyTierReadsShort holds the module to it.
package tier

import "testing"

// Toolchain skips t in the -short tier: it starts the named toolchain.
func Toolchain(t testing.TB, toolchain string) {
	t.Helper()
	FullOnly(t, "starts "+toolchain)
}

// FullOnly skips t in the -short tier, saying why (what it costs).
func FullOnly(t testing.TB, why string) {
	t.Helper()
	if testing.Short() {
		t.Skipf("%s: not part of the -short tier", why)
	}
}

// extendedSubtest names the skipped subtest Extended leaves in the -short
// tier.
const extendedSubtest = "full_tier_part"

// Extended reports whether t is in the full tier, where it does more than
// in -short (what: more trials, a toolchain's check of what it generated).
// In the -short tier it answers false and leaves a skipped subtest saying
// what was left out, so the test does not count as run whole there.
func Extended(t *testing.T, what string) bool {
	t.Helper()
	if !testing.Short() {
		return true
	}
	t.Run(extendedSubtest, func(t *testing.T) { t.Skipf("%s: left to the full tier", what) })
	return false
}
