package writer_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/babelqueue/bqgen/app"
	"github.com/babelqueue/bqgen/conformance"
	"github.com/babelqueue/bqgen/internal/testkit/tier"
	"github.com/babelqueue/bqgen/writer"
)

// These tests run the real `bqgen generate` in a child process (this test
// binary, see TestMain) and stop it at every step of a regeneration that
// rewrites, creates and removes files: by SIGKILL, after which every file
// must hold its old or its new content and the next run must finish the
// job; and by SIGINT, after which the out dir must be exactly as before.

// envCrash makes the test binary a bqgen that stops itself: "kill:N" or
// "int:N" sends itself that signal after the writer's step N.
const envCrash = "BQGEN_TEST_CRASH"

func TestMain(m *testing.M) {
	if spec := os.Getenv(envCrash); spec != "" {
		os.Exit(crashingBqgen(spec, os.Args[len(os.Args)-1]))
	}
	os.Exit(m.Run())
}

// crashingBqgen runs `bqgen generate` with the JSON-encoded args, sending
// itself a signal after the step spec names.
func crashingBqgen(spec, argsJSON string) int {
	mode, n, _ := strings.Cut(spec, ":")
	step, _ := strconv.Atoi(n)
	sig := syscall.SIGKILL
	if mode == "int" {
		sig = syscall.SIGINT
	}
	steps := 0
	writer.SetAfterStep(func(s int, done <-chan struct{}) {
		steps = s
		if s == step {
			killSelf(sig)
			// A caught signal reaches the run's context asynchronously; on a
			// loaded machine that can take longer than the next step. Wait
			// until the run has seen it, as a person's Ctrl-C would.
			select {
			case <-done:
			case <-time.After(10 * time.Second):
			}
		}
	})
	var args []string
	if err := json.Unmarshal([]byte(argsJSON), &args); err != nil {
		return 99
	}
	code := app.Main(append([]string{"bqgen"}, args...), strings.NewReader(""), io.Discard, os.Stderr)
	if mode == "count" {
		fmt.Printf("steps: %d\n", steps)
	}
	return code
}

func TestKilledAtAnyStepLeavesOldOrNewContent(t *testing.T) {
	tier.FullOnly(t, "starts a bqgen process per step")
	base, v1, v2, suite2 := regenerationFixture(t)
	for step := 1; ; step++ {
		dir := copyTree(t, base)
		code := runCrashing(t, "kill:"+strconv.Itoa(step), dir, suite2)
		if code == 0 {
			if step < 10 {
				t.Fatalf("the run finished before step %d: too few steps to test", step)
			}
			t.Logf("a regeneration takes %d steps; killed after each of them", step-1)
			return
		}
		if code != -1 {
			t.Fatalf("step %d: exit %d, want killed", step, code)
		}
		checkOldOrNew(t, step, dir, v1, v2)
		// The next run undoes the interrupted one, then regenerates.
		if c := run(t, "generate", "--lang", "go", "--out", dir, "--suite", suite2); c != 0 {
			t.Fatalf("step %d: the run after the kill exited %d", step, c)
		}
		if got := tree(t, dir); !equalTrees(got, v2) {
			t.Fatalf("step %d: after the next run the out dir differs from a clean regeneration:\n%s", step, diffTrees(got, v2))
		}
	}
}

func TestInterruptedAtAnyStepRollsBack(t *testing.T) {
	tier.FullOnly(t, "starts a bqgen process per step")
	base, v1, v2, suite2 := regenerationFixture(t)
	last := countSteps(t, copyTree(t, base), suite2)
	for step := 1; step <= last; step++ {
		dir := copyTree(t, base)
		code := runCrashing(t, "int:"+strconv.Itoa(step), dir, suite2)
		got := tree(t, dir)
		switch code {
		case 130:
			// After the last step the run has committed: it ends with 130
			// and the new output, whole; before it, nothing is changed.
			want := v1
			if step == last {
				want = v2
			}
			if !equalTrees(got, want) {
				t.Fatalf("step %d of %d: interrupted, but the out dir is not as it should be:\n%s", step, last, diffTrees(got, want))
			}
		case 0:
			if !equalTrees(got, v2) {
				t.Fatalf("step %d: finished, but the out dir is not the new output:\n%s", step, diffTrees(got, v2))
			}
			if step < last {
				t.Fatalf("step %d of %d: the run finished despite the signal", step, last)
			}
		default:
			t.Fatalf("step %d: exit %d, want 130 (interrupted) or 0", step, code)
		}
	}
}

// countSteps runs the regeneration without stopping it and returns how many
// steps it took.
func countSteps(t *testing.T, dir, suite string) int {
	t.Helper()
	args, _ := json.Marshal([]string{"generate", "--lang", "go", "--out", dir, "--suite", suite})
	cmd := exec.Command(os.Args[0], "-test.run=^$", string(args))
	cmd.Env = append(os.Environ(), envCrash+"=count:0")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("count steps: %v", err)
	}
	_, n, _ := strings.Cut(string(out), "steps: ")
	steps, err := strconv.Atoi(strings.TrimSpace(n))
	if err != nil || steps < 10 {
		t.Fatalf("a regeneration took %q steps: too few to test", n)
	}
	return steps
}

