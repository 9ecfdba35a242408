package writer

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// stateDir is bqgen's own directory in an out dir: the ledgers, the lock and,
// while a run writes, its transaction. Its leading dot keeps every test
// runner of the six languages out of it.
const stateDir = ".bqgen"

// lockFile is held (flock) by the run that writes into the out dir.
const lockFile = stateDir + "/lock"

// ErrLocked is returned when another bqgen is writing into the same out dir.
var ErrLocked = errors.New("another bqgen run is writing into this directory")

// dirLock is an exclusive lock on an out dir, released when the process
// ends however it ends, so a killed run never leaves it held.
type dirLock struct {
	file    *os.File
	created string // the state dir, when this run made it
}

// lock takes the out dir's lock, creating the out dir and its state dir when
// absent; it fails at once, with ErrLocked, when another run holds it.
func lock(root string) (*dirLock, error) {
	if err := os.MkdirAll(root, 0o755); err != nil {
		return nil, fmt.Errorf("create out dir: %w", err)
	}
	l := &dirLock{}
	state := filepath.Join(root, stateDir)
	if _, err := os.Stat(state); errors.Is(err, os.ErrNotExist) {
		l.created = state
	}
	if err := os.MkdirAll(state, 0o755); err != nil {
		return nil, fmt.Errorf("create %s: %w", state, err)
	}
	f, err := os.OpenFile(filepath.Join(root, filepath.FromSlash(lockFile)), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("%s: %w; wait for it to finish and run again", root, ErrLocked)
		}
		return nil, fmt.Errorf("lock %s: %w", lockFile, err)
	}
	l.file = f
	return l, nil
}

// unlock releases the lock. A run that wrote nothing (or whose writes were
// undone) into an out dir that had no state dir removes the one it made,
// leaving the dir as it found it.
func (l *dirLock) unlock(wroteNothing bool) {
	path := l.file.Name()
	l.file.Close()
	if wroteNothing && l.created != "" {
		os.Remove(path)
		os.Remove(l.created)
	}
}
