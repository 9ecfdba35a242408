package node_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/templates/node"
)

// coreVariant is the core stand-in with its lines marked "variant:"
// replaced: how far it has, and honours, decode's warnings hook.
type coreVariant struct {
	name  string
	edits map[string]string // the marked line's marker -> its replacement
	// want is the result every forbidden_keys test must have: "ok", "SKIP"
	// (with the missing API as the reason) or "not ok".
	want string
}

var coreVariants = []coreVariant{
	{"with the hook", nil, "ok"},
	{"without the hook", map[string]string{
		"// variant: hook":  "",
		"// variant: calls": "    void options;\n    const warn = (): void => {};",
	}, "SKIP"},
	{"with the hook, never called", map[string]string{
		"// variant: calls": "    void options;\n    const warn = (): void => {};",
	}, "not ok"},
}

// The missing-feature rule, run on the core stand-in: a core without the
// decode warnings hook makes the forbidden_keys tests skip naming the
// missing API while the cases tests still run; a core with the hook that
// never calls it makes them run and fail; a broker's operation in a core
// target skips as belonging to its transport target.
func TestMissingFeatureRule(t *testing.T) {
	tc := nodeToolchain(t)
	s, err := suitetest.Canonical(t).Select([]string{model.BlockCases, model.BlockForbiddenKeys, model.BlockSQS})
	if err != nil {
		t.Fatal(err)
	}
	forbidden := map[string]bool{}
	for _, c := range s.ForbiddenKeys.Cases {
		forbidden[c.Name] = true
	}
	for _, v := range coreVariants {
		dir := writeOutput(t, s, backend.BindSDK)
		writeOracleProject(t, dir)
		copyStandin(t, "core", dir)
		for marker, replacement := range v.edits {
			replaceMarkedLine(t, filepath.Join(dir, "src", "index.ts"), marker, replacement)
		}
		var log strings.Builder
		if err := tc.Prepare(context.Background(), dir, &log); err != nil {
			t.Fatalf("%s: %v\n%s", v.name, err, log.String())
		}
		res, err := tc.Run(context.Background(), dir, nil)
		if err != nil {
			t.Fatal(err)
		}
		ran, transportSkips := map[string]bool{}, 0
		for _, m := range tapLine.FindAllStringSubmatch(res.Output, -1) {
			status, name, directive, reason := m[1], m[2], m[3], m[4]
			switch {
			case forbidden[name]:
				got := status
				if directive == "SKIP" {
					got = "SKIP"
					if !strings.Contains(reason, "decode warnings is not provided: this @babelqueue/core has no decode warnings hook") {
						t.Errorf("%s: %s skips without naming the missing API: %s", v.name, name, reason)
					}
				}
				if got != v.want {
					t.Errorf("%s: %s is %s, want %s", v.name, name, got, v.want)
				}
			case directive == "SKIP":
				transportSkips++
				if !strings.Contains(reason, "belongs to the sqs transport target (blocks: [sqs] in bqgen.yaml)") {
					t.Errorf("%s: %s skips for another reason: %s", v.name, name, reason)
				}
			default:
				ran[name] = true
			}
		}
		for _, c := range s.Cases {
			if !ran[c.Name] {
				t.Errorf("%s: the cases test %s did not run", v.name, c.Name)
			}
		}
		if transportSkips == 0 {
			t.Errorf("%s: no sqs test skipped as belonging to its transport target:\n%s", v.name, res.Output)
		}
	}
}

// writeOracleProject adds the oracle-bound output's package.json, lockfile
// and strict tsconfig to dir, so the toolchain can install, compile and run
// an SDK-bound output there.
func writeOracleProject(t *testing.T, dir string) {
	t.Helper()
	files, err := node.New().Generate(suitetest.Canonical(t), backend.Options{Binding: backend.BindOracle})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if f.Path == node.PackageFile || f.Path == node.LockFile || f.Path == node.TSConfigFile {
			writeFile(t, dir, f.Path, f.Content)
		}
	}
}

// replaceMarkedLine replaces the one line of the file holding marker.
func replaceMarkedLine(t *testing.T, path, marker, replacement string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	found := 0
	for i, line := range lines {
		if strings.Contains(line, marker) {
			lines[i] = replacement
			found++
		}
	}
	if found != 1 {
		t.Fatalf("%s: %d lines hold %q, want 1", path, found, marker)
	}
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
}
