//go:build unix

package writer

import (
	"errors"
	"os"
	"syscall"
)

// tryLock takes f's exclusive flock without waiting: errLockHeld when
// another open file description holds it. The kernel drops it when the
// last descriptor closes, so a killed run leaves no lock behind.
func tryLock(f *os.File) error {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return errLockHeld
	}
	return err
}
