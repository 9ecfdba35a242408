package app

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// goScaffold is the Go core target's scaffold file, as generate writes it.
const goScaffold = "conformance_subject_test.go"

// editScaffold rewrites the scaffold of dir as a maintainer (or an older
// bqgen) left it.
func editScaffold(t *testing.T, dir string, edit func(string) string) {
	t.Helper()
	path := filepath.Join(dir, goScaffold)
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	changed := edit(string(raw))
	if changed == string(raw) {
		t.Fatalf("the edit changed nothing in %s", path)
	}
	if err := os.WriteFile(path, []byte(changed), 0o644); err != nil {
		t.Fatal(err)
	}
}

// check notices a scaffold that lacks an operation's mapping (a warning with
// the stub to paste, exit 0: the generated default answers) and one whose
// mapping would no longer build (exit 1 naming the operation); generate,
// the first run after an upgrade, says the same.
func TestCheckAuditsTheScaffold(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	gen := []string{"generate", "--lang", "go", "--out", dir}
	if code, _, stderr := run(t, gen...); code != 0 {
		t.Fatalf("generate: exit %d\n%s", code, stderr)
	}
	check := append([]string{"check"}, gen[1:]...)
	if code, _, stderr := run(t, check...); code != 0 || strings.Contains(stderr, "operation") {
		t.Fatalf("check of a fresh scaffold: exit %d, want 0 and no finding\n%s", code, stderr)
	}

	settle := regexp.MustCompile(`(?s)\nfunc \(sdkConformanceSubject\) Settle\(.*?\n}\n`)
	editScaffold(t, dir, func(s string) string { return settle.ReplaceAllString(s, "\n") })
	code, _, stderr := run(t, check...)
	if code != 0 || !strings.Contains(stderr, "warning:") || !strings.Contains(stderr, "operation settle") ||
		!strings.Contains(stderr, "Settle(") {
		t.Errorf("check of a scaffold without Settle: exit %d, want 0 and a warning with the stub\n%s", code, stderr)
	}

	editScaffold(t, dir, func(s string) string {
		return strings.Replace(s, "Decode(envelope []byte)", "Decode(envelope string)", 1)
	})
	code, stdout, stderr := run(t, check...)
	if code != 1 || !strings.Contains(stderr, "error:") || !strings.Contains(stderr, "operation decode") {
		t.Errorf("check of a scaffold whose Decode no longer builds: exit %d, want 1 naming the operation\n%s%s", code, stdout, stderr)
	}
	if code, _, stderr := run(t, gen...); code != 0 || !strings.Contains(stderr, "operation decode") {
		t.Errorf("generate after the upgrade: exit %d, want 0 and the line to change\n%s", code, stderr)
	}
}

// scaffold prints what generate would write into a new checkout, or the
// stubs of the operations asked for; an unknown operation is a usage error
// naming it.
func TestScaffoldPrintsScaffoldOrStubs(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if code, _, stderr := run(t, "generate", "--lang", "go", "--out", dir); code != 0 {
		t.Fatalf("generate: exit %d\n%s", code, stderr)
	}
	written, err := os.ReadFile(filepath.Join(dir, goScaffold))
	if err != nil {
		t.Fatal(err)
	}
	if code, stdout, stderr := run(t, "scaffold", "--lang", "go"); code != 0 || stdout != string(written) {
		t.Errorf("scaffold --lang go: exit %d, want 0 and the file generate writes\n%s", code, stderr)
	}
	code, stdout, stderr := run(t, "scaffold", "--lang", "go", "--ops", "settle,decode")
	if code != 0 || !strings.Contains(stdout, "Settle(") || !strings.Contains(stdout, "Decode(") || strings.Contains(stdout, "Reencode(") {
		t.Errorf("scaffold --ops settle,decode: exit %d, want the two methods alone\n%s%s", code, stdout, stderr)
	}
	code, _, stderr = run(t, "scaffold", "--lang", "go", "--ops", "sttle")
	if code != 2 || !strings.Contains(stderr, "unknown operation sttle") {
		t.Errorf("scaffold --ops sttle: exit %d, want 2 naming it\n%s", code, stderr)
	}
	assertUnchanged(t, dir, goScaffold, written)
}

// assertUnchanged fails unless the file at dir/name still holds want: the
// scaffold command writes nothing.
func assertUnchanged(t *testing.T, dir, name string, want []byte) {
	t.Helper()
	got, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil || string(got) != string(want) {
		t.Errorf("%s changed: %v", name, err)
	}
}
