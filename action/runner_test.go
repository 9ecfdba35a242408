package action

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/workflowtest"
	"gopkg.in/yaml.v3"
)

// repoRoot is the repository, this package's parent: GITHUB_ACTION_PATH.
var repoRoot, _ = filepath.Abs("..")

// actionFile is action.yml as the runner reads it.
type actionFile struct {
	Name        string
	Description string
	Inputs      map[string]struct {
		Description string
		Required    bool
		Default     string
	}
	Outputs map[string]struct {
		Description string
		Value       string
	}
	Runs struct {
		Using string
		Steps []actionStep
	}
}

// actionStep is one step of a composite action or of a workflow job.
type actionStep struct {
	ID               string `yaml:"id"`
	Name             string `yaml:"name"`
	Uses             string `yaml:"uses"`
	If               string `yaml:"if"`
	With             map[string]string
	Shell            string            `yaml:"shell"`
	Env              map[string]string `yaml:"env"`
	WorkingDirectory string            `yaml:"working-directory"`
	Run              string            `yaml:"run"`
}

func readAction(t *testing.T) actionFile {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot, "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var a actionFile
	if err := yaml.Unmarshal(data, &a); err != nil {
		t.Fatalf("action.yml: %v", err)
	}
	return a
}

// runner is the environment a GitHub runner gives a job's steps: a temp
// dir, a job summary file and the variables that name them.
type runner struct {
	temp, summary, path string
	env                 []string
}

