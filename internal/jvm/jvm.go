// Package jvm holds the options of the short-lived JVMs bqgen starts.
package jvm

// ShortLived are the options of every JVM bqgen and its tests start: each lives
// for seconds, so start-up dominates. C1 only, since C2's compiles cost more
// than they save before the JVM exits (javac of the canonical suite's tests:
// 2.2 s of CPU against 4.7 s, 1.6 s wall against 2.6 s; a warm runner's
// run: 1.2 s of CPU against 2.3 s), and the serial collector, since one
// JVM runs per core and each has one thread of work.
var ShortLived = []string{"-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"}

// Javac is ShortLived as javac passes them on to its own JVM.
func Javac() []string {
	opts := make([]string, len(ShortLived))
	for i, o := range ShortLived {
		opts[i] = "-J" + o
	}
	return opts
}
