package modproxy

import (
	"archive/zip"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

func tree(t *testing.T, files ...string) string {
	t.Helper()
	dir := t.TempDir()
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(f), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestModuleFilesLeavesOutWhatTheGoCommandDoes(t *testing.T) {
	files := []string{"go.mod", "a.go", "golden/go.mod", "golden/x/y.go", "goldenx/z.go", "vendor/modules.txt", "vendor/m/p.go", "sub/vendor/q/r.go", "x/.git/config", "b/c.go"}
	dir := tree(t, files...)
	got, err := ModuleFiles(dir, files)
	want := []string{"a.go", "b/c.go", "go.mod", "goldenx/z.go", "vendor/modules.txt"}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, %v; want %v", got, err, want)
	}
}

func TestModuleFilesRefusesWhatTheGoCommandRefuses(t *testing.T) {
	for _, f := range []string{"a\"b.go", "con.txt", "x/LPT1", "a\tb", "dot./x"} {
		dir := tree(t, "go.mod")
		if _, err := ModuleFiles(dir, []string{"go.mod", f}); err == nil {
			t.Errorf("%q accepted", f)
		}
	}
	dir := tree(t, "go.mod", "A.go", "a.go")
	if _, err := ModuleFiles(dir, []string{"go.mod", "A.go", "a.go"}); err == nil || !strings.Contains(err.Error(), "case") {
		t.Errorf("a case collision: %v", err)
	}
}

func TestWriteLaysOutAProxy(t *testing.T) {
	files := []string{"go.mod", "a.go", "n/go.mod", "n/b.go"}
	src := tree(t, files...)
	proxy := t.TempDir()
	if err := Write(proxy, "example.com/m", "v1.2.3", src, files, time.Unix(0, 0)); err != nil {
		t.Fatal(err)
	}
	at := filepath.Join(proxy, "example.com", "m", "@v")
	for name, want := range map[string]string{"list": "v1.2.3\n", "v1.2.3.mod": "go.mod", "v1.2.3.info": `{"Version":"v1.2.3","Time":"1970-01-01T00:00:00Z"}`} {
		if raw, err := os.ReadFile(filepath.Join(at, name)); err != nil || string(raw) != want {
			t.Errorf("%s: %q, %v; want %q", name, raw, err, want)
		}
	}
	zr, err := zip.OpenReader(filepath.Join(at, "v1.2.3.zip"))
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	var names []string
	for _, f := range zr.File {
		names = append(names, f.Name)
	}
	if want := []string{"example.com/m@v1.2.3/a.go", "example.com/m@v1.2.3/go.mod"}; !reflect.DeepEqual(names, want) {
		t.Errorf("zip holds %v, want %v", names, want)
	}
}
