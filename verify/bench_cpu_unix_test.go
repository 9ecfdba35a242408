//go:build unix

package verify_test

import (
	"syscall"
	"time"
)

// childCPU is the user and system time of every child process waited for
// so far.
func childCPU() time.Duration {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_CHILDREN, &u) != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
