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

// Before an SDK's own copy of the suite is replaced, bqgen says which suite
// it is, what the change means, which of the SDK's files read it (found by
// the copy's directory, never among bqgen's own files or the copy) and how
// to keep it: in the refusal without --adopt, and again with it.
func TestAdoptNamesTheSDKFilesThatReadItsCopy(t *testing.T) {
	t.Parallel()
	out := t.TempDir()
	mkdirs(t, out, "tests", "conformance")
	mkdirs(t, out, "node_modules", "x")
	put := func(p, content string) {
		if err := os.WriteFile(filepath.Join(out, filepath.FromSlash(p)), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	put("tests/conformance/manifest.json", `{"copied": "by an older sync script"}`)
	put("tests/test_own_runner.py", "SUITE = Path(__file__).parent / \"conformance\"\n")
	put("tests/test_unrelated.py", "def test_x(): pass\n")
	put("node_modules/x/reads.js", "require('./conformance/manifest.json')\n")
	code, _, stderr := run(t, "generate", "--lang", "python", "--out", out)
	if code != 1 {
		t.Fatalf("generate without --adopt: exit %d\n%s", code, stderr)
	}
	for _, want := range []string{
		"tests/conformance holds a copy of the suite bqgen did not write",
		"your files that name its directory (so may read it), which would run against bqgen's suite after --adopt: tests/test_own_runner.py\n",
		"to keep your copy where it is, untouched, vendor bqgen's suite elsewhere: add --vendor tests/bqgen-conformance\n",
		"to keep your copy, move it (e.g. to tests/sdk-conformance) and point the files above at it",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("the refusal lacks %q:\n%s", want, stderr)
		}
	}
	code, stdout, stderr := run(t, "generate", "--lang", "python", "--out", out, "--adopt")
	if code != 0 || !strings.Contains(stdout, "your files that name its directory (so may read it) run against bqgen's suite from now on: tests/test_own_runner.py\n") {
		t.Errorf("generate --adopt: exit %d\n%s\n%s", code, stdout, stderr)
	}
}
