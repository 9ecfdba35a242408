package app

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/conformance"
	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/suitediff"
)

// bumpedSuite is a copy of the embedded suite with one case added
// (payload_schema/valid-minimal-again), one removed
// (payload_schema/invalid-wrong-type) and one whose expectation changed
// (payload_schema/valid-full: other data, the same verdict).
func bumpedSuite(t *testing.T) string {
	t.Helper()
	dir := copySuite(t)
	const manifest = "manifest.json"
	edit(t, dir, manifest, `{ "name": "valid-minimal", "valid": true, "data": { "order_id": 1042 } },`,
		`{ "name": "valid-minimal", "valid": true, "data": { "order_id": 1042 } },
      { "name": "valid-minimal-again", "valid": true, "data": { "order_id": 7 } },`)
	edit(t, dir, manifest, `{ "name": "invalid-wrong-type", "valid": false, "data": { "order_id": "x" } },`, ``)
	edit(t, dir, manifest, `"data": { "order_id": 1042, "amount": 99.9, "currency": "USD" }`, `"data": { "order_id": 1042, "amount": 12.5, "currency": "USD" }`)
	return dir
}

// editedSuite is a copy of the embedded suite whose manifest's top-level
// blocks edit changes (re-encoded: key order is not the suite's concern).
func editedSuite(t *testing.T, edit func(m map[string]json.RawMessage)) string {
	t.Helper()
	dir := copySuite(t)
	path := filepath.Join(dir, "manifest.json")
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	edit(m)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(m); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// suiteWithout is a copy of the embedded suite without the named top-level
// blocks.
func suiteWithout(t *testing.T, blocks ...string) string {
	t.Helper()
	return editedSuite(t, func(m map[string]json.RawMessage) {
		for _, b := range blocks {
			if _, ok := m[b]; !ok {
				t.Fatalf("the suite has no block %s", b)
			}
			delete(m, b)
		}
	})
}

// bqgen diff names exactly the case added, the one removed and the one
// whose expectation changed, with the old and new expectation, in text,
// Markdown and JSON.
func TestDiffNamesExactlyTheChange(t *testing.T) {
	t.Parallel()
	bumped := bumpedSuite(t)
	code, out, stderr := run(t, "diff", "--from", "embedded", "--to", bumped, "--format", "json", "--config", "none")
	if code != 0 {
		t.Fatalf("diff: exit %d\n%s", code, stderr)
	}
	var d suitediff.Diff
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	want := []suitediff.BlockDiff{{Block: "payload_schema", Added: []string{"valid-minimal-again"}, Removed: []string{"invalid-wrong-type"},
		Changed: []suitediff.Change{{Case: "valid-full",
			From: `{"valid":true,"data":{"order_id":1042,"amount":99.9,"currency":"USD"}}`,
			To:   `{"valid":true,"data":{"order_id":1042,"amount":12.5,"currency":"USD"}}`, Files: []string{}}}}}
	if d.Format != suitediff.Format || d.From.Version != conformance.Version() || d.To.Version != conformance.Version() || !reflect.DeepEqual(d.Blocks, want) ||
		len(d.BlocksAdded)+len(d.BlocksRemoved)+len(d.Operations) != 0 {
		t.Errorf("json:\n%s", out)
	}
	code, text, _ := run(t, "diff", "--to", bumped, "--config", "none")
	for _, line := range []string{"block payload_schema: 1 added, 1 removed, 1 changed", "  + valid-minimal-again", "  - invalid-wrong-type",
		"  ~ valid-full", `was: {"valid":true,"data":{"order_id":1042,"amount":99.9`, `now: {"valid":true,"data":{"order_id":1042,"amount":12.5`} {
		if code != 0 || !strings.Contains(text, line) {
			t.Errorf("text: exit %d, want %q:\n%s", code, line, text)
		}
	}
	if strings.Count(text, "\n  ") != 5 {
		t.Errorf("text lists more than the three cases:\n%s", text)
	}
	code, md, _ := run(t, "diff", "--to", bumped, "--format", "md", "--config", "none")
	for _, line := range []string{"### Block payload\\_schema: 1 added, 1 removed, 1 changed", "- added: valid-minimal-again",
		"- removed: invalid-wrong-type", "- changed: valid-full", "  - was: `", "amount\":99.9"} {
		if code != 0 || !strings.Contains(md, line) {
			t.Errorf("md: exit %d, want %q:\n%s", code, line, md)
		}
	}
}

// Against the newest upstream suite (unversioned, without the messaging
// blocks), the diff to the embedded suite names the versions, the blocks
// the embedded suite adds and the operations they bring; the three formats
// agree.
func TestDiffFromTheUpstreamSuite(t *testing.T) {
	t.Parallel()
	next := suitetest.UpstreamNextDir()
	if next == "" {
		t.Skip("../shared/upstream-conformance-next is not on this machine")
	}
	code, out, stderr := run(t, "diff", "--from", next, "--to", "embedded", "--format", "json", "--lang", "go")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	var d suitediff.Diff
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatal(err)
	}
	if d.From.Version != "unversioned" || d.To.Version != conformance.Version() || !strings.Contains(strings.Join(d.BlocksAdded, ","), "settlement,row_errors,failed_writes") {
		t.Errorf("%+v", d)
	}
	ops := []string{}
	for _, op := range d.Operations {
		ops = append(ops, op.Name)
	}
	if !strings.Contains(strings.Join(ops, ","), "settle,read_message,write_messages") || len(d.Targets) != 1 ||
		!strings.Contains(strings.Join(d.Targets[0].ScaffoldMethods, ","), "settle,read_message,write_messages") {
		t.Errorf("operations %v, targets %+v", ops, d.Targets)
	}
	_, text, _ := run(t, "diff", "--from", next, "--to", "embedded", "--lang", "go")
	_, md, _ := run(t, "diff", "--from", next, "--to", "embedded", "--lang", "go", "--format", "md")
	for _, b := range d.Blocks {
		if !strings.Contains(text, "block "+b.Block+":") || !strings.Contains(md, "### Block "+strings.ReplaceAll(b.Block, "_", `\_`)+":") {
			t.Errorf("block %s missing from text or md", b.Block)
		}
	}
}

