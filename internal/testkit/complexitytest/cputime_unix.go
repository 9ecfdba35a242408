//go:build unix

package complexitytest

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process has used (user and system): on a
// machine shared with other builds, the wall clock measures the others'
// load as much as the reader's work.
func cpuTime() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return time.Duration(time.Now().UnixNano())
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