// regenerationFixture writes suite v1 (crashBlocks of the canonical suite, plus a fixture)
// into base, and returns base, the trees of v1 and of v2 (another version,
// without the redis block and that fixture) and v2's directory.
func regenerationFixture(t *testing.T) (base string, v1, v2 map[string]string, suite2 string) {
	t.Helper()
	suite1 := copyFS(t, conformance.FS)
	keepBlocks(t, filepath.Join(suite1, "manifest.json"), crashBlocks...)
	if err := os.WriteFile(filepath.Join(suite1, "fixtures", "dropped-later.json"), []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	suite2 = copyFS(t, conformance.FS)
	keepBlocks(t, filepath.Join(suite2, "manifest.json"), crashBlocks...)
	dropBlock(t, filepath.Join(suite2, "manifest.json"), "redis")
	if err := os.WriteFile(filepath.Join(suite2, "CONFORMANCE_VERSION"), []byte("1.2.0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	base = t.TempDir()
	if c := run(t, "generate", "--lang", "go", "--out", base, "--suite", suite1); c != 0 {
		t.Fatalf("generate v1: exit %d", c)
	}
	next := copyTree(t, base)
	if c := run(t, "generate", "--lang", "go", "--out", next, "--suite", suite2); c != 0 {
		t.Fatalf("generate v2: exit %d", c)
	}
	return base, tree(t, base), tree(t, next), suite2
}

// checkOldOrNew is the invariant after a kill: every file bqgen manages holds
// its v1 or its v2 content (absent where that version has no such file), and
// nothing else appeared outside .bqgen/.
func checkOldOrNew(t *testing.T, step int, dir string, v1, v2 map[string]string) {
	t.Helper()
	got := tree(t, dir)
	for p := range union(got, v1, v2) {
		g, inGot := got[p]
		o, inOld := v1[p]
		n, inNew := v2[p]
		if (inGot == inOld && g == o) || (inGot == inNew && g == n) {
			continue
		}
		t.Fatalf("step %d: %s holds neither its old nor its new content (present: %v, old: %v, new: %v)", step, p, inGot, inOld, inNew)
	}
}

// runCrashing runs the crashing bqgen; -1 when a signal killed it.
func runCrashing(t *testing.T, spec, out, suite string) int {
	t.Helper()
	args, _ := json.Marshal([]string{"generate", "--lang", "go", "--out", out, "--suite", suite})
	cmd := exec.Command(os.Args[0], "-test.run=^$", string(args))
	cmd.Env = append(os.Environ(), envCrash+"="+spec)
	out2, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &exit):
		if ws, ok := exit.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return -1
		}
		if exit.ExitCode() != 130 {
			t.Logf("%s: %s", spec, out2)
		}
		return exit.ExitCode()
	}
	t.Fatal(err)
	return 0
}

func run(t *testing.T, args ...string) int {
	t.Helper()
	var out strings.Builder
	code := app.Run(context.Background(), append([]string{"bqgen"}, args...), strings.NewReader(""), &out, &out)
	if code != 0 {
		t.Log(out.String())
	}
	return code
}

// tree reads every file below root except bqgen's lock and transaction.
func tree(t *testing.T, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if rel == ".bqgen/tx" || rel == ".bqgen/lock" {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		b, err := os.ReadFile(p)
		out[rel] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func union(ms ...map[string]string) map[string]bool {
	out := map[string]bool{}
	for _, m := range ms {
		for k := range m {
			out[k] = true
		}
	}
	return out
}

func equalTrees(a, b map[string]string) bool { return diffTrees(a, b) == "" }

func diffTrees(got, want map[string]string) string {
	var b strings.Builder
	for p := range union(got, want) {
		g, inGot := got[p]
		w, inWant := want[p]
		switch {
		case !inGot:
			b.WriteString("  missing " + p + "\n")
		case !inWant:
			b.WriteString("  extra " + p + "\n")
		case g != w:
			b.WriteString("  differs " + p + "\n")
		}
	}
	return b.String()
}

func copyTree(t *testing.T, src string) string {
	t.Helper()
	dst := t.TempDir()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

func copyFS(t *testing.T, fsys fs.FS) string {
	t.Helper()
	dst := t.TempDir()
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, p), 0o755)
		}
		b, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, p), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// crashBlocks are the blocks of the crash tests' suites: enough for a
// regeneration that rewrites, creates and removes files in more than ten
// steps (a test file per block, the support files, the index), and few
// enough that the two runs per step (the one stopped, the one after it)
// do not generate the whole suite a hundred times over.
var crashBlocks = []string{"cases", "idempotency", "sqs", "redis", "settlement"}

// keepBlocks removes every block but blocks from the manifest at path.
func keepBlocks(t *testing.T, path string, blocks ...string) {
	t.Helper()
	editManifest(t, path, func(m map[string]json.RawMessage) {
		for key := range m {
			if key != "schema_version" && key != "description" && !slices.Contains(blocks, key) {
				delete(m, key)
			}
		}
	})
}

// dropBlock removes a top-level block from a manifest.
func dropBlock(t *testing.T, path, block string) {
	t.Helper()
	editManifest(t, path, func(m map[string]json.RawMessage) { delete(m, block) })
}

// editManifest rewrites the manifest at path as edit changes its top level.
func editManifest(t *testing.T, path string, edit func(map[string]json.RawMessage)) {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	edit(m)
	out, _ := json.MarshalIndent(m, "", "  ")
	if err := os.WriteFile(path, out, 0o644); err != nil {
		t.Fatal(err)
	}
}
