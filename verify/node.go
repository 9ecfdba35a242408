package verify

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/babelqueue/bqgen/safefile"
	"github.com/babelqueue/bqgen/templates/node"
)

// NodeToolchain runs the Node/TypeScript backend's oracle-bound output, a
// standalone npm project: npm installs its pinned devDependencies (tsx,
// typescript, @types/node) from its lockfile, tsc type-checks every file and
// emits JavaScript beside it once, and node's own test runner runs that
// JavaScript once per oracle: in a worker thread of each run's own in one
// warm node process (StartWarm), or a node process per run (Run). (The
// project's own `npm test` runs the TypeScript through tsx, which
// transpiles on every start: three times slower over fifty runs, for the
// same test code.)
type NodeToolchain struct {
	// Node and NPM are the executables; "node" and "npm" on PATH when empty.
	Node, NPM string
	// Builds, when set, keeps one installed node_modules per package.json
	// and lockfile for every verification of the process, each project
	// linking to it (the devDependencies depend on no suite).
	Builds *Builds
}

// NewNodeToolchain returns the Node toolchain: node and npm on PATH.
func NewNodeToolchain() Toolchain { return NodeToolchain{} }

// Lang is "node".
func (NodeToolchain) Lang() string { return "node" }

// nodeMinVersion is the oldest Node the generated project's own `npm test`
// runs on: --import (to load tsx) and the TAP reporter.
var nodeMinVersion = [2]int{20, 11}

// nodeTestGlob matches the compiled test files, relative to the project:
// the backend's layout says where they are.
const nodeTestGlob = node.CompiledTestGlob

// nodeEntry is the module Prepare writes at the project root: it imports
// every compiled test file, so one node process runs them all. Node's
// `--test` would start a process per file, for the same tests; over fifty
// runs those starts are most of the time.
const nodeEntry = "bqgen-verify-entry.mjs"

func (n NodeToolchain) node() string {
	if n.Node == "" {
		return "node"
	}
	return n.Node
}

func (n NodeToolchain) npm() string {
	if n.NPM == "" {
		return "npm"
	}
	return n.NPM
}

// Available checks that node (recent enough) and npm are on PATH.
func (n NodeToolchain) Available() error {
	for _, tool := range []string{n.node(), n.npm()} {
		if _, err := exec.LookPath(tool); err != nil {
			return fmt.Errorf("node: %s is not installed: %w", tool, err)
		}
	}
	out, err := exec.Command(n.node(), "--version").Output()
	if err != nil {
		return fmt.Errorf("node: %s --version: %w", n.node(), err)
	}
	return checkNodeVersion(strings.TrimSpace(string(out)))
}

// nodeVersion reads "v20.20.2".
var nodeVersion = regexp.MustCompile(`^v(\d+)\.(\d+)\.`)

// checkNodeVersion fails for a Node older than nodeMinVersion.
func checkNodeVersion(v string) error {
	m := nodeVersion.FindStringSubmatch(v)
	if m == nil {
		return fmt.Errorf("node: cannot read the version %q", v)
	}
	major, _ := strconv.Atoi(m[1])
	minor, _ := strconv.Atoi(m[2])
	if major < nodeMinVersion[0] || (major == nodeMinVersion[0] && minor < nodeMinVersion[1]) {
		return fmt.Errorf("node: %s is too old, %d.%d or later is needed", v, nodeMinVersion[0], nodeMinVersion[1])
	}
	return nil
}

// Prepare installs the project's devDependencies exactly as its lockfile
// pins them, preferring npm's cache (shared by every run on the machine, so a
// repeated verify downloads nothing), then type-checks the project under its
// own strict tsconfig and emits each file's JavaScript (and source map)
// beside it. Every generated file is checked against the libraries' types,
// but the libraries' own declaration files are not checked again
// (--skipLibCheck): that was 1.4 s of tsc's 3.5 on the canonical suite, and
// the pinned libraries' types do not change with the suite.
func (n NodeToolchain) Prepare(ctx context.Context, dir string, log io.Writer) error {
	if err := n.install(ctx, dir, log); err != nil {
		return err
	}
	tsc := exec.CommandContext(ctx, n.node(), filepath.FromSlash(node.TSCompiler),
		"-p", node.TSConfigFile, "--noEmit", "false", "--sourceMap", "--skipLibCheck")
	if err := runInLogged(tsc, dir, log); err != nil {
		return fmt.Errorf("node: tsc: %w", err)
	}
	sayRefusedRunFlags(ctx, n.node(), log)
	return writeNodeEntry(dir)
}

// nodeInstallFiles are the files of the project npm ci reads.
var nodeInstallFiles = []string{"package.json", "package-lock.json"}

