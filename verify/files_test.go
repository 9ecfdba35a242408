package verify

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func TestSourcesWithExt(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	for _, p := range []string{"b/z.py", "a.py", "a.pyc", "c/notes.txt"} {
		full := filepath.Join(root, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := sourcesWithExt(root, ".py")
	want := []string{filepath.Join(root, "a.py"), filepath.Join(root, "b/z.py")}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("got %q, %v; want %q", got, err, want)
	}
	if _, err := sourcesWithExt(root, ".java"); err == nil {
		t.Fatal("no .java files must be an error")
	}
}
