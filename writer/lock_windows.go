//go:build windows

package writer

import (
	"errors"
	"os"
	"syscall"
	"unsafe"
)

// The standard library has no LockFileEx wrapper (golang.org/x/sys does,
// and bqgen takes no dependency for one call): kernel32's, loaded lazily.
// A byte-range lock, not a lock file made with O_EXCL, because Windows
// releases it when the handle closes or the process ends, however it ends:
// a killed run leaves no lock behind, as flock on Unix.
var procLockFileEx = syscall.NewLazyDLL("kernel32.dll").NewProc("LockFileEx")

const (
	lockfileFailImmediately = 0x1
	lockfileExclusiveLock   = 0x2
	errorLockViolation      = syscall.Errno(33) // ERROR_LOCK_VIOLATION
)

// tryLock takes an exclusive lock on f's first byte without waiting:
// errLockHeld when another handle holds it.
func tryLock(f *os.File) error {
	if err := procLockFileEx.Find(); err != nil {
		return err
	}
	var ol syscall.Overlapped // offset 0
	r, _, err := procLockFileEx.Call(f.Fd(), lockfileExclusiveLock|lockfileFailImmediately, 0, 1, 0, uintptr(unsafe.Pointer(&ol)))
	switch {
	case r != 0:
		return nil
	case errors.Is(err, errorLockViolation), errors.Is(err, syscall.ERROR_IO_PENDING):
		return errLockHeld
	}
	return err
}