// install runs npm ci in dir; with Builds, once per package.json and
// lockfile in the process, dir's node_modules a link to that install.
func (n NodeToolchain) install(ctx context.Context, dir string, log io.Writer) error {
	contents := make([]string, len(nodeInstallFiles))
	for i, name := range nodeInstallFiles {
		data, err := os.ReadFile(filepath.Join(dir, name)) // the backend's, as materialise wrote it
		if err != nil {
			return fmt.Errorf("node: %w", err)
		}
		contents[i] = string(data)
	}
	key := strings.Join(append([]string{"node_modules", n.npm()}, contents...), "\x00")
	built, err := n.Builds.dirFor(key, dir, func(into string) error {
		if into != dir {
			for i, name := range nodeInstallFiles {
				if err := os.WriteFile(filepath.Join(into, name), []byte(contents[i]), 0o644); err != nil {
					return err
				}
			}
		}
		install := exec.CommandContext(ctx, n.npm(), "ci", "--prefer-offline", "--no-audit", "--no-fund")
		return runInLogged(install, into, log)
	})
	if err != nil {
		return fmt.Errorf("node: npm ci: %w", err)
	}
	if built == dir {
		return nil
	}
	if err := os.Symlink(filepath.Join(built, "node_modules"), filepath.Join(dir, "node_modules")); err != nil {
		return fmt.Errorf("node: link the shared node_modules: %w", err)
	}
	return nil
}

// writeNodeEntry writes nodeEntry, importing the compiled test files in
// name order.
func writeNodeEntry(dir string) error {
	files, err := filepath.Glob(filepath.Join(dir, filepath.FromSlash(nodeTestGlob)))
	if err != nil || len(files) == 0 {
		return fmt.Errorf("node: no %s in %s after tsc", nodeTestGlob, dir)
	}
	sort.Strings(files)
	rel := make([]string, len(files))
	for i, f := range files {
		r, err := filepath.Rel(dir, f)
		if err != nil {
			return err
		}
		rel[i] = "./" + filepath.ToSlash(r)
	}
	return os.WriteFile(filepath.Join(dir, nodeEntry), nodeEntryOf(rel), 0o644)
}

// nodeEntryOf is an entry module importing modules, statically: node
// evaluates the whole graph before node:test starts its root test, so every
// file's tests and hooks (the oracle's close, in after) are registered by
// then. Imported one after another with import(), a file could register
// its after hook once the root test had ended, and its connection would
// keep the run from ever exiting.
func nodeEntryOf(modules []string) []byte {
	var entry strings.Builder
	for _, m := range modules {
		fmt.Fprintf(&entry, "import %s;\n", strconv.Quote(m))
	}
	return []byte(entry.String())
}

// writeSelectedEntry writes a run's own entry importing the compiled test
// files only names (NodeToolchain.Selectors), each checked to be one, and
// returns its name in dir; the caller removes it after the run.
func writeSelectedEntry(dir string, only []string) (string, error) {
	for _, m := range only {
		p, ok := strings.CutPrefix(m, "./")
		if matched, _ := path.Match(nodeTestGlob, p); !ok || !matched || !filepath.IsLocal(filepath.FromSlash(p)) {
			return "", fmt.Errorf("node: %q is not a compiled test file", m)
		}
		if _, err := os.Lstat(filepath.Join(dir, filepath.FromSlash(p))); err != nil {
			return "", fmt.Errorf("node: %w", err)
		}
	}
	name, err := newResultFile(dir, "bqgen-verify-entry-*.mjs")
	if err != nil {
		return "", fmt.Errorf("node: %w", err)
	}
	if err := os.WriteFile(name, nodeEntryOf(only), 0o644); err != nil {
		return "", fmt.Errorf("node: %w", err)
	}
	return name, nil
}

// runInLogged runs cmd in dir with its output going to log.
func runInLogged(cmd *exec.Cmd, dir string, log io.Writer) error {
	cmd.Dir, cmd.Stdout, cmd.Stderr = dir, log, log
	return cmd.Run()
}

// Run runs every compiled test file once, in one node process, with env
// added, and reads node:test's summary of the run.
//
// Every run writes node:test's JUnit report, the result file an SDK's CI
// hands bqgen report, and the counts are read from the summary the reporter
// closes it with. The run against the correct oracle, the one a failure
// report quotes, also prints TAP with stack traces mapped to the
// TypeScript; a mutant's run needs only the counts, and the second reporter
// and the source maps are a quarter of its time.
func (n NodeToolchain) Run(ctx context.Context, dir string, env []string) (Result, error) {
	return n.RunOnly(ctx, dir, env, nil)
}

