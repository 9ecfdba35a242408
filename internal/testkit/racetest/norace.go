//go:build !race

package racetest

// Enabled reports whether the race detector is on in this build.
const Enabled = false
