package gobackend_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/prooftest"
	"github.com/babelqueue/bqgen/model"
	gobackend "github.com/babelqueue/bqgen/templates/go"
	"github.com/babelqueue/bqgen/verify"
)

// ruleBlocks are the blocks the rule test generates for a core target: the
// core's own, and a broker's whose operations belong to its transport target.
var ruleBlocks = []string{model.BlockCases, model.BlockForbiddenKeys, model.BlockIdempotency, model.BlockPayloadSchema, model.BlockSQS}

// warningsMarker marks the stand-in core's Envelope.Warnings line, which a
// variant removes or replaces.
const warningsMarker = "// variant: warnings"

// warningsVariant is the stand-in core with its Envelope.Warnings line
// replaced: how far it has, and honours, decode's warnings.
type warningsVariant struct {
	name        string
	replacement string // "" keeps the marked line as it is
	// forbidden is the outcome every forbidden_keys test must have ("pass",
	// "skip" or "fail") and mention what its output must contain.
	forbidden, mention string
}

var warningsVariants = []warningsVariant{
	{"without Envelope.Warnings", "\n",
		"skip", "decode warnings: not provided: this babelqueue-go core has no Envelope.Warnings"},
	{"with Envelope.Warnings that never warns", "func (e Envelope) Warnings() []string { return nil }\n",
		"fail", "no warning names"},
	{"with Envelope.Warnings", "", "pass", ""},
}

// The missing-feature rule on the stand-in babelqueue-go: the SDK-bound
// tests of a core target, run with go test in the core module. A core
// without Envelope.Warnings makes the forbidden_keys tests skip naming that
// method while the cases tests still run and pass; a core whose Warnings
// never warns makes them run and fail; a correct one makes them pass. The
// sqs operations skip as belonging to the sqs transport target.
func TestMissingFeatureRuleOnStandIn(t *testing.T) {
	prooftest.RequireToolchain(t, verify.NewGoToolchain())
	s := selectBlocks(t, gobackend.CanonicalSuite(t), ruleBlocks)
	files := gobackend.Generate(t, s, backend.Options{Binding: backend.BindSDK})
	blockOf := testBlocks(t, files)
	want := map[string]int{ // the leaf tests each block runs
		model.BlockCases:         len(s.Cases),
		model.BlockForbiddenKeys: len(s.ForbiddenKeys.Cases),
	}
	for _, v := range warningsVariants {
		t.Run(v.name, func(t *testing.T) {
			results := runInStandin(t, files, v.replacement)
			byBlock := map[string][]testResult{}
			for _, r := range results {
				block, ok := blockOf[strings.Split(r.name, "/")[0]]
				if !ok {
					t.Fatalf("%s is no generated test", r.name)
				}
				byBlock[block] = append(byBlock[block], r)
			}
			for _, block := range ruleBlocks {
				if len(byBlock[block]) == 0 {
					t.Fatalf("no test of %s ran", block)
				}
				if n, ok := want[block]; ok && len(byBlock[block]) != n {
					t.Errorf("%s: %d tests ran, want %d", block, len(byBlock[block]), n)
				}
				t.Logf("%s: %s", block, tally(byBlock[block]))
			}
			expectAll(t, byBlock[model.BlockCases], "pass", "")
			expectAll(t, byBlock[model.BlockForbiddenKeys], v.forbidden, v.mention)
			expectAll(t, byBlock[model.BlockSQS], "skip", "belongs to the sqs transport target (blocks: [sqs] in bqgen.yaml)")
			expectAll(t, byBlock[model.BlockIdempotency], "pass", "")
			expectRun(t, byBlock[model.BlockPayloadSchema])
		})
	}
}

// tally counts results by action: "pass 3, skip 2".
func tally(results []testResult) string {
	counts := map[string]int{}
	for _, r := range results {
		counts[r.action]++
	}
	var parts []string
	for _, action := range []string{"pass", "fail", "skip"} {
		if counts[action] > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", action, counts[action]))
		}
	}
	return strings.Join(parts, ", ")
}

