package app

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/xeipuuv/gojsonschema"
)

// workflowCommand is GitHub's syntax for an annotation.
var workflowCommand = regexp.MustCompile(`^::(error|warning|notice)( (file|line|col|endLine|endColumn|title)=[^,:\r\n]*(,(file|line|col|endLine|endColumn|title)=[^,:\r\n]*)*)?::[^\r\n]*$`)

// assertDiagnosticsJSON fails unless out validates against the documented
// schema of --format json.
func assertDiagnosticsJSON(t *testing.T, what, out string) {
	t.Helper()
	schema, err := os.ReadFile("../docs/schema/diagnostics.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	res, err := gojsonschema.Validate(gojsonschema.NewBytesLoader(schema), gojsonschema.NewStringLoader(out))
	if err != nil {
		t.Fatalf("%s: %v\n%s", what, err, out)
	}
	for _, e := range res.Errors() {
		t.Errorf("%s: %s\n%s", what, e, out)
	}
}

func assertWorkflowCommands(t *testing.T, what, out string) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	for _, l := range lines {
		if !workflowCommand.MatchString(l) {
			t.Errorf("%s: not a workflow command: %q", what, l)
		}
	}
}

// validate --format json and github: the documented shape, annotations on
// the file and the line of the value at fault, the same exit codes as text.
func TestValidateFormats(t *testing.T) {
	t.Parallel()
	suite := copySuite(t)
	code, out, stderr := run(t, "validate", "--suite", suite, "--format", "json")
	if code != 0 || !strings.Contains(out, `"ok": true`) {
		t.Errorf("valid suite, json: exit %d\n%s%s", code, out, stderr)
	}
	assertDiagnosticsJSON(t, "valid suite", out)
	edit(t, suite, "manifest.json", `"name"`, `"nam"`)
	code, out, _ = run(t, "validate", "--suite", suite, "--format", "json")
	if code != 1 || !strings.Contains(out, `"ok": false`) || !strings.Contains(out, `"line": `) {
		t.Errorf("invalid suite, json: exit %d, want 1 and a problem with its line\n%s", code, out)
	}
	assertDiagnosticsJSON(t, "invalid suite", out)
	code, out, _ = run(t, "validate", "--suite", suite, "--format", "github")
	if code != 1 || !strings.Contains(out, "::error file="+suite+"/manifest.json,line=") {
		t.Errorf("invalid suite, github: exit %d, want 1 and an annotation on manifest.json's line\n%s", code, out)
	}
	assertWorkflowCommands(t, "validate --format github", out)
	if code, _, stderr := run(t, "validate", "--format", "xml"); code != 2 || !strings.Contains(stderr, "text, json, github") {
		t.Errorf("--format xml: exit %d, %s", code, stderr)
	}
}

// check --format json and github: nothing but the findings on standard
// output, each stale file on its path and the first line that differs, the
// same exit codes as text.
func TestCheckFormats(t *testing.T) {
	t.Parallel()
	out := t.TempDir()
	if code, _, stderr := run(t, "generate", "--lang", "python", "--out", out); code != 0 {
		t.Fatalf("generate: exit %d\n%s", code, stderr)
	}
	code, stdout, stderr := run(t, "check", "--lang", "python", "--out", out, "--format", "json")
	if code != 0 || !strings.Contains(stdout, `"ok": true`) || !strings.Contains(stdout, "1 target(s) up to date") {
		t.Errorf("up to date, json: exit %d\n%s%s", code, stdout, stderr)
	}
	assertDiagnosticsJSON(t, "check, up to date", stdout)
	edit(t, out, "tests/test_conformance_cases.py", "\n", "\n# an edit\n")
	code, stdout, _ = run(t, "check", "--lang", "python", "--out", out, "--format", "json")
	if code != 1 || !strings.Contains(stdout, `"ok": false`) || !strings.Contains(stdout, `"kind": "in-the-way"`) {
		t.Errorf("edited, json: exit %d, want 1 and the edited file in the way\n%s", code, stdout)
	}
	assertDiagnosticsJSON(t, "check, edited", stdout)
	code, stdout, _ = run(t, "check", "--lang", "python", "--out", out, "--format", "github")
	if code != 1 || !strings.Contains(stdout, "::error file="+filepath.ToSlash(out)+"/tests/test_conformance_cases.py,") {
		t.Errorf("edited, github: exit %d, want 1 and an annotation on the edited file\n%s", code, stdout)
	}
	assertWorkflowCommands(t, "check --format github", stdout)
}

// In GitHub Actions an annotation's file is its path from the repository
// root, wherever bqgen ran: a monorepo's step with working-directory: sqs
// annotates sqs/tests/…, not tests/….
func TestGitHubAnnotationsAreRelativeToTheWorkspace(t *testing.T) {
	repo := t.TempDir()
	pkg := filepath.Join(repo, "sqs")
	if err := os.Mkdir(pkg, 0o755); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := run(t, "generate", "--lang", "python", "--out", pkg); code != 0 {
		t.Fatalf("generate: exit %d\n%s", code, stderr)
	}
	edit(t, pkg, "tests/test_conformance_cases.py", "\n", "\n# an edit\n")
	t.Setenv("GITHUB_WORKSPACE", repo)
	t.Chdir(pkg)
	for _, out := range []string{".", pkg} {
		code, stdout, _ := run(t, "check", "--lang", "python", "--out", out, "--format", "github")
		if code != 1 || !strings.Contains(stdout, "::error file=sqs/tests/test_conformance_cases.py,") {
			t.Errorf("--out %s: exit %d, want 1 and an annotation on sqs/tests/…\n%s", out, code, stdout)
		}
	}
}
