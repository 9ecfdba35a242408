// Package racetest lets a test that only repeats sequential work step
// aside in the race tier (`go test -race -short`), where the detector makes
// it ten times slower and has nothing new to watch.
package racetest

import "testing"

// SkipRepetition skips t when the race detector is on. Use it only for a
// test whose every concurrent part another test of the race tier runs
// (covered names that test); what t asserts, the -short and full tiers
// still check without the detector.
func SkipRepetition(t testing.TB, covered string) {
	t.Helper()
	if Enabled {
		t.Skip("sequential repetition, skipped under the race detector: " + covered)
	}
}