// check prints the suite change by case before its diff, and summarises
// the vendored suite's files in a line each instead of dumping them.
func TestCheckSummarisesTheSuiteChangeFirst(t *testing.T) {
	t.Parallel()
	out := t.TempDir()
	if code, _, stderr := run(t, "generate", "--lang", "python", "--out", out, "--blocks", "payload_schema"); code != 0 {
		t.Fatalf("generate: exit %d\n%s", code, stderr)
	}
	code, stdout, stderr := run(t, "check", "--lang", "python", "--out", out, "--blocks", "payload_schema", "--suite", bumpedSuite(t))
	summary := strings.Index(stdout, "the vendored suite differs from the suite in use")
	firstDiff := strings.Index(stdout, "--- a/")
	if code != 1 || summary < 0 || firstDiff < summary || !strings.Contains(stdout, "  + valid-minimal-again") {
		t.Fatalf("exit %d; want the summary before the diff:\n%s\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "vendored suite file tests/conformance/manifest.json changed, ") || strings.Contains(stdout, "--- a/tests/conformance/manifest.json") {
		t.Errorf("the vendored manifest is dumped, not summarised:\n%s", stdout)
	}
	if !strings.Contains(stdout, "+++ b/tests/test_conformance_payload_schema.py") {
		t.Errorf("the tests' own change is missing:\n%s", stdout)
	}
}

// The three-blocks-lost scenario: a target naming the messaging blocks
// against a suite that lacks them is warned, naming the blocks and the
// suite version, and the tests removed are listed by case; under strict it
// is an error. A target that would be left with no test is an error.
func TestLostBlocksAreNeverSilent(t *testing.T) {
	t.Parallel()
	lost := suiteWithout(t, "settlement", "row_errors", "failed_writes")
	out := t.TempDir()
	blocks := "cases,settlement,row_errors,failed_writes"
	if code, _, stderr := run(t, "generate", "--lang", "python", "--out", out, "--blocks", blocks); code != 0 {
		t.Fatalf("generate: exit %d\n%s", code, stderr)
	}
	before := snapshotTree(t, out)
	for _, cmd := range []string{"generate", "check"} {
		code, _, stderr := run(t, cmd, "--lang", "python", "--out", out, "--blocks", blocks, "--suite", lost, "--strict")
		if code != 1 || !strings.Contains(stderr, "strict: ") || !strings.Contains(stderr, "settlement, row_errors, failed_writes") {
			t.Errorf("%s --strict: exit %d, want 1 naming the blocks\n%s", cmd, code, stderr)
		}
	}
	if !reflect.DeepEqual(snapshotTree(t, out), before) {
		t.Error("a refused run wrote")
	}
	code, stdout, stderr := run(t, "generate", "--lang", "python", "--out", out, "--blocks", blocks, "--suite", lost)
	if code != 0 || !strings.Contains(stderr, "warning: ") || !strings.Contains(stderr, "block(s) settlement, row_errors, failed_writes named by the target are not in suite "+conformance.Version()) {
		t.Fatalf("generate: exit %d, want 0 with a warning naming the blocks\n%s", code, stderr)
	}
	for _, line := range []string{"test(s) removed (block settlement is no longer generated", "  - settlement/", "  - row_errors/", "  - failed_writes/"} {
		if !strings.Contains(stdout, line) {
			t.Errorf("generate's output lacks %q:\n%s", line, stdout)
		}
	}
	if strings.Contains(stdout, "  - cases/") {
		t.Errorf("a kept case is listed as removed:\n%s", stdout)
	}
	empty := t.TempDir()
	for _, cmd := range []string{"generate", "check"} {
		code, _, stderr = run(t, cmd, "--lang", "python", "--out", empty, "--blocks", "settlement", "--suite", lost)
		if code != 1 || !strings.Contains(stderr, "would have no tests") {
			t.Errorf("%s of a target left without tests: exit %d, want 1\n%s", cmd, code, stderr)
		}
	}
	assertEmpty(t, empty)
}

// suiteWithoutLastCases is a copy of the embedded suite whose envelope
// block (cases) lacks its last n cases, and their names.
func suiteWithoutLastCases(t *testing.T, n int) (string, []string) {
	t.Helper()
	var gone []string
	dir := editedSuite(t, func(m map[string]json.RawMessage) {
		var cases []json.RawMessage
		if err := json.Unmarshal(m["cases"], &cases); err != nil || len(cases) <= n {
			t.Fatalf("the suite's cases block: %d cases, %v", len(cases), err)
		}
		for _, c := range cases[len(cases)-n:] {
			var named struct{ Name string }
			if err := json.Unmarshal(c, &named); err != nil {
				t.Fatal(err)
			}
			gone = append(gone, named.Name)
		}
		m["cases"], _ = json.Marshal(cases[:len(cases)-n])
	})
	return dir, gone
}

// Cases that leave a block the target still generates are each listed,
// however many (nothing else names them once the files are rewritten);
// only a block no longer generated is cut short, its count standing for
// the rest.
func TestEveryCaseThatLeftAKeptBlockIsListed(t *testing.T) {
	t.Parallel()
	const n = 40 // more than the list of a dropped block holds
	fewer, gone := suiteWithoutLastCases(t, n)
	out := t.TempDir()
	if code, _, stderr := run(t, "generate", "--lang", "python", "--out", out, "--blocks", "cases,failed_writes"); code != 0 {
		t.Fatalf("generate: exit %d\n%s", code, stderr)
	}
	code, stdout, stderr := run(t, "generate", "--lang", "python", "--out", out, "--blocks", "cases", "--suite", fewer)
	if code != 0 || !strings.Contains(stdout, fmt.Sprintf("%d test(s) removed (the cases left block cases)", n)) {
		t.Fatalf("generate: exit %d\n%s\n%s", code, stdout, stderr)
	}
	for _, name := range gone {
		if !strings.Contains(stdout, "  - cases/"+name+"\n") {
			t.Errorf("the removed case cases/%s is not listed:\n%s", name, stdout)
		}
	}
	if strings.Contains(stdout, "more of block cases") {
		t.Errorf("the cases that left a kept block are cut short:\n%s", stdout)
	}
	if !strings.Contains(stdout, "block failed_writes is no longer generated") {
		t.Errorf("the dropped block is not said:\n%s", stdout)
	}
}

// Flag mode on the out dir of a bqgen.yaml's target is refused, naming the
// config and the target, and the ledger stays as it was; --config none
// runs the flags anyway.
func TestFlagModeOverAConfigIsRefused(t *testing.T) {
	repo := t.TempDir()
	mkdirs(t, repo, "core")
	cfg := writeConfig(t, repo, pythonAt("core"))
	if code, _, stderr := run(t, "generate", "--config", cfg); code != 0 {
		t.Fatalf("generate: exit %d\n%s", code, stderr)
	}
	ledger := filepath.Join(repo, "core", ".bqgen", "python.files")
	want, err := os.ReadFile(ledger)
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(repo)
	for _, cmd := range []string{"generate", "check"} {
		code, _, stderr := run(t, cmd, "--lang", "python", "--out", "core", "--blocks", "settlement")
		if code != 2 || !strings.Contains(stderr, cfg) || !strings.Contains(stderr, "target 1 (python") || !strings.Contains(stderr, "--config none") {
			t.Errorf("%s: exit %d, want 2 naming the config and the target\n%s", cmd, code, stderr)
		}
	}
	if code, _, stderr := run(t, "--lang", "python", "--out", filepath.Join(repo, "core")); code != 2 {
		t.Errorf("bqgen --lang --out: exit %d, want 2\n%s", code, stderr)
	}
	if got, _ := os.ReadFile(ledger); !bytes.Equal(got, want) {
		t.Error("the refused run rewrote the ledger")
	}
	if code, _, stderr := run(t, "generate", "--lang", "python", "--out", "core", "--blocks", "settlement", "--config", "none"); code != 0 {
		t.Errorf("--config none: exit %d\n%s", code, stderr)
	}
	if got, _ := os.ReadFile(ledger); bytes.Equal(got, want) {
		t.Error("--config none did not run the flags")
	}
}

// check --suite and diff --suite with a config preview the other suite
// for the config's targets, with their blocks and exemptions, and write
// nothing.
func TestCheckSuiteWithAConfigIsADryRun(t *testing.T) {
	t.Parallel()
	repo := t.TempDir()
	mkdirs(t, repo, "core")
	cfg := writeConfig(t, repo, pythonAt("core")+"    blocks: [payload_schema]\n    exemptions:\n"+
		"      - case: payload_schema/invalid-wrong-type\n        action: skip\n        reason: issue 9\n")
	if code, _, stderr := run(t, "generate", "--config", cfg); code != 0 {
		t.Fatalf("generate: exit %d\n%s", code, stderr)
	}
	before := snapshotTree(t, repo)
	bumped := bumpedSuite(t)
	code, stdout, stderr := run(t, "check", "--config", cfg, "--suite", bumped)
	if code != 1 || !strings.Contains(stdout, "+++ b/tests/test_conformance_payload_schema.py") || strings.Contains(stdout, "test_conformance_cases.py") {
		t.Errorf("check --suite: exit %d, want the drift of the config's blocks only\n%s\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stderr, "warning: ") || !strings.Contains(stderr, "payload_schema/invalid-wrong-type") {
		t.Errorf("the exemption the new suite no longer matches is not named:\n%s", stderr)
	}
	if !strings.Contains(stderr+stdout, "after setting suite: "+bumped) {
		t.Errorf("the fix does not say to set the suite in the config:\n%s", stderr)
	}
	code, stdout, stderr = run(t, "diff", "--config", cfg, "--suite", bumped)
	if code != 0 || !strings.Contains(stdout, "exemptions that stop matching: payload_schema/invalid-wrong-type") ||
		!strings.Contains(stdout, "    + payload_schema/valid-minimal-again") {
		t.Errorf("diff --suite: exit %d\n%s\n%s", code, stdout, stderr)
	}
	if !reflect.DeepEqual(snapshotTree(t, repo), before) {
		t.Error("the dry run wrote")
	}
	if code, _, stderr := run(t, "generate", "--config", cfg, "--suite", bumped); code != 2 {
		t.Errorf("generate --suite with a config: exit %d, want 2 (it would write)\n%s", code, stderr)
	}
}

// generate --summary writes the Markdown of the suite change (from the
// suite the checkout vendored to the one generated) for a pull request.
func TestGenerateSummaryWritesTheMarkdown(t *testing.T) {
	t.Parallel()
	out := t.TempDir()
	if code, _, stderr := run(t, "generate", "--lang", "python", "--out", out, "--blocks", "payload_schema"); code != 0 {
		t.Fatalf("generate: exit %d\n%s", code, stderr)
	}
	file := filepath.Join(t.TempDir(), "bump.md")
	if code, _, stderr := run(t, "generate", "--lang", "python", "--out", out, "--blocks", "payload_schema", "--suite", bumpedSuite(t), "--summary", file); code != 0 {
		t.Fatalf("generate --summary: exit %d\n%s", code, stderr)
	}
	md, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"## Conformance suite " + conformance.Version() + " → " + conformance.Version(), "- added: valid-minimal-again", "- removed: invalid-wrong-type",
		"- changed: valid-full", "### Target python into "} {
		if !strings.Contains(string(md), want) {
			t.Errorf("summary lacks %q:\n%s", want, md)
		}
	}
	// The summary goes into a pull request: no path of this machine in it.
	if tmp := os.TempDir(); strings.Contains(string(md), tmp) || strings.Contains(string(md), filepath.ToSlash(tmp)) {
		t.Errorf("the summary names a local path (%s):\n%s", tmp, md)
	}
}
