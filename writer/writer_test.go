package writer

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
)

func gen(path, content string) backend.File {
	return backend.File{Path: path, Content: []byte(content), Kind: backend.Generated}
}

// snapshot reads every file below root, to prove a failed run changed nothing.
func snapshot(t *testing.T, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if d.IsDir() {
			out[rel+"/"] = ""
			return nil
		}
		b, err := os.ReadFile(p)
		out[rel] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func write(t *testing.T, root string, files ...backend.File) {
	t.Helper()
	if _, err := Write(context.Background(), root, "go", files, false); err != nil {
		t.Fatal(err)
	}
}

func TestWriteThenNothingToDo(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	files := []backend.File{gen("a_test.go", "// @generated\nA\n"), {Path: "testdata/conformance/manifest.json", Content: []byte("{}"), Kind: backend.Vendored}}
	write(t, root, files...)
	p, err := MakePlan(root, "go", files)
	if err != nil || !p.Empty() {
		t.Fatalf("second plan not empty: %+v %v", p, err)
	}
	if got, _ := os.ReadFile(filepath.Join(root, "testdata/conformance/manifest.json")); string(got) != "{}" {
		t.Fatalf("vendored content %q", got)
	}
}

func TestScaffoldWrittenOnlyWhenAbsent(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	scaffold := backend.File{Path: "subject_test.go", Content: []byte("v1"), Kind: backend.Scaffold}
	write(t, root, scaffold)
	if err := os.WriteFile(filepath.Join(root, "subject_test.go"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	scaffold.Content = []byte("v2")
	write(t, root, scaffold)
	if got, _ := os.ReadFile(filepath.Join(root, "subject_test.go")); string(got) != "mine" {
		t.Fatalf("scaffold overwritten: %q", got)
	}
}

func TestStaleGeneratedRemovedOthersUntouched(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	write(t, root, gen("x/old_test.go", "// @generated\n"), gen("keep_test.go", "// @generated\n"))
	if err := os.WriteFile(filepath.Join(root, "x/user_test.go"), []byte("user"), 0o644); err != nil {
		t.Fatal(err)
	}
	write(t, root, gen("keep_test.go", "// @generated\n"))
	if _, err := os.Stat(filepath.Join(root, "x/old_test.go")); !os.IsNotExist(err) {
		t.Fatal("stale file not removed")
	}
	if got, _ := os.ReadFile(filepath.Join(root, "x/user_test.go")); string(got) != "user" {
		t.Fatal("user file touched")
	}
}

func TestRefusesToOverwriteForeignFile(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "conformance_test.go"), []byte("hand written"), 0o644); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, root)
	_, err := Write(context.Background(), root, "go", []backend.File{gen("conformance_test.go", "// @generated\n")}, false)
	if err == nil || !strings.Contains(err.Error(), "conformance_test.go") {
		t.Fatalf("want refusal naming the file, got %v", err)
	}
	if !reflect.DeepEqual(before, snapshot(t, root)) {
		t.Fatal("dir changed")
	}
}

func TestFailedRunLeavesDirAsItWas(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	write(t, root, gen("a_test.go", "// @generated\nold\n"))
	// "blocker" is a file where the new output needs a directory.
	if err := os.WriteFile(filepath.Join(root, "blocker"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, root)
	files := []backend.File{gen("a_test.go", "// @generated\nnew\n"), gen("new/dir/b_test.go", "b"), gen("blocker/c_test.go", "c")}
	if _, err := Write(context.Background(), root, "go", files, false); err == nil {
		t.Fatal("want an error")
	}
	if after := snapshot(t, root); !reflect.DeepEqual(before, after) {
		t.Fatalf("dir changed:\nbefore %v\nafter  %v", before, after)
	}
}

func TestUnsafePathsRejected(t *testing.T) {
	t.Parallel()
	for _, p := range []string{"../x", "/abs", "a/../../b", `a\b`, "a//b", ""} {
		if _, err := MakePlan(t.TempDir(), "go", []backend.File{gen(p, "x")}); err == nil {
			t.Errorf("path %q accepted", p)
		}
	}
}

func TestReportShowsDiffOfHandEdit(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	files := []backend.File{gen("a_test.go", "// @generated\none\ntwo\nthree\n")}
	write(t, root, files...)
	if err := os.WriteFile(filepath.Join(root, "a_test.go"), []byte("// @generated\none\nTWO\nthree\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := MakePlan(root, "go", files)
	if err != nil {
		t.Fatal(err)
	}
	want := "--- a/a_test.go\n+++ b/a_test.go\n@@ -1,4 +1,4 @@\n // @generated\n one\n-TWO\n+two\n three\n" +
		"go into x: in the way: a_test.go (edited since bqgen wrote it; generate refuses it without --adopt)\n"
	if got := Report(p, "go into x"); got != want {
		t.Fatalf("report:\n%s\nwant:\n%s", got, want)
	}
}

// The test index changes a line for every test below one added or marked:
// check counts its lines instead of showing them.
func TestReportSummarisesTheTestIndex(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	old := []backend.File{gen("tests/"+backend.IndexFileName, "{\"line\": 1}\n{\"line\": 2}\n")}
	write(t, root, old...)
	p, err := MakePlan(root, "go", []backend.File{gen("tests/"+backend.IndexFileName, "{\"line\": 3}\n{\"line\": 4}\n")})
	if err != nil {
		t.Fatal(err)
	}
	want := "go into x: test index tests/" + backend.IndexFileName + " changed, 4 line(s) (where each case's test is; generate writes it)\n"
	if got := Report(p, "go into x"); !strings.HasPrefix(got, want) || strings.Contains(got, "line\": 3") {
		t.Fatalf("report:\n%s\nwant:\n%s", got, want)
	}
}
