package app

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/diag"
)

// With --format json or github every failure is the one documented report
// on standard output — a bad bqgen.yaml, a bad flag, a missing flag, a
// suite that does not load — with the exit code of the failure and the
// reason on standard error too.
func TestEveryFailureIsTheDocumentedReport(t *testing.T) {
	t.Parallel()
	repo := t.TempDir()
	badConfig := writeConfig(t, repo, "version: 1\n\"a\\n::error::forged\": 1\ntargets: []\n")
	notASuite := filepath.Join(t.TempDir(), "absent")
	for _, c := range []struct {
		name, kind string
		code       int
		args       []string
	}{
		{"check, bad config", "fatal", 1, []string{"check", "--config", badConfig}},
		{"check, bad flag", "usage", 2, []string{"check", "--bogus", "--config", badConfig}},
		{"check, flag after a bad one", "usage", 2, []string{"check", "--bogus"}},
		{"check, stray argument", "usage", 2, []string{"check", "extra"}},
		{"check, --quiet --verbose", "usage", 2, []string{"check", "--quiet", "--verbose", "--config", badConfig}},
		{"validate, not a suite", "fatal", 1, []string{"validate", "--suite", notASuite}},
		{"verify, no --lang", "usage", 2, []string{"verify"}},
		{"diff, no --to", "usage", 2, []string{"diff", "--config", "none"}},
		{"report, nothing to report", "usage", 2, []string{"report", "--config", badConfig}},
		{"root flags first", "fatal", 1, []string{"--quiet", "check", "--config", badConfig}},
	} {
		formats := reportFormats[c.args[slicesIndexCommand(c.args)]]
		for _, format := range formats {
			for _, spelling := range [][]string{{"--format", format}, {"--format=" + format}, {"-format", format}} {
				args := append(append([]string{}, c.args...), spelling...)
				if strings.Contains(c.name, "flag after a bad one") {
					args = append(append([]string{c.args[0]}, spelling...), c.args[1:]...)
				}
				code, stdout, stderr := run(t, args...)
				what := c.name + " " + strings.Join(spelling, " ")
				if code != c.code || !strings.Contains(stderr, "bqgen: ") {
					t.Errorf("%s: exit %d, want %d and the reason on stderr\n%s", what, code, c.code, stderr)
				}
				switch format {
				case "json":
					assertDiagnosticsJSON(t, what, stdout)
					var r diag.Report
					if err := json.Unmarshal([]byte(stdout), &r); err != nil || r.OK || len(r.Diagnostics) != 1 || r.Diagnostics[0].Kind != c.kind {
						t.Errorf("%s: want one %s diagnostic, got %v\n%s", what, c.kind, err, stdout)
					}
				case "github":
					assertWorkflowCommands(t, what, stdout)
					if !strings.HasPrefix(stdout, "::error title=bqgen "+c.args[slicesIndexCommand(c.args)]+"%3A "+c.kind+"::") {
						t.Errorf("%s: want an error annotation first\n%s", what, stdout)
					}
				}
			}
		}
	}
}

// slicesIndexCommand is the index of the command among a case's args (the
// first that is not a flag).
func slicesIndexCommand(args []string) int {
	for i, a := range args {
		if !strings.HasPrefix(a, "-") {
			return i
		}
	}
	return 0
}

// A command that printed its findings before it failed prints no second
// report: stdout holds exactly one.
func TestFindingsThenFailureIsOneReport(t *testing.T) {
	t.Parallel()
	suite := copySuite(t)
	edit(t, suite, "manifest.json", `"name"`, `"nam"`)
	code, stdout, _ := run(t, "validate", "--suite", suite, "--format", "json")
	if code != 1 || strings.Count(stdout, `"version": 1`) != 1 {
		t.Errorf("exit %d, want 1 and one report:\n%s", code, stdout)
	}
	assertDiagnosticsJSON(t, "validate, invalid", stdout)
	if code, stdout, _ := run(t, "check", "--config", filepath.Join(t.TempDir(), "absent.yaml"), "--format", "text"); code != 1 || stdout != "" {
		t.Errorf("text: exit %d, want 1 and nothing on stdout:\n%s", code, stdout)
	}
}
