package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// --adopt lists the files it took over: each one whose content it replaced,
// and, where one is a vendored suite file, that the SDK's hand-written tests
// reading it now see the new suite. A run with nothing in the way says
// nothing of adopting.
func TestAdoptSaysWhatItReplaced(t *testing.T) {
	t.Parallel()
	out := t.TempDir()
	mkdirs(t, out, "tests", "conformance")
	put := func(p, content string) {
		if err := os.WriteFile(filepath.Join(out, filepath.FromSlash(p)), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	put("tests/conformance/manifest.json", `{"copied": "by an older sync script"}`)
	put("tests/test_conformance_cases.py", "# hand-written\n")
	code, stdout, stderr := run(t, "generate", "--lang", "python", "--out", out, "--adopt")
	if code != 0 {
		t.Fatalf("generate --adopt: exit %d\n%s", code, stderr)
	}
	for _, want := range []string{
		"python into " + out + ": --adopt took over 2 file(s) in the way:\n",
		"  replaced tests/conformance/manifest.json: its content differed (bqgen did not write it); it is a vendored suite file\n",
		"  replaced tests/test_conformance_cases.py: its content differed (bqgen did not write it)\n",
		"  hand-written tests that read the vendored suite now see the new suite",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	put("tests/test_conformance_cases.py", "# edited again\n")
	_, stdout, _ = run(t, "generate", "--lang", "python", "--out", out, "--adopt")
	if !strings.Contains(stdout, "replaced tests/test_conformance_cases.py: its content differed (edited since bqgen wrote it)") ||
		strings.Contains(stdout, "vendored") {
		t.Errorf("adopting a hand edit of a generated file:\n%s", stdout)
	}
	if _, stdout, _ = run(t, "generate", "--lang", "python", "--out", out, "--adopt"); strings.Contains(stdout, "adopt") {
		t.Errorf("nothing in the way, yet:\n%s", stdout)
	}
}
