//go:build unix

package model_test

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/babelqueue/bqgen/model"
)

// Attack 6: validate read a FIFO manifest.json and waited forever for a
// writer. A suite file must be a regular file, and the reason names it.
func TestLoadRefusesANamedPipe(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, model.ManifestFile), 0o644); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "fixtures"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "fixtures", "pipe.json"), 0o644); err != nil {
		t.Fatal(err)
	}
	fsys, err := model.DirFS(dir)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan model.Problems, 1)
	go func() { _, problems := model.Load(fsys); done <- problems }()
	select {
	case problems := <-done:
		for _, file := range []string{model.ManifestFile, "fixtures/pipe.json"} {
			if msg, ok := errorAbout(problems, file, "named pipe"); !ok {
				t.Errorf("%s is not refused as a named pipe; errors:\n%s", file, msg)
			}
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Load is still waiting on a named pipe after 10 s") // the goroutine stays blocked
	}
}