// expectAll: every result is want, with an output containing mention.
func expectAll(t *testing.T, results []testResult, want, mention string) {
	t.Helper()
	for _, r := range results {
		if r.action != want || !strings.Contains(r.output, mention) {
			t.Errorf("%s: %s, want %s mentioning %q:\n%s", r.name, r.action, want, mention, r.output)
		}
	}
}

// expectRun: the stand-in has the API, so no result is a skip; its minimal
// bodies may fail a case, which the rule allows (a behaviour, not an API).
func expectRun(t *testing.T, results []testResult) {
	t.Helper()
	for _, r := range results {
		if r.action == "skip" {
			t.Errorf("%s skips, but the stand-in has its API:\n%s", r.name, r.output)
		}
	}
}

// testFunc is a generated test function's declaration.
var testFunc = regexp.MustCompile(`(?m)^func (Test\w+)\(t \*testing\.T\)`)

// testBlocks maps each generated test function to the block whose file
// declares it.
func testBlocks(t *testing.T, files []backend.File) map[string]string {
	t.Helper()
	blocks := map[string]string{}
	for _, f := range files {
		for _, block := range ruleBlocks {
			if filepath.Base(f.Path) != "conformance_"+block+"_gen_test.go" {
				continue
			}
			for _, m := range testFunc.FindAllSubmatch(f.Content, -1) {
				blocks[string(m[1])] = block
			}
		}
	}
	return blocks
}

// testResult is one leaf test's outcome under go test -json.
type testResult struct {
	name, action, output string
}

// runInStandin copies the stand-in SDK to a temp dir, replaces its core's
// Envelope.Warnings line (unless replacement is ""), writes files into the
// core module and runs go test -json there. It returns the leaf tests:
// those without subtests.
func runInStandin(t *testing.T, files []backend.File, replacement string) []testResult {
	t.Helper()
	root := t.TempDir()
	if err := os.CopyFS(root, os.DirFS(standin)); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(root, "babelqueue-go")
	if replacement != "" {
		replaceMarkedLine(t, filepath.Join(dir, "envelope.go"), warningsMarker, replacement)
	}
	gobackend.WriteFiles(t, dir, files)
	cmd := exec.Command("go", "test", "-json", "-count=1", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off", "GOPROXY=off", "GOTOOLCHAIN=local")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if _, exited := err.(*exec.ExitError); err != nil && !exited {
		t.Fatal(err)
	}
	results := parseTestEvents(t, out)
	if len(results) == 0 {
		t.Fatalf("go test ran no test: %v\n%s%s", err, out, stderr.Bytes())
	}
	return results
}

// parseTestEvents reads go test -json's events into the leaf tests'
// results, in the order they ended.
func parseTestEvents(t *testing.T, out []byte) []testResult {
	t.Helper()
	var ended []testResult
	output := map[string]*strings.Builder{}
	parents := map[string]bool{}
	scanner := bufio.NewScanner(bytes.NewReader(out))
	scanner.Buffer(nil, 1<<20)
	for scanner.Scan() {
		var e struct{ Action, Test, Output string }
		if err := json.Unmarshal(scanner.Bytes(), &e); err != nil {
			t.Fatalf("%v: %s", err, scanner.Text())
		}
		if e.Test == "" {
			continue
		}
		if i := strings.LastIndex(e.Test, "/"); i >= 0 {
			parents[e.Test[:i]] = true
		}
		switch e.Action {
		case "output":
			if output[e.Test] == nil {
				output[e.Test] = &strings.Builder{}
			}
			output[e.Test].WriteString(e.Output)
		case "pass", "fail", "skip":
			text := ""
			if b := output[e.Test]; b != nil {
				text = b.String()
			}
			ended = append(ended, testResult{name: e.Test, action: e.Action, output: text})
		}
	}
	if err := scanner.Err(); err != nil {
		t.Fatal(err)
	}
	var leaves []testResult
	for _, r := range ended {
		if !parents[r.name] {
			leaves = append(leaves, r)
		}
	}
	return leaves
}

// replaceMarkedLine replaces the one line of the file holding marker.
func replaceMarkedLine(t *testing.T, path, marker, replacement string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(b), "\n")
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
	if err := os.WriteFile(path, []byte(strings.Join(lines, "")), 0o644); err != nil {
		t.Fatal(err)
	}
}
