package writer

import (
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/babelqueue/bqgen/safefile"
)

// stateDir is bqgen's own directory in an out dir: the ledgers, the lock and,
// while a run writes, its transaction. Its leading dot keeps every test
// runner of the six languages out of it.
const stateDir = ".bqgen"

// lockFile is held (flock on Unix, LockFileEx on Windows: see tryLock) by the run that writes into the out dir.
const lockFile = stateDir + "/lock"

// ErrLocked is returned when another bqgen is writing into the same out dir.
var ErrLocked = errors.New("another bqgen run is writing into this directory")

// dirLock is an exclusive lock on an out dir, released when the process
// ends however it ends, so a killed run never leaves it held.
type dirLock struct {
	d       *outDir
	file    *os.File
	created bool   // this run made the state dir
	run     string // the token of the run the lock records as under way, "" when none (runRecord)
}

// lock takes the out dir's lock, creating its state dir when absent; it
// fails at once, with ErrLocked, when another run holds it. The state dir
// and the lock are real: a link in their place is refused, never followed.
func lock(d *outDir) (*dirLock, error) {
	l := &dirLock{d: d}
	created, err := makeStateDir(d)
	if err != nil {
		return nil, err
	}
	l.created = created
	if info, err := d.lstat(lockFile); err == nil && !info.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is %s: bqgen takes its lock only on a regular file; delete it", d.name(lockFile), describe(info))
	}
	f, err := d.openLock()
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", d.name(lockFile), err)
	}
	if err := oneNamedLock(d, f); err != nil {
		f.Close()
		return nil, err
	}
	if err := flockSoon(f); err != nil {
		f.Close()
		if errors.Is(err, errLockHeld) {
			return nil, fmt.Errorf("%s: %w; wait for it to finish and run again", d.path, ErrLocked)
		}
		return nil, fmt.Errorf("lock %s: %w", d.name(lockFile), err)
	}
	l.file = f
	l.run = recordedRun(f)
	return l, nil
}

// oneNamedLock refuses a lock file with a second name (a hard link): a run
// records itself in its lock (runRecord), and writing there would write
// into the file the other name is, .git's config or a file outside.
func oneNamedLock(d *outDir, f *os.File) error {
	n, err := safefile.Links(f)
	if err != nil {
		return fmt.Errorf("lock %s: %w", d.name(lockFile), err)
	}
	if n > 1 {
		return fmt.Errorf("%s has %d names (hard links): bqgen records its run only in a lock file with one name (another name can be a file outside the out dir); delete it", d.name(lockFile), n)
	}
	return nil
}

// lockTries and lockPause bound how long lock waits for a lock held only by
// a fork of some process: a child forked while a run held the lock keeps
// the lock's open file until it execs (Go closes the fd only then), a few
// milliseconds. Another bqgen run holds it for its whole run, and is still
// reported at once to a person: after a quarter of a second.
const (
	lockTries = 5
	lockPause = 50 * time.Millisecond
)

// errLockHeld is tryLock's error when another process holds the lock.
var errLockHeld = errors.New("the lock is held")

// flockSoon takes f's exclusive lock without blocking, trying again for a
// moment while it is held (see lockTries).
func flockSoon(f *os.File) error {
	var err error
	for try := 0; try < lockTries; try++ {
		if try > 0 {
			time.Sleep(lockPause)
		}
		if err = tryLock(f); !errors.Is(err, errLockHeld) {
			return err
		}
	}
	return err
}

// makeStateDir creates .bqgen when absent, reporting whether it did.
func makeStateDir(d *outDir) (bool, error) {
	if err := checkStateDir(d); err != nil {
		return false, err
	}
	err := d.mkdir(stateDir)
	if errors.Is(err, os.ErrExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("create %s: %w", d.name(stateDir), err)
	}
	return true, nil
}

// checkStateDir refuses a .bqgen that is not a real directory: a link
// would carry bqgen's state, and its undo, somewhere else.
func checkStateDir(d *outDir) error {
	_, err := realDirIfAny(d, stateDir, "its state only in a real directory inside the out dir; remove it")
	return err
}

// realDirIfAny reports whether name is there as a real directory, and
// refuses it, saying bqgen keeps <what>, when it is anything else (a link,
// a file); an absent name is no error.
func realDirIfAny(d *outDir, name, what string) (bool, error) {
	info, err := d.lstat(name)
	switch {
	case isAbsent(err):
		return false, nil
	case err != nil:
		return false, err
	case !info.IsDir():
		return false, fmt.Errorf("%s is %s: bqgen keeps %s", d.name(name), describe(info), what)
	}
	return true, nil
}

// unlock releases the lock. A run that wrote nothing (or whose writes were
// undone) into an out dir that had no state dir removes the one it made,
// leaving the dir as it found it; not while a transaction is left to undo,
// whose run the lock records.
func (l *dirLock) unlock(wroteNothing bool) {
	l.file.Close()
	if wroteNothing && l.created && !l.d.isRealDir(txDir) {
		l.d.remove(lockFile)
		l.d.rmdir(stateDir)
	}
}
