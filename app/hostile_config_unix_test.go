//go:build unix

package app

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// bqgen reads its config only from a regular file of at most 1 MiB: not
// from a device (a link to /dev/zero grew without bound), a named pipe (it
// waited for a writer for ever) or a file far larger than any config.
func TestAConfigThatIsNotAPlainFileIsRefused(t *testing.T) {
	t.Parallel()
	repo := t.TempDir()
	core := mkdirs(t, repo, "core")
	zero, fifo, large := filepath.Join(repo, "zero.yaml"), filepath.Join(repo, "fifo.yaml"), filepath.Join(repo, "large.yaml")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	padding := "#" + strings.Repeat(" padding", 1<<17) + "\n"
	if err := os.WriteFile(large, []byte(pythonAt("core")+padding), 0o644); err != nil {
		t.Fatal(err)
	}
	for file, want := range map[string]string{
		zero:  "is a device, not a regular file",
		fifo:  "is a named pipe, not a regular file",
		large: "is larger than 1024 KiB",
	} {
		code, _, stderr := run(t, "check", "--config", file)
		if code != 1 || !strings.Contains(stderr, file+" "+want) {
			t.Errorf("%s: exit %d, want 1 and %q\n%s", filepath.Base(file), code, want, stderr)
		}
	}
	assertEmpty(t, core)
}
