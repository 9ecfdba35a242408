package action

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// bumpWorkflow is one workflow of docs/suite-bumps.md: the YAML under a
// "<!-- bump: NAME -->" line.
type bumpWorkflow struct {
	name     string
	workflow map[string]any // as actionlint reads it
	doc      struct {
		On struct {
			Schedule []struct{ Cron string }
		}
		Permissions map[string]string
		Jobs        map[string]struct{ Steps []actionStep }
	}
}

// bumpBlock is a bump workflow's marker and the YAML fence after it.
var bumpBlock = regexp.MustCompile("(?s)<!-- bump: ([a-z-]+) -->\n```yaml\n(.*?)\n```")

// readBumpWorkflows reads every workflow of docs/suite-bumps.md.
func readBumpWorkflows(t *testing.T) []bumpWorkflow {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot, "docs", "suite-bumps.md"))
	if err != nil {
		t.Fatal(err)
	}
	var out []bumpWorkflow
	for _, m := range bumpBlock.FindAllStringSubmatch(string(data), -1) {
		w := bumpWorkflow{name: m[1]}
		if err := yaml.Unmarshal([]byte(m[2]), &w.workflow); err != nil {
			t.Fatalf("docs/suite-bumps.md: workflow %s: %v", w.name, err)
		}
		if err := yaml.Unmarshal([]byte(m[2]), &w.doc); err != nil {
			t.Fatalf("docs/suite-bumps.md: workflow %s: %v", w.name, err)
		}
		out = append(out, w)
	}
	return out
}

// summaryArg is the FILE of a --summary FILE in s.
var summaryArg = regexp.MustCompile(`--summary\s+("[^"]*"|\S+)`)

// sameRunnerPath writes paths as a run step names them where an Action's
// input names them otherwise: $RUNNER_TEMP and ${{ runner.temp }} are one
// directory.
func sameRunnerPath(s string) string {
	return strings.ReplaceAll(s, "${{ runner.temp }}", "$RUNNER_TEMP")
}

// bumpSteps says what a bump job's steps do: the index of its dry run
// (check or diff --suite), of its generate --summary and the summary's
// file, and of the step that opens the pull request with that file as
// its body (-1 where there is none).
func bumpSteps(t *testing.T, steps []actionStep, inputs map[string]bool) (preview, generate, pr int, summary string) {
	t.Helper()
	preview, generate, pr = -1, -1, -1
	for i, s := range steps {
		command := s.Run
		if tag, ok := strings.CutPrefix(s.Uses, "babelqueue/bqgen@"); ok {
			if s.With["version"] != tag {
				t.Errorf("step %d: uses bqgen@%s but installs version %q: pin one release", i, tag, s.With["version"])
			}
			for k := range s.With {
				if !inputs[k] {
					t.Errorf("step %d: the Action has no input %q", i, k)
				}
			}
			cmd := s.With["command"]
			switch cmd {
			case "":
				cmd = "check"
			case "check", "generate", "report", "verify":
			default:
				t.Errorf("step %d: the Action runs no command %q", i, cmd)
			}
			command = "bqgen " + cmd + " " + s.With["args"]
		}
		command = sameRunnerPath(command)
		switch {
		case preview < 0 && regexp.MustCompile(`bqgen (check|diff) .*--suite `).MatchString(command):
			preview = i
		case strings.Contains(command, "bqgen generate") && summaryArg.MatchString(command):
			generate, summary = i, strings.Trim(summaryArg.FindStringSubmatch(command)[1], `"`)
		case strings.Contains(command, "gh pr create") && summary != "" && strings.Contains(command, `--body-file "`+summary+`"`):
			pr = i
		}
	}
	return preview, generate, pr, summary
}

// Each suite-bump workflow of docs/suite-bumps.md is a scheduled job that
// can open a pull request, previews the new suite without writing, then
// runs generate --summary and opens the pull request with that summary as
// its body; one of them does it through the Action, with its inputs and
// a pinned release. (TestActionlint lints them.)
func TestBumpWorkflows(t *testing.T) {
	t.Parallel()
	inputs := map[string]bool{}
	for k := range readAction(t).Inputs {
		inputs[k] = true
	}
	workflows := readBumpWorkflows(t)
	names := map[string]bool{}
	for _, w := range workflows {
		names[w.name] = true
	}
	if !names["commands"] || !names["action"] {
		t.Fatalf("docs/suite-bumps.md has the workflows %v, want commands and action", names)
	}
	for _, w := range workflows {
		t.Run(w.name, func(t *testing.T) {
			if len(w.doc.On.Schedule) == 0 || w.doc.On.Schedule[0].Cron == "" {
				t.Error("not scheduled: no on.schedule cron")
			}
			if w.doc.Permissions["contents"] != "write" || w.doc.Permissions["pull-requests"] != "write" {
				t.Errorf("permissions %v: a job that pushes a branch and opens a pull request needs contents and pull-requests write", w.doc.Permissions)
			}
			if len(w.doc.Jobs) != 1 {
				t.Fatalf("%d jobs, want one", len(w.doc.Jobs))
			}
			for _, job := range w.doc.Jobs {
				preview, generate, pr, summary := bumpSteps(t, job.Steps, inputs)
				if preview < 0 || generate < 0 || preview > generate {
					t.Errorf("want a dry run (check or diff --suite) before generate --summary: steps %d and %d", preview, generate)
				}
				if pr < 0 || pr < generate {
					t.Errorf("no step after generate opens the pull request with --body-file %q", summary)
				}
				usesAction := false
				for _, s := range job.Steps {
					usesAction = usesAction || strings.HasPrefix(s.Uses, "babelqueue/bqgen@")
				}
				if usesAction != (w.name == "action") {
					t.Errorf("uses the Action: %v", usesAction)
				}
			}
		})
	}
}
