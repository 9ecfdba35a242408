//go:build linux || darwin

package safefile

import (
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// A FIFO committed as pom.xml is refused at once: opening it does not
// wait for a writer, and nothing is read from it.
func TestReadRefusesAFIFOWithoutWaiting(t *testing.T) {
	repo, _ := checkout(t)
	fifo := filepath.Join(repo, "pom.xml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := ReadIn(repo, "pom.xml", RunnerConfig)
		done <- err
	}()
	select {
	case err := <-done:
		refused(t, err, fifo, "is a named pipe (FIFO), not a regular file")
	case <-time.After(5 * time.Second):
		t.Fatal("reading a FIFO blocked")
	}
	_, err := Read(fifo, History)
	refused(t, err, fifo, "is a named pipe (FIFO), not a regular file")
}
