package node_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/templates/node"
)

// standinDir holds the stand-in packages: src/index.ts of the core and of
// each adapter, with the real exported names and types (testdata/standin).
var standinDir = filepath.Join("testdata", "standin")

// TestStandinTypeChecks runs tsc --noEmit, under the compiler options of the
// real packages, over the SDK-bound output of the core target and of one
// transport target per broker, each inside its stand-in package: a scaffold
// that uses a name or type the package does not export as it is fails here.
// Then it renames one export of a stand-in, to see tsc refuse the scaffold.
func TestStandinTypeChecks(t *testing.T) {
	nodeToolchain(t)
	root := installedProject(t)
	targets := append([]string{"core"}, model.TransportBlocks...)
	var dirs []string
	for _, target := range targets {
		dirs = append(dirs, standinTarget(t, root, target))
	}
	// The redis scaffold again, against a package without frameValue: tsc
	// must refuse it.
	renamed := filepath.Join(root, model.BlockRedis+"-renamed")
	if err := os.CopyFS(renamed, os.DirFS(filepath.Join(root, model.BlockRedis))); err != nil {
		t.Fatal(err)
	}
	renameInFile(t, filepath.Join(renamed, "src", "index.ts"), "export function frameValue(", "export function frameValueRenamed(")
	outcomes := typecheck(t, root, append(dirs, renamed)...)
	for i, dir := range dirs {
		if o := outcomes[dir]; !o.ok {
			t.Errorf("%s: the generated TypeScript does not type-check against the stand-in package:\n%s", targets[i], o.output)
		}
	}
	if o := outcomes[renamed]; o.ok || !strings.Contains(o.output, "frameValue") {
		t.Errorf("tsc accepted the redis scaffold against a package without frameValue (ok %v):\n%s", o.ok, o.output)
	}
}

// installedProject is a directory with the pinned TypeScript tools
// installed and the core stand-in as node_modules/@babelqueue/core, which
// the adapter stand-ins and their scaffolds import.
func installedProject(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	files, err := node.New().Generate(suitetest.Canonical(t), backend.Options{Binding: backend.BindOracle})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if f.Path == node.PackageFile || f.Path == node.LockFile {
			writeFile(t, root, f.Path, f.Content)
		}
	}
	npm := exec.CommandContext(context.Background(), "npm", "ci", "--prefer-offline", "--no-audit", "--no-fund")
	npm.Dir = root
	if out, err := npm.CombinedOutput(); err != nil {
		t.Fatalf("npm ci: %v\n%s", err, out)
	}
	core := filepath.Join(root, "node_modules", "@babelqueue", "core")
	copyStandin(t, "core", core)
	writeFile(t, core, "package.json", []byte(`{"name": "@babelqueue/core", "type": "module", "exports": {".": "./src/index.ts"}}`))
	return root
}

// standinTarget lays out target's stand-in package below root with the
// real packages' tsconfig and the SDK-bound output of its target: the core
// target generates every block, a transport target its broker's.
func standinTarget(t *testing.T, root, target string) string {
	t.Helper()
	dir := filepath.Join(root, target)
	copyStandin(t, target, dir)
	tsconfig, err := os.ReadFile(filepath.Join(standinDir, "tsconfig.json"))
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, dir, "tsconfig.json", tsconfig)
	s := suitetest.Canonical(t)
	if target != "core" {
		if s, err = s.Select([]string{target}); err != nil {
			t.Fatal(err)
		}
	}
	files, err := node.New().Generate(s, backend.Options{Binding: backend.BindSDK})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if strings.HasSuffix(f.Path, ".ts") {
			writeFile(t, dir, f.Path, f.Content)
		}
	}
	return dir
}

// tscOutcome is what the type check of one project found.
type tscOutcome struct {
	ok     bool
	output string // tsc's diagnostics
}

// typecheck type-checks the projects of dirs with the compiler installed in
// root, as tsc -p DIR/tsconfig.json --noEmit --skipLibCheck does (all but
// the libraries' own declaration files; see verify's NodeToolchain.Prepare),
// in one node process (testdata/typecheck.cjs): the projects share the
// compiler and the parsed declarations, which a tsc per project loaded and
// parsed again, 2 s of CPU each.
func typecheck(t *testing.T, root string, dirs ...string) map[string]tscOutcome {
	t.Helper()
	script, err := filepath.Abs(filepath.Join("testdata", "typecheck.cjs"))
	if err != nil {
		t.Fatal(err)
	}
	args := []string{script, filepath.Join(root, "node_modules", "typescript")}
	for _, dir := range dirs {
		args = append(args, filepath.Join(dir, "tsconfig.json"))
	}
	out, err := exec.CommandContext(context.Background(), "node", args...).CombinedOutput()
	if _, exited := err.(*exec.ExitError); err != nil && !exited {
		t.Fatalf("node typecheck.cjs: %v\n%s", err, out)
	}
	outcomes := map[string]tscOutcome{}
	var dir string
	for _, line := range strings.SplitAfter(string(out), "\n") {
		if head, ok := strings.CutPrefix(line, "== "); ok {
			head = strings.TrimSpace(head)
			cut := strings.LastIndexByte(head, ' ')
			config, verdict := head[:max(cut, 0)], head[cut+1:]
			dir = filepath.Dir(config)
			outcomes[dir] = tscOutcome{ok: verdict == "ok"}
			continue
		}
		if o, seen := outcomes[dir]; seen {
			o.output += line
			outcomes[dir] = o
		}
	}
	for _, d := range dirs {
		if _, seen := outcomes[d]; !seen {
			t.Fatalf("typecheck.cjs said nothing of %s:\n%s", d, out)
		}
	}
	return outcomes
}

// copyStandin copies the src/ of a stand-in package into dir/src.
func copyStandin(t *testing.T, name, dir string) {
	t.Helper()
	src := filepath.Join(standinDir, name, "src")
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, dir, "src/"+e.Name(), b)
	}
}

// renameInFile replaces old, which must be there, with new in the file.
func renameInFile(t *testing.T, path, old, new string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), old) {
		t.Fatalf("%s holds no %q", path, old)
	}
	if err := os.WriteFile(path, []byte(strings.Replace(string(b), old, new, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
}

// tapLine is one test's result line of node:test's TAP output.
var tapLine = regexp.MustCompile(`(?m)^\s*(ok|not ok) \d+ - (.*?)(?: # (SKIP|TODO) ?(.*))?$`)
