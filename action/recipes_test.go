package action

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/tier"
	"github.com/babelqueue/bqgen/report"
	"github.com/babelqueue/bqgen/results"
	"gopkg.in/yaml.v3"
)

// recipe is one CI recipe of docs/ci.md: the workflow under a
// "<!-- recipe: NAME -->" line.
type recipe struct {
	name     string
	workflow map[string]any // as actionlint reads it
	steps    []actionStep   // its one job's
}

// recipeBlock is a recipe's marker and the YAML fence after it.
var recipeBlock = regexp.MustCompile("(?s)<!-- recipe: ([a-z-]+) -->\n```yaml\n(.*?)\n```")

// readRecipes reads every recipe of docs/ci.md.
func readRecipes(t *testing.T) []recipe {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot, "docs", "ci.md"))
	if err != nil {
		t.Fatal(err)
	}
	var out []recipe
	for _, m := range recipeBlock.FindAllStringSubmatch(string(data), -1) {
		r := recipe{name: m[1]}
		if err := yaml.Unmarshal([]byte(m[2]), &r.workflow); err != nil {
			t.Fatalf("docs/ci.md: recipe %s: %v", r.name, err)
		}
		var wf struct {
			Jobs map[string]struct{ Steps []actionStep }
		}
		if err := yaml.Unmarshal([]byte(m[2]), &wf); err != nil {
			t.Fatalf("docs/ci.md: recipe %s: %v", r.name, err)
		}
		if len(wf.Jobs) != 1 {
			t.Fatalf("docs/ci.md: recipe %s has %d jobs, want one", r.name, len(wf.Jobs))
		}
		for _, j := range wf.Jobs {
			r.steps = j.Steps
		}
		out = append(out, r)
	}
	return out
}

// recipeSetups make each recipe's checkout: the stand-in SDK of its
// language, adopted (bqgen.yaml, the generated tests committed). A setup
// skips its recipe when the language's tools are absent here.
var recipeSetups = map[string]func(t *testing.T) checkout{
	"go":        func(t *testing.T) checkout { return goStandin(t, "", goCoreConfig) },
	"transport": func(t *testing.T) checkout { return goStandin(t, "sqs", goSQSConfig) },
	"node":      nodeStandin,
	"python":    pythonStandin,
	"php":       phpStandin,
	"java":      javaStandin,
	"dotnet":    dotnetStandin,
}

// goSQSConfig is the sqs module's: the stand-in's minimal transport fails
// the schema-version gate's rejections and the attribute projections (its
// own and the foreign-lang one's), which
// it exempts as known failures, as an SDK does with an issue to fix; the
// report counts them as such and the gate (fail) holds.
const goSQSConfig = `version: 1
targets:
  - lang: go
    out: .
    package: sqs
    blocks: [sqs]
    exemptions:
      - case: "sqs/reject *"
        action: fail
        reason: the stand-in's transport does not gate the schema version
      - case: "sqs/attribute_projection*"
        action: fail
        reason: the stand-in's transport projects no attributes
`

// Every recipe of docs/ci.md, its steps run as a runner runs them in the
// stand-in SDK checkout of its language: the job passes; the report
// step's counts equal the runner's own totals (of its result file), more
// than zero generated tests ran, and none is not run or unknown.
func TestRecipes(t *testing.T) {
	recipes := readRecipes(t)
	if len(recipes) != len(recipeSetups) {
		t.Errorf("docs/ci.md has %d recipes, the test sets up %d", len(recipes), len(recipeSetups))
	}
	tier.Toolchain(t, "every language's toolchain, on the recipes")
	for _, rc := range recipes {
		t.Run(rc.name, func(t *testing.T) {
			setup, ok := recipeSetups[rc.name]
			if !ok {
				t.Fatalf("no stand-in for recipe %s", rc.name)
			}
			c := setup(t)
			r := bqgenRelease(t)
			r.env = append(r.env, c.env...)
			job := r.runJob(t, rc.steps, c)
			if job.err != nil {
				t.Fatalf("the job failed: %v\n%s", job.err, job.log)
			}
			checkRecipeReport(t, job, c)
		})
	}
}

// job is what running a recipe's steps did.
type job struct {
	steps map[string]map[string]string // outputs by step id
	log   string
	err   error // the first failing step's
}

// runJob runs a job's steps: a run step in bash in the checkout (its
// working-directory below it), babelqueue/bqgen@<tag> through action.yml
// (its version input must be the tag), upload-artifact checked to find
// its path; other uses steps set up what this machine has. After a
// failure only the steps under ${{ !cancelled() }} run.
func (r *runner) runJob(t *testing.T, steps []actionStep, c checkout) job {
	t.Helper()
	j := job{steps: map[string]map[string]string{}}
	var log strings.Builder
	shims := shimDir(t)
	for i, s := range steps {
		switch s.If {
		case "":
			if j.err != nil {
				continue
			}
		case "${{ !cancelled() }}":
		default:
			t.Fatalf("step %d: the test does not evaluate if: %s", i, s.If)
		}
		var err error
		var out map[string]string
		switch {
		case strings.HasPrefix(s.Uses, "babelqueue/bqgen@"):
			if tag := strings.TrimPrefix(s.Uses, "babelqueue/bqgen@"); s.With["version"] != tag {
				t.Errorf("step %d: uses bqgen@%s but installs version %q: pin one release", i, tag, s.With["version"])
			}
			with := map[string]string{}
			for k, v := range s.With {
				with[k] = v
			}
			with["version"] = testVersion // the fake release's
			res := r.runAction(t, with, c.dir)
			out, err = res.outputs, res.err
			fmt.Fprintf(&log, "== step %d: %s\n%s", i, s.Uses, res.log)
		case strings.HasPrefix(s.Uses, "actions/upload-artifact@"):
			path := evaluate(t, s.With["path"], nil, j.steps)
			if _, statErr := os.Stat(path); statErr != nil {
				err = fmt.Errorf("upload-artifact: %w", statErr)
			}
		case s.Uses != "":
			fmt.Fprintf(&log, "== step %d: %s: set up here already\n", i, s.Uses)
		default:
			env := append(append([]string{}, r.env...), "PATH="+shims+string(os.PathListSeparator)+pathOf(r.env))
			out, err = r.script(t, fmt.Sprintf("job-step%d", i), evaluate(t, s.Run, nil, j.steps), filepath.Join(c.dir, s.WorkingDirectory), env, &log)
		}
		if s.ID != "" {
			j.steps[s.ID] = out
		}
		if err != nil && j.err == nil {
			j.err = fmt.Errorf("step %d (%s%s): %w", i, s.Name, s.Uses, err)
		}
	}
	j.log = log.String()
	return j
}

