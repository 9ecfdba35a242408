package dotnet

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
)

// The C# syntax checker: tree-sitter with the tree-sitter-c-sharp grammar,
// run by a small Python script, because this machine has no .NET SDK to
// compile the output with.
const (
	cscheckScript = "../../tools/cscheck/cscheck.py"
	// cscheckMissing is the script's exit code when its packages are absent.
	cscheckMissing = 3
	// requireCscheckEnv, when set, turns a missing checker into a failure, so
	// CI cannot pass without running it.
	requireCscheckEnv = "BQGEN_REQUIRE_CSCHECK"
	cscheckInstall    = "pip install tree-sitter==0.25.2 tree-sitter-c-sharp==0.23.5"
)

// requireCscheck skips the test when the checker cannot run here.
func requireCscheck(t *testing.T) {
	t.Helper()
	out, err := exec.Command("python3", cscheckScript, "--version").CombinedOutput()
	var exit *exec.ExitError
	switch {
	case err == nil:
		t.Logf("C# syntax check: %s", strings.TrimSpace(string(out)))
		return
	case errors.As(err, &exit) && exit.ExitCode() == cscheckMissing, errors.Is(err, exec.ErrNotFound):
		msg := "C# syntax check skipped: the checker needs python3 with " + cscheckInstall + " (" + strings.TrimSpace(string(out)) + ")"
		if os.Getenv(requireCscheckEnv) != "" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	default:
		t.Fatalf("%s --version: %v\n%s", cscheckScript, err, out)
	}
}

// runCscheck checks files and returns the checker's report and whether every
// file is well-formed.
func runCscheck(t *testing.T, files []string) (string, bool) {
	t.Helper()
	out, err := exec.Command("python3", append([]string{cscheckScript}, files...)...).CombinedOutput()
	var exit *exec.ExitError
	if errors.As(err, &exit) && exit.ExitCode() == 1 {
		return string(out), false
	}
	if err != nil {
		t.Fatalf("cscheck: %v\n%s", err, out)
	}
	return string(out), true
}

// writeCSharp writes the .cs files of an output under dir and returns their paths.
func writeCSharp(t *testing.T, dir string, files []backend.File) []string {
	t.Helper()
	var paths []string
	for _, f := range files {
		if !strings.HasSuffix(f.Path, ".cs") {
			continue
		}
		p := filepath.Join(dir, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Content, 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	return paths
}

// TestGeneratedCSharpParses runs the real C# grammar over every .cs file of
// every output: both bindings, the canonical, upstream and adversarial suites.
func TestGeneratedCSharpParses(t *testing.T) {
	t.Parallel()
	requireCscheck(t)
	var paths []string
	for _, ts := range loadSuites(t) {
		for name, b := range bindings {
			paths = append(paths, writeCSharp(t, filepath.Join(t.TempDir(), ts.name, name), generate(t, ts.suite, b))...)
		}
	}
	if len(paths) < 20 {
		t.Fatalf("only %d .cs files to check", len(paths))
	}
	if report, ok := runCscheck(t, paths); !ok {
		t.Errorf("generated C# does not parse:\n%s", report)
	}
}

// TestCscheckCatchesBrokenFiles proves the check can fail: a generated file
// passes, and each deliberately broken copy of it is reported.
func TestCscheckCatchesBrokenFiles(t *testing.T) {
	t.Parallel()
	requireCscheck(t)
	files := filesByPath(generate(t, loadSuites(t)[0].suite, backend.BindOracle))
	good := string(files["CasesConformanceTests.cs"].Content)
	const name = `DisplayName = "cases/urn-alias"`
	if !strings.Contains(good, name) {
		t.Fatalf("the canonical cases file has no %s", name)
	}
	last := strings.LastIndex(good, "}")
	broken := map[string]string{
		"closing brace removed": good[:last] + good[last+1:],
		"unescaped quote":       strings.Replace(good, name, `DisplayName = "cases/urn"alias"`, 1),
		"raw line break":        strings.Replace(good, name, "DisplayName = \"cases/urn\nalias\"", 1),
		"raw U+2028":            strings.Replace(good, name, "DisplayName = \"cases/urn\u2028alias\"", 1),
		"unknown escape":        strings.Replace(good, name, `DisplayName = "cases/urn\qalias"`, 1),
		"statement cut short":   strings.Replace(good, "view.Urn);", "view.Urn)", 1),
	}
	dir := t.TempDir()
	goodPath := filepath.Join(dir, "Good.cs")
	if err := os.WriteFile(goodPath, []byte(good), 0o644); err != nil {
		t.Fatal(err)
	}
	if report, ok := runCscheck(t, []string{goodPath}); !ok {
		t.Fatalf("the unbroken file fails the check:\n%s", report)
	}
	for what, content := range broken {
		p := filepath.Join(dir, strings.ReplaceAll(what, " ", "_")+".cs")
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		report, ok := runCscheck(t, []string{p})
		if ok || !strings.Contains(report, p+":") {
			t.Errorf("%s: the check did not report it (ok=%v):\n%s", what, ok, report)
		}
	}
}