// RunOnly is Run limited to the compiled test files only names (every one
// when nil), through an entry of the run's own.
func (n NodeToolchain) RunOnly(ctx context.Context, dir string, env, only []string) (Result, error) {
	if _, err := os.Stat(filepath.Join(dir, nodeEntry)); err != nil {
		return Result{}, fmt.Errorf("node: %s is missing: Prepare has not run", nodeEntry)
	}
	entry := nodeEntry
	if only != nil {
		own, err := writeSelectedEntry(dir, only)
		if err != nil {
			return Result{}, err
		}
		defer os.Remove(own)
		entry = filepath.Base(own)
	}
	junit, err := newResultFile(dir, "conformance-results-*.xml")
	if err != nil {
		return Result{}, fmt.Errorf("node: %w", err)
	}
	quoted := againstOracle(env)
	args := slices.Concat(acceptedRunFlags(ctx, n.node()), nodeReporterArgs(quoted, junit), []string{entry})
	cmd := exec.CommandContext(ctx, n.node(), args...)
	cmd.Dir, cmd.Env = dir, append(os.Environ(), env...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err = cmd.Run()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		return Result{Output: out.String()}, fmt.Errorf("node: %w", err)
	}
	return nodeRunResult(dir, junit, out.String(), quoted)
}

// nodeReporterArgs are node's options for a run's reporters: the JUnit
// report into junit, and for the run against the oracle (quoted) TAP too,
// with stack traces mapped to the TypeScript.
func nodeReporterArgs(quoted bool, junit string) []string {
	var args []string
	if quoted {
		args = []string{"--enable-source-maps", "--test-reporter=tap", "--test-reporter-destination=stdout"}
	}
	return append(args, "--test-reporter=junit", "--test-reporter-destination="+junit)
}

// nodeRunResult reads a run's counts from what it printed, or when that is
// not TAP (a mutant's run) from its JUnit report.
func nodeRunResult(dir, junit, out string, quoted bool) (Result, error) {
	summary := out
	if !quoted {
		report, err := safefile.ReadIn(dir, filepath.Base(junit), safefile.Result)
		if err != nil {
			return Result{Output: out}, fmt.Errorf("node: the run's JUnit report: %w; the run printed:\n%s", err, out)
		}
		summary = out + string(report)
	}
	res, err := parseNodeTestSummary(summary)
	res.Output = out
	res.Files = []string{junit}
	return res, err
}

// againstOracle tells the run against the correct oracle (no fault in its
// environment) from a mutant's.
func againstOracle(env []string) bool {
	return !slices.ContainsFunc(env, func(kv string) bool {
		name, fault, _ := strings.Cut(kv, "=")
		return name == EnvOracleFault && fault != ""
	})
}

// nodeSummaryLine is one line of node:test's closing summary: "# pass 74"
// in TAP, "<!-- pass 74 -->" in JUnit.
var nodeSummaryLine = regexp.MustCompile(`(?m)^(?:# |\s*<!-- )(tests|suites|pass|fail|cancelled|skipped|todo) (\d+)(?: -->)?$`)

// parseNodeTestSummary reads the counts of a reporter's summary ("# pass
// 74", "# fail 0", ...). The last line of each name wins, as the summary
// closes the report (a test's diagnostics come before it, in the same form). A cancelled test (e.g. cut by the timeout)
// counts as failed, a todo one as skipped.
func parseNodeTestSummary(out string) (Result, error) {
	counts := map[string]int{}
	for _, m := range nodeSummaryLine.FindAllStringSubmatch(out, -1) {
		counts[m[1]], _ = strconv.Atoi(m[2])
	}
	if _, ok := counts["pass"]; !ok {
		return Result{Output: out}, fmt.Errorf("node: the test runner printed no summary:\n%s", out)
	}
	return Result{
		Passed:  counts["pass"],
		Failed:  counts["fail"] + counts["cancelled"],
		Skipped: counts["skipped"] + counts["todo"],
		Summary: fmt.Sprintf("tests %d, pass %d, fail %d, cancelled %d, skipped %d, todo %d",
			counts["tests"], counts["pass"], counts["fail"], counts["cancelled"], counts["skipped"], counts["todo"]),
		Output: out,
	}, nil
}

// Selectors is the compiled module of f, as an entry imports it: tsc
// writes each test file's JavaScript beside it.
func (NodeToolchain) Selectors(f testFile) ([]string, error) {
	ts, ok := strings.CutSuffix(f.Path, ".ts")
	if !ok {
		return nil, fmt.Errorf("not a TypeScript file")
	}
	return []string{"./" + ts + ".js"}, nil
}