func newRunner(t *testing.T, extraEnv ...string) *runner {
	t.Helper()
	root := t.TempDir()
	r := &runner{temp: filepath.Join(root, "runner-temp"), summary: filepath.Join(root, "step-summary.md"), path: filepath.Join(root, "path")}
	for _, d := range []string{r.temp} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{r.summary, r.path} {
		if err := os.WriteFile(f, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r.env = append(os.Environ(), "GITHUB_ACTIONS=true", "CI=true",
		"RUNNER_OS="+runnerOS(runtime.GOOS), "RUNNER_ARCH="+runnerArch(runtime.GOARCH), "RUNNER_TEMP="+r.temp,
		"GITHUB_STEP_SUMMARY="+r.summary, "GITHUB_PATH="+r.path, "GITHUB_WORKSPACE="+root)
	r.env = append(r.env, extraEnv...)
	return r
}

func runnerOS(goos string) string {
	return map[string]string{"linux": "Linux", "darwin": "macOS", "windows": "Windows"}[goos]
}

func runnerArch(goarch string) string {
	return map[string]string{"amd64": "X64", "arm64": "ARM64", "386": "X86", "arm": "ARM"}[goarch]
}

// expr matches a ${{ ... }} expression.
var expr = regexp.MustCompile(`\$\{\{\s*([^}]*?)\s*\}\}`)

// evaluate replaces every ${{ expression }} of s from the contexts the
// action's steps use: inputs, steps.<id>.outputs and github.action_path.
// Any other expression fails the test: the emulation would be wrong.
func evaluate(t *testing.T, s string, inputs map[string]string, steps map[string]map[string]string) string {
	t.Helper()
	return expr.ReplaceAllStringFunc(s, func(m string) string {
		e := expr.FindStringSubmatch(m)[1]
		switch parts := strings.Split(e, "."); {
		case len(parts) == 2 && parts[0] == "inputs":
			return inputs[parts[1]]
		case len(parts) == 4 && parts[0] == "steps" && parts[2] == "outputs":
			return steps[parts[1]][parts[3]]
		case e == "github.action_path":
			return repoRoot
		}
		t.Fatalf("the test's runner does not evaluate ${{ %s }}", e)
		return ""
	})
}

// actionRun is what running the action did.
type actionRun struct {
	outputs map[string]string
	log     string
	err     error // the failing step's exit, nil when every step passed
}

// runAction runs action.yml's composite steps as a runner does: each
// step's env and working directory evaluated, its script run by bash
// --noprofile --norc -eo pipefail from a file, with a fresh GITHUB_OUTPUT
// read back into steps.<id>.outputs; a failing step ends the action.
func (r *runner) runAction(t *testing.T, with map[string]string, workdir string) actionRun {
	t.Helper()
	a := readAction(t)
	inputs := map[string]string{}
	for name, in := range a.Inputs {
		inputs[name] = in.Default
	}
	for name, v := range with {
		if _, ok := a.Inputs[name]; !ok {
			t.Fatalf("action.yml has no input %q", name)
		}
		inputs[name] = v
	}
	steps := map[string]map[string]string{}
	var log strings.Builder
	run := actionRun{outputs: map[string]string{}}
	for i, s := range a.Runs.Steps {
		dir := workdir
		if s.WorkingDirectory != "" {
			dir = filepath.Join(workdir, evaluate(t, s.WorkingDirectory, inputs, steps))
		}
		env := append(append([]string{}, r.env...), "GITHUB_ACTION_PATH="+repoRoot)
		for k, v := range s.Env {
			env = append(env, k+"="+evaluate(t, v, inputs, steps))
		}
		out, err := r.script(t, fmt.Sprintf("step%d", i), evaluate(t, s.Run, inputs, steps), dir, env, &log)
		steps[s.ID] = out
		if err != nil {
			run.err = fmt.Errorf("step %q: %w", s.ID, err)
			break
		}
	}
	for name, o := range a.Outputs {
		run.outputs[name] = evaluate(t, o.Value, inputs, steps)
	}
	run.log = log.String()
	return run
}

// script runs one step's script as `shell: bash` does and returns the
// outputs it wrote.
func (r *runner) script(t *testing.T, name, script, dir string, env []string, log *strings.Builder) (map[string]string, error) {
	t.Helper()
	file := filepath.Join(r.temp, name+".sh")
	output := filepath.Join(r.temp, name+".output")
	if err := os.WriteFile(file, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(output, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", file)
	cmd.Dir, cmd.Env = dir, append(env, "GITHUB_OUTPUT="+output)
	var buf bytes.Buffer
	cmd.Stdout, cmd.Stderr = &buf, &buf
	err := cmd.Run()
	fmt.Fprintf(log, "== %s (in %s)\n%s", name, dir, buf.String())
	return readOutputs(t, output), err
}

// readOutputs reads a GITHUB_OUTPUT file of name=value lines.
func readOutputs(t *testing.T, file string) map[string]string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		name, value, ok := strings.Cut(sc.Text(), "=")
		if !ok {
			t.Fatalf("%s: %q is no name=value line", file, sc.Text())
		}
		out[name] = value
	}
	return out
}

var buildOnce struct {
	sync.Once
	bin string
	err error
}

// bqgenBinary builds bqgen once for the package's tests.
func bqgenBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "bqgen-action-test-")
		if err != nil {
			buildOnce.err = err
			return
		}
		buildOnce.bin = filepath.Join(dir, "bqgen")
		cmd := exec.Command("go", "build", "-o", buildOnce.bin, "./cmd/bqgen")
		cmd.Dir = repoRoot
		if out, err := cmd.CombinedOutput(); err != nil {
			buildOnce.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildOnce.err != nil {
		t.Fatal(buildOnce.err)
	}
	return buildOnce.bin
}

// testVersion is the release tag the fake releases carry.
const testVersion = "v0.0.0-test"

// releaseDir is a fake release of testVersion: assets (name → content) and
// a SHA256SUMS over them, as sha256sum writes it; sums overrides a line.
func releaseDir(t *testing.T, assets map[string][]byte, sums map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	var names []string
	for name, data := range assets {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o755); err != nil {
			t.Fatal(err)
		}
		names = append(names, name)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, name := range names {
		sum := sha256.Sum256(assets[name])
		hexSum := hex.EncodeToString(sum[:])
		if s, ok := sums[name]; ok {
			hexSum = s
		}
		fmt.Fprintf(&b, "%s  %s\n", hexSum, name)
	}
	if err := os.WriteFile(filepath.Join(dir, "SHA256SUMS"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// hostAsset is the release asset name for this machine.
func hostAsset() string {
	out, err := exec.Command("../scripts/asset-name.sh", testVersion, runtime.GOOS, runtime.GOARCH).Output()
	if err != nil {
		panic("scripts/asset-name.sh: " + err.Error())
	}
	return strings.TrimSpace(string(out))
}

// bqgenRelease is a fake release holding the bqgen built here for this
// machine, and the runner whose install step downloads from it.
func bqgenRelease(t *testing.T) *runner {
	t.Helper()
	data, err := os.ReadFile(bqgenBinary(t))
	if err != nil {
		t.Fatal(err)
	}
	rel := releaseDir(t, map[string][]byte{hostAsset(): data}, nil)
	return newRunner(t, "BQGEN_RELEASE_BASE_URL=file://"+filepath.ToSlash(rel))
}

// fakeBqgen is a release whose bqgen is a script: `report --format json`
// writes an empty report and fails as a gate does, its message holding
// what could end a Markdown code fence, open a tag or forge a workflow
// command; everything else succeeds silently.
func fakeBqgen(t *testing.T) *runner {
	t.Helper()
	script := "#!/bin/sh\nout= prev=\nfor a in \"$@\"; do [ \"$prev\" = --output ] && out=$a; prev=$a; done\n" +
		"case \" $* \" in\n" +
		"  *\" --format json \"*) echo '{}' > \"$out\"\n" +
		"    printf 'bqgen: the gate failed\\n```\\n<script>alert(1)</script>\\n[x](http://evil.example)\\n' >&2; exit 1 ;;\n" +
		"esac\n"
	rel := releaseDir(t, map[string][]byte{hostAsset(): []byte(script)}, nil)
	return newRunner(t, "BQGEN_RELEASE_BASE_URL=file://"+filepath.ToSlash(rel))
}

// The Action's scripts put what they did not write — an input, bqgen's
// message — into a workflow command or the job summary only escaped: a
// hostile version or command input forges no command and shows no raw
// control character in the log, and bqgen's message stays inside its code
// block in the job summary.
func TestActionEscapesWhatItDidNotWrite(t *testing.T) {
	const hostile = "\n::warning::forged\r##[error]x\x1b[2J\a\u202e%0A"
	for _, c := range []struct {
		name, title string
		r           *runner
		with        map[string]string
	}{
		{"version", "bqgen install", newRunner(t, "BQGEN_RELEASE_BASE_URL=file:///nonexistent"), map[string]string{"version": "v1" + hostile}},
		{"command", "bqgen", fakeBqgen(t), map[string]string{"version": testVersion, "command": "check" + hostile}},
	} {
		res := c.r.runAction(t, c.with, t.TempDir())
		cmds := workflowtest.Commands(res.log)
		if res.err == nil || len(cmds) != 1 || !strings.HasPrefix(cmds[0], "::error title="+c.title+"::") {
			t.Errorf("%s: %v, want one error annotation; a runner reads %q in\n%s", c.name, res.err, cmds, res.log)
		}
		if hidden := workflowtest.Hidden(res.log); len(hidden) > 0 {
			t.Errorf("%s: the log holds %q raw:\n%s", c.name, hidden, res.log)
		}
	}
	r := fakeBqgen(t)
	res := r.runAction(t, map[string]string{"version": testVersion, "command": "report", "results": "r.json"}, t.TempDir())
	summary, _ := os.ReadFile(r.summary)
	_, message, found := strings.Cut(string(summary), "## The gate failed\n")
	if res.err == nil || !found {
		t.Fatalf("the gate's failure: %v\nsummary:\n%s\nlog:\n%s", res.err, summary, res.log)
	}
	for _, line := range strings.Split(strings.Trim(message, "\n"), "\n") {
		if !strings.HasPrefix(line, "    ") {
			t.Errorf("the line %q of bqgen's message is out of its code block:\n%s", line, summary)
		}
	}
}
