//go:build unix

package verify_test

import (
	"syscall"
	"time"
)

// verifyCPU is the user and system time so far of this process (verify,
// and the oracle it serves to the runs) and of every child process waited
// for (the runners, and the oracle servers runs start of their own).
func verifyCPU() time.Duration {
	return cpuOf(syscall.RUSAGE_SELF) + cpuOf(syscall.RUSAGE_CHILDREN)
}

func cpuOf(who int) time.Duration {
	var u syscall.Rusage
	if syscall.Getrusage(who, &u) != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