// pathOf is the last PATH of env.
func pathOf(env []string) string {
	path := ""
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "PATH="); ok {
			path = v
		}
	}
	return path
}

// shimDir holds a sudo that runs nothing: a recipe's system packages are
// this machine's already (a setup skips where they are not), and the test
// installs none.
func shimDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	writeFile(t, dir, "sudo", "#!/bin/sh\necho \"recipe test: not run: sudo $*\"\n")
	if err := os.Chmod(filepath.Join(dir, "sudo"), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// checkRecipeReport holds the report step's outputs to the runner's own
// totals, read from the result files the recipe wrote.
func checkRecipeReport(t *testing.T, j job, c checkout) {
	t.Helper()
	out, ok := j.steps["report"]
	if !ok || out["json"] == "" {
		t.Fatalf("no report step (id: report) with outputs:\n%s", j.log)
	}
	data, err := os.ReadFile(out["json"])
	if err != nil {
		t.Fatal(err)
	}
	rep, err := report.ReadJSON(out["json"], data)
	if err != nil {
		t.Fatal(err)
	}
	var read totals // bqgen's reading of the runner's outcomes of generated (and unknown) tests
	others := 0
	for _, s := range rep.SDKs {
		others += s.Others
		read.pass, read.fail, read.skip = read.pass+s.Runner.Passed, read.fail+s.Runner.Failed, read.skip+s.Runner.Skipped
	}
	own := runnerTotals(t, c.resultFiles(t))
	n := func(name string) int {
		v, err := strconv.Atoi(out[name])
		if err != nil {
			t.Fatalf("output %s=%q is not a count", name, out[name])
		}
		return v
	}
	ran := n("total") - n("not-run")
	// The runner's own totals are the generated tests' and the SDK's own
	// (the Node checkout has some, which pass); each generated test that
	// ran has one status in the report; a known failure passes or skips
	// as its runner reports it.
	switch {
	case read.pass+others != own.pass || read.fail != own.fail || read.skip != own.skip:
		t.Errorf("the report read %+v and %d of the SDK's own; the runner's own totals: %+v", read, others, own)
	case ran != read.ran() || n("failed") != own.fail || n("passed") > read.pass || n("passed") == 0:
		t.Errorf("report outputs %v; the runner's own totals: %+v", out, own)
	case n("not-run") != 0 || n("unknown") != 0 || others != c.ownTests:
		t.Errorf("report outputs %v, %d of the SDK's own tests (want %d)", out, others, c.ownTests)
	}
	t.Logf("runner's totals: %d passed, %d failed, %d skipped; report: passed %s, known failure %s, failed %s, not provided %s, skipped %s, not run %s, unknown %s, total %s, the SDK's own %d",
		own.pass, own.fail, own.skip, out["passed"], out["known-failure"], out["failed"], out["not-provided"], out["skipped"], out["not-run"], out["unknown"], out["total"], others)
}

// resultFiles are the files under the checkout's results directories.
func (c checkout) resultFiles(t *testing.T) []string {
	t.Helper()
	var files []string
	for _, dir := range []string{"results", "sqs/results"} {
		_ = filepath.WalkDir(filepath.Join(c.dir, dir), func(p string, d os.DirEntry, err error) error {
			if err == nil && d.Type().IsRegular() {
				files = append(files, p)
			}
			return nil
		})
	}
	// Surefire's: its JUnit XML, not the text summary beside each
	surefire, _ := filepath.Glob(filepath.Join(c.dir, "target", "surefire-reports", "TEST-*.xml"))
	files = append(files, surefire...)
	if len(files) == 0 {
		t.Fatal("the recipe wrote no result file")
	}
	return files
}

// runnerTotals are the runners' own totals over files: go test -json's
// leaf tests; for JUnit XML and TRX, the totals the file states
// (results.Run.Declared: its runner's summary, not bqgen's reading).
func runnerTotals(t *testing.T, files []string) totals {
	t.Helper()
	var sum totals
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(f, ".json") {
			c := goRunnerTotals(t, data)
			sum.pass, sum.fail, sum.skip = sum.pass+c.pass, sum.fail+c.fail, sum.skip+c.skip
			continue
		}
		run, err := results.Read(f, data)
		if err != nil {
			t.Fatal(err)
		}
		if run.Declared == nil {
			t.Fatal(errors.New(f + " states no totals"))
		}
		sum.pass += run.Declared.Passed
		sum.fail += run.Declared.Failed
		sum.skip += run.Declared.Skipped
	}
	return sum
}
