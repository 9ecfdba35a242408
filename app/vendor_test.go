package app

import (
	"bytes"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The acceptance test: an SDK that keeps its own older copy of the
// suite at the language's default place names another vendor directory in
// bqgen.yaml, and generate (without --adopt) leaves its copy byte for byte
// as it was, vendors bqgen's suite at the new place, and check passes.
func TestVendorLeavesTheSDKsCopy(t *testing.T) {
	t.Parallel()
	out := t.TempDir()
	mkdirs(t, out, "tests", "conformance", "cases")
	writeFileT(t, filepath.Join(out, "tests/conformance/manifest.json"), `{"copied": "by the SDK, an older suite"}`)
	writeFileT(t, filepath.Join(out, "tests/conformance/cases/old.json"), "[]\n")
	writeFileT(t, filepath.Join(out, "tests/test_conformance.py"), "SUITE = Path(__file__).parent / \"conformance\"\n")
	before := snapshotTree(t, filepath.Join(out, "tests", "conformance"))
	file := writeConfig(t, out, "version: 1\ntargets:\n  - lang: python\n    out: .\n    vendor: tests/bqgen-conformance\n")

	code, stdout, stderr := run(t, "generate", "--config", file)
	if code != 0 || strings.Contains(stdout+stderr, "adopt") {
		t.Fatalf("generate: exit %d\n%s\n%s", code, stdout, stderr)
	}
	if after := snapshotTree(t, filepath.Join(out, "tests", "conformance")); !maps.Equal(before, after) {
		t.Errorf("the SDK's copy changed:\nbefore %v\nafter  %v", before, after)
	}
	if _, err := os.Stat(filepath.Join(out, "tests", "bqgen-conformance", "manifest.json")); err != nil {
		t.Errorf("bqgen's suite is not at the vendor directory: %v", err)
	}
	module, err := os.ReadFile(filepath.Join(out, "tests", "test_conformance_cases.py"))
	if err != nil || !bytes.Contains(module, []byte(`pathlib.Path(__file__).parent / "bqgen-conformance"`)) {
		t.Errorf("the cases module does not read the vendor directory (%v):\n%.600s", err, module)
	}
	if code, stdout, stderr := run(t, "check", "--config", file); code != 0 {
		t.Errorf("check after generate: exit %d\n%s\n%s", code, stdout, stderr)
	}
}

// Moving the vendor directory (here with --vendor) removes the copy bqgen
// vendored before, file by file as its ledger proves bqgen wrote it: one
// edited since stays, and the run is refused naming it.
func TestVendorMoveRemovesOnlyWhatBqgenWrote(t *testing.T) {
	t.Parallel()
	for _, edit := range []bool{false, true} {
		out := t.TempDir()
		if code, _, stderr := run(t, "generate", "--lang", "python", "--out", out); code != 0 {
			t.Fatalf("generate: exit %d\n%s", code, stderr)
		}
		old := filepath.Join(out, "tests", "conformance")
		if edit {
			writeFileT(t, filepath.Join(out, "tests/conformance/manifest.json"), `{"edited": "by hand"}`)
		}
		moved := []string{"generate", "--lang", "python", "--out", out, "--vendor", "tests/bqgen-conformance"}
		code, _, stderr := run(t, moved...)
		if edit {
			if code != 1 || !strings.Contains(stderr, "tests/conformance/manifest.json: bqgen no longer generates it, and it was edited since bqgen wrote it") {
				t.Errorf("moving past an edited vendored file: exit %d\n%s", code, stderr)
			}
			if got, _ := os.ReadFile(filepath.Join(old, "manifest.json")); string(got) != `{"edited": "by hand"}` {
				t.Errorf("the edited file is now %q", got)
			}
			continue
		}
		if code != 0 {
			t.Fatalf("generate --vendor: exit %d\n%s", code, stderr)
		}
		if _, err := os.Stat(old); err == nil {
			if left := snapshotTree(t, old); len(left) != 0 {
				t.Errorf("the old vendored copy is left: %v", left)
			}
		}
		if code, _, stderr := run(t, append([]string{"check"}, moved[1:]...)...); code != 0 {
			t.Errorf("check --vendor: exit %d\n%s", code, stderr)
		}
		if code, _, _ := run(t, "check", "--lang", "python", "--out", out); code != 1 {
			t.Errorf("check without --vendor: exit %d, want 1 (drift)", code)
		}
	}
}

// --vendor is checked as vendor: is, and belongs to --lang/--out.
func TestVendorFlagMisuse(t *testing.T) {
	t.Parallel()
	out, repo := t.TempDir(), t.TempDir()
	for _, args := range [][]string{
		{"generate", "--lang", "python", "--out", out, "--vendor", "../up"},
		{"generate", "--lang", "python", "--out", out, "--vendor", ".bqgen/x"},
		{"check", "--config", writeConfig(t, repo, "version: 1\ntargets:\n  - lang: python\n    out: .\n"), "--vendor", "x"},
	} {
		if code, _, stderr := run(t, args...); code != 2 || !strings.Contains(stderr, "--vendor") {
			t.Errorf("%v: exit %d\n%s", args, code, stderr)
		}
	}
	assertEmpty(t, out)
}
