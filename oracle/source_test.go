package oracle

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/internal/tier"
)

// TestSource checks Source lists every non-test Go file except source.go.
func TestSource(t *testing.T) {
	t.Parallel()
	files, err := Source()
	if err != nil {
		t.Fatal(err)
	}
	onDisk, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range onDisk {
		_, listed := files[name]
		want := name != "source.go" && !strings.HasSuffix(name, "_test.go")
		if listed != want {
			t.Errorf("%s: listed %v, want %v", name, listed, want)
		}
	}
	for name, data := range files {
		if strings.Contains(string(data), "go:embed") || strings.Contains(string(data), "Source()") {
			t.Errorf("%s refers to the embedding, so the copy would not build", name)
		}
	}
}

// TestSourceBuildsStandalone writes Source into a fresh module and builds and
// vets it, proving the copy is a self-contained standard-library package.
func TestSourceBuildsStandalone(t *testing.T) {
	t.Parallel()
	tier.Toolchain(t, "go build")
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go not on PATH")
	}
	dir := t.TempDir()
	files, err := Source()
	if err != nil {
		t.Fatal(err)
	}
	files["go.mod"] = []byte("module example.com/oraclecopy\n\ngo 1.26\n")
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{{"build", "./..."}, {"vet", "./..."}} {
		cmd := exec.Command(goTool, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off", "GOTOOLCHAIN=local")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s in the copy: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
}
