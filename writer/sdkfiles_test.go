package writer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/safefile"
)

// An SDK file is read when it is a regular file inside the out dir, left out
// when absent, and refused, naming it, when a link would lead bqgen
// elsewhere: it never reads outside the out dir.
func TestReadSDKFiles(t *testing.T) {
	root, outside := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "scaffold.go"), []byte("package x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := ReadSDKFiles(root, []string{"scaffold.go", "absent.go"}, safefile.Scaffold)
	if err != nil || len(got) != 1 || string(got["scaffold.go"]) != "package x\n" {
		t.Fatalf("ReadSDKFiles = %q, %v; want the scaffold alone", got, err)
	}
	secret := filepath.Join(outside, "secret")
	if err := os.WriteFile(secret, []byte("not yours"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(secret, filepath.Join(root, "linked.go")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(root, "dir")); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"linked.go", "dir/secret"} {
		got, err := ReadSDKFiles(root, []string{p}, safefile.Scaffold)
		if err == nil || !strings.Contains(err.Error(), filepath.Join(root, filepath.FromSlash(p))) {
			t.Errorf("%s: ReadSDKFiles = %q, %v; want an error naming it", p, got, err)
		}
	}
}
