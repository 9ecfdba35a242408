package node_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/prooftest"
	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/templates/node"
	"github.com/babelqueue/bqgen/verify"
)

// hostile is a case name, description, key and value at once: everything
// that breaks naive escaping of code, comments and JSON in TypeScript.
var hostile = strings.Join(node.Adversarial[1:len(node.Adversarial)-1], " | ")

// adversarialSuite is a small suite whose names, descriptions, keys, values
// and pointers are hostile, consistent enough for the oracle to pass it; its
// sqs and asb blocks are schema-version gates delivering every hostile
// string, and numbers at each AMQP width; its messaging blocks carry hostile
// names, bodies, ids, sources and metadata.
func adversarialSuite(t *testing.T) *model.Suite {
	return hostileSuite(t, hostile, func(name string) string { return name })
}

// hostileSuite is adversarialSuite with hostile standing for every name,
// description, key and value, and caseName applied to every case's name
// (the gate and messaging blocks name theirs after each adversarial string).
func hostileSuite(t *testing.T, hostile string, caseName func(string) string) *model.Suite {
	t.Helper()
	data := map[string]any{hostile: hostile, "__proto__": map[string]any{"polluted": true}, "constructor": []any{}}
	meta := map[string]any{"id": "id-1", "lang": "node", "schema_version": 1, "created_at": 1749132727000,
		"queue": "q", "a/b~c": map[string]any{"~": hostile}}
	fixture := map[string]any{"job": "urn:babel:x:" + hostile, "trace_id": "trace", "attempts": 0, "data": data, "meta": meta}
	manifest := map[string]any{
		"schema_version": 1,
		"description":    hostile,
		"cases": []any{map[string]any{"name": hostile, "file": "fixtures/hostile.json", "valid": true, "description": hostile,
			"expect": map[string]any{"urn": "urn:babel:x:" + hostile, "data": data, "attempts": 0, "lang": "node", "schema_version": 1}}},
		"roundtrip": map[string]any{"description": hostile, "cases": []any{map[string]any{"name": hostile + " roundtrip",
			"file": "fixtures/hostile.json", "description": hostile, "expect_attempts": 1,
			"expect_preserved": map[string]any{"/meta/a~1b~0c/~0": hostile, "/data/__proto__": map[string]any{"polluted": true}}}}},
		"payload_schema": map[string]any{"description": hostile,
			"schema": map[string]any{"type": "object", "required": []any{hostile}, "properties": map[string]any{hostile: map[string]any{"type": "string", "minLength": 2}}},
			"cases":  []any{map[string]any{"name": hostile + " payload", "valid": true, "data": map[string]any{hostile: hostile}}}},
	}
	for block, gate := range node.GateBlocks(hostile, "fixtures/hostile.json") {
		manifest[block] = gate
	}
	for block, b := range node.MessagingBlocks(hostile) {
		manifest[block] = b
	}
	renameCases(manifest, caseName)
	fsys := fstest.MapFS{
		"manifest.json":          {Data: mustJSON(t, manifest)},
		"CONFORMANCE_VERSION":    {Data: []byte("9.9.9-pre\n")},
		"fixtures/hostile.json":  {Data: mustJSON(t, fixture)},
		"schema/any.schema.json": {Data: []byte("{}")},
	}
	s, problems := model.Load(fsys)
	if errs := problems.Errors(); len(errs) > 0 {
		t.Fatal(errs)
	}
	return s
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestHostileSuiteTypeChecksAndPasses writes the oracle-bound output of a
// hostile suite, installs the pinned tools, type-checks it with tsc under the
// strictest settings and runs it against the oracle. (The canonical and
// upstream suites are TestProof's.)
func TestHostileSuiteTypeChecksAndPasses(t *testing.T) {
	tc := nodeToolchain(t)
	bin := prooftest.OracleBin(t)
	dir := writeOutput(t, adversarialSuite(t), backend.BindOracle)
	var log strings.Builder
	if err := tc.Prepare(context.Background(), dir, &log); err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	res, err := tc.Run(context.Background(), dir, []string{verify.EnvOracleBin + "=" + bin})
	if err != nil {
		t.Fatal(err)
	}
	if res.Failed > 0 || res.Skipped > 0 || res.Passed == 0 {
		t.Fatalf("against the oracle: %s\n%s", res.Summary, res.Output)
	}
}

// TestScaffoldTypeChecks type-checks the BindSDK output of the canonical
// suite, scaffold included, under the oracle-bound output's strictest
// settings, against the core stand-in (testdata/standin/core).
func TestScaffoldTypeChecks(t *testing.T) {
	tc := nodeToolchain(t)
	dir := writeOutput(t, suitetest.Canonical(t), backend.BindSDK)
	writeOracleProject(t, dir)
	copyStandin(t, "core", dir)
	var log strings.Builder
	if err := tc.Prepare(context.Background(), dir, &log); err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
}

// nodeToolchain returns the Node toolchain, skipping where it cannot run.
func nodeToolchain(t *testing.T) verify.Toolchain {
	t.Helper()
	tc := prooftest.Shared(t, verify.NewNodeToolchain())
	prooftest.RequireToolchain(t, tc)
	return tc
}

// writeOutput writes a backend's output for s into a temporary directory.
func writeOutput(t *testing.T, s *model.Suite, binding backend.Binding) string {
	t.Helper()
	dir := t.TempDir()
	files, err := node.New().Generate(s, backend.Options{Binding: binding})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		writeFile(t, dir, f.Path, f.Content)
	}
	return dir
}

func writeFile(t *testing.T, dir, path string, content []byte) {
	t.Helper()
	full := filepath.Join(dir, filepath.FromSlash(path))
	if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(full, content, 0o644); err != nil {
		t.Fatal(err)
	}
}

// renameCases applies rename to every "name" string in the manifest tree v.
func renameCases(v any, rename func(string) string) {
	switch v := v.(type) {
	case map[string]any:
		for k, child := range v {
			if name, ok := child.(string); ok && k == "name" {
				v[k] = rename(name)
			} else {
				renameCases(child, rename)
			}
		}
	case []any:
		for _, child := range v {
			renameCases(child, rename)
		}
	}
}
