//go:build unix

package writer_test

import (
	"os"
	"syscall"
)

// killSelf ends this process with sig, as a user's signal would.
func killSelf(sig syscall.Signal) { _ = syscall.Kill(os.Getpid(), sig) }
