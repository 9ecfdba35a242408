package app

import (
	"bytes"
	"context"
	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/conformance"
)

// copySuite writes the canonical suite into a temp dir for a test to break.
func copySuite(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	err := fs.WalkDir(conformance.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(p, ".go") {
			return err
		}
		raw, err := fs.ReadFile(conformance.FS, p)
		if err != nil {
			return err
		}
		target := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		return os.WriteFile(target, raw, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// edit replaces old with new exactly once in a suite file.
func edit(t *testing.T, dir, file, old, new string) {
	t.Helper()
	path := filepath.Join(dir, file)
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(string(raw), old) < 1 {
		t.Fatalf("%s does not contain %q", file, old)
	}
	if err := os.WriteFile(path, []byte(strings.Replace(string(raw), old, new, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
}

func run(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := Run(context.Background(), append([]string{"bqgen"}, args...), strings.NewReader(""), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestValidateGoodSuites(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"validate"}, {"validate", "--suite", "../conformance"}} {
		if code, _, stderr := run(t, args...); code != 0 {
			t.Errorf("%v: exit %d\n%s", args, code, stderr)
		}
	}
	upstream := suitetest.UpstreamDir()
	if upstream == "" {
		t.Skip("upstream suite not present")
	}
	code, _, stderr := run(t, "validate", "--suite", upstream)
	if code != 0 || !strings.Contains(stderr, "CONFORMANCE_VERSION") || !strings.Contains(stderr, "warning") {
		t.Errorf("upstream: exit %d, want 0 and a CONFORMANCE_VERSION warning:\n%s", code, stderr)
	}
}

func TestValidateReportsEachBrokenSuite(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		break_ func(t *testing.T, dir string)
		want   []string // every string must appear in one stderr line
	}{
		{"missing fixture", func(t *testing.T, d string) { os.Remove(filepath.Join(d, "fixtures/urn-alias.json")) },
			[]string{"manifest.json: /cases/1/file:", "does not exist"}},
		{"path escaping the suite", func(t *testing.T, d string) {
			edit(t, d, "manifest.json", `"fixtures/urn-alias.json"`, `"../outside.json"`)
		}, []string{"manifest.json: /cases/1/file:", "escapes the suite"}},
		{"absolute path", func(t *testing.T, d string) {
			edit(t, d, "manifest.json", `"fixtures/urn-alias.json"`, `"/etc/passwd"`)
		}, []string{"manifest.json: /cases/1/file:", "absolute"}},
		{"symlink leaving the suite", func(t *testing.T, d string) {
			outside := filepath.Join(t.TempDir(), "x.json")
			os.WriteFile(outside, []byte(`{}`), 0o644)
			os.Remove(filepath.Join(d, "fixtures/urn-alias.json"))
			if err := os.Symlink(outside, filepath.Join(d, "fixtures/urn-alias.json")); err != nil {
				t.Skip("no symlinks here")
			}
		}, []string{"fixtures/urn-alias.json", "symbolic link"}},
		{"fixture not JSON", func(t *testing.T, d string) {
			edit(t, d, "fixtures/order-created.json", `"attempts": 0`, `"attempts": 0,,`)
		}, []string{"fixtures/order-created.json:", ":", "invalid JSON"}},
		{"manifest syntax error", func(t *testing.T, d string) {
			edit(t, d, "manifest.json", `"schema_version": 1,`, `"schema_version": 1,,`)
		}, []string{"manifest.json:2:", "invalid JSON"}},
		{"schema_version 2", func(t *testing.T, d string) {
			edit(t, d, "manifest.json", `"schema_version": 1,`, `"schema_version": 2,`)
		},
			[]string{"manifest.json: /schema_version:", "must be 1"}},
		{"valid case without expect", func(t *testing.T, d string) {
			edit(t, d, "manifest.json", `"expect": {`, `"expected": {`)
		}, []string{"manifest.json: /cases/0:", `"expect"`}},
		{"invalid case without reason", func(t *testing.T, d string) {
			edit(t, d, "manifest.json", `"reason": "meta.schema_version`, `"why": "meta.schema_version`)
		}, []string{"manifest.json: /cases/", `"reason"`}},
		{"duplicate case names", func(t *testing.T, d string) {
			edit(t, d, "manifest.json", `"name": "third-delivery"`, `"name": "first-delivery"`)
		}, []string{"manifest.json: /sqs/attempts_reconciliation/cases/1/name:", "duplicate"}},
		{"empty cases", func(t *testing.T, d string) { emptyPayloadCases(t, d) },
			[]string{"manifest.json: /payload_schema/cases:", "no cases"}},
		{"bad CONFORMANCE_VERSION", func(t *testing.T, d string) {
			os.WriteFile(filepath.Join(d, "CONFORMANCE_VERSION"), []byte("v1.2\n"), 0o644)
		}, []string{"CONFORMANCE_VERSION:", "SemVer"}},
		{"field of the wrong type", func(t *testing.T, d string) {
			edit(t, d, "manifest.json", `"expected_effects": 1`, `"expected_effects": "1"`)
		}, []string{"manifest.json: /idempotency/sequences/cases/0/expected_effects:", "must be a number, not string"}},
		{"unknown enum value", func(t *testing.T, d string) {
			edit(t, d, "manifest.json", `"expect_effect": "skip"`, `"expect_effect": "skipped"`)
		}, []string{"manifest.json: /idempotency/sequences/cases/0/deliveries/1/expect_effect:", "unknown value"}},
		{"expectation contradicting the contract", func(t *testing.T, d string) {
			edit(t, d, "manifest.json", `"approximate_receive_count": "3",            "expected_attempts": 2`, `"approximate_receive_count": "3",            "expected_attempts": 3`)
		}, []string{"manifest.json: /sqs/attempts_reconciliation/cases/1:", `sqs case "third-delivery"`, "oracle disagrees"}},
		{"pointer missing from fixture", func(t *testing.T, d string) {
			edit(t, d, "manifest.json", `"/extra_top": 1`, `"/extra_topp": 1`)
		}, []string{"/roundtrip/cases/1/expect_preserved/~1extra_topp", "does not exist"}},
		{"envelope schema $ref to a local file", func(t *testing.T, d string) {
			edit(t, d, "schema/message-envelope.schema.json", `"minLength": 1,`, `"minLength": 1, "$ref": "file:///etc/passwd",`)
		}, []string{"schema/message-envelope.schema.json: /properties/job/$ref:", "file:///etc/passwd", "outside this document"}},
		{"envelope schema $ref to the network", func(t *testing.T, d string) {
			edit(t, d, "schema/message-envelope.schema.json", `"minLength": 1,`, `"minLength": 1, "$ref": "http://127.0.0.1:9/x.json",`)
		}, []string{"schema/message-envelope.schema.json: /properties/job/$ref:", "never to a file or a URL"}},
		{"envelope schema $ref to another suite file", func(t *testing.T, d string) {
			edit(t, d, "schema/message-envelope.schema.json", `"minLength": 1,`, `"minLength": 1, "$ref": "../fixtures/order-created.json",`)
		}, []string{"schema/message-envelope.schema.json: /properties/job/$ref:", "outside this document"}},
		{"envelope schema that is an alias of itself", func(t *testing.T, d string) {
			edit(t, d, "schema/message-envelope.schema.json", `"title": "BabelQueueMessageEnvelope",`, `"$ref": "#",`)
		}, []string{"schema/message-envelope.schema.json: /$ref:", "refers to itself"}},
		{"payload schema definitions referring to each other", func(t *testing.T, d string) {
			edit(t, d, "manifest.json", `"schema": {`, `"schema": {"definitions": {"a": {"$ref": "#/definitions/b"}, "b": {"$ref": "#/definitions/a"}}, "$ref": "#/definitions/a",`)
		}, []string{"manifest.json: /payload_schema/schema/", "refers to itself"}},
		{"payload schema applying itself through allOf", func(t *testing.T, d string) {
			edit(t, d, "manifest.json", `"schema": {`, `"schema": {"allOf": [{"$ref": "#"}],`)
		}, []string{"manifest.json: /payload_schema/schema/allOf/0/$ref:", "refers to itself", "never end"}},
		{"payload schema $ref to nothing", func(t *testing.T, d string) {
			edit(t, d, "manifest.json", `"schema": {`, `"schema": {"not": {"$ref": "#/definitions/none"},`)
		}, []string{"manifest.json: /payload_schema/schema/not/$ref:", "points at nothing"}},
		{"manifest with a byte order mark", func(t *testing.T, d string) {
			raw, _ := os.ReadFile(filepath.Join(d, "manifest.json"))
			os.WriteFile(filepath.Join(d, "manifest.json"), append([]byte("\xEF\xBB\xBF"), raw...), 0o644)
		}, []string{"manifest.json:1:1:", "byte order mark"}},
		{"manifest with invalid UTF-8", func(t *testing.T, d string) {
			edit(t, d, "manifest.json", `"name": "third-delivery"`, "\"name\": \"third-\xff-delivery\"")
		}, []string{"manifest.json:", "invalid UTF-8 (byte 0xFF)"}},
		{"fixture with an unpaired surrogate escape", func(t *testing.T, d string) {
			edit(t, d, "fixtures/order-created.json", `"queue": "orders"`, `"queue": "orders\ud800"`)
		}, []string{"fixtures/order-created.json:", "unpaired UTF-16 surrogate"}},
		{"fixture nested too deeply", func(t *testing.T, d string) {
			edit(t, d, "fixtures/order-created.json", `"attempts": 0`, `"attempts": 0, "deep": `+strings.Repeat("[", 100000)+strings.Repeat("]", 100000))
		}, []string{"fixtures/order-created.json:", "nest deeper than 256 levels"}},
		{"case name no language can hold", func(t *testing.T, d string) {
			edit(t, d, "manifest.json", `"name": "third-delivery"`, `"name": "`+strings.Repeat("n", 70000)+`"`)
		}, []string{"manifest.json: /sqs/attempts_reconciliation/cases/1/name:", "limit is 1024"}},
		{"payload verdict contradicting Draft-07", func(t *testing.T, d string) {
			edit(t, d, "manifest.json", `{ "name": "invalid-enum", "valid": false`, `{ "name": "invalid-enum", "valid": true`)
		}, []string{"manifest.json: /payload_schema/cases/7/valid:", "Draft-07"}},
	}
	for _, c := range cases {
		c := c
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := copySuite(t)
			c.break_(t, dir)
			code, _, stderr := run(t, "validate", "--suite", dir)
			if code != 1 {
				t.Fatalf("exit %d, want 1\n%s", code, stderr)
			}
			if !hasLineWithAll(stderr, c.want) {
				t.Fatalf("no stderr line contains all of %q:\n%s", c.want, stderr)
			}
		})
	}
}

func emptyPayloadCases(t *testing.T, dir string) {
	t.Helper()
	path := filepath.Join(dir, "manifest.json")
	raw, _ := os.ReadFile(path)
	s := string(raw)
	start := strings.Index(s, `"cases": [`+"\n"+`      { "name": "valid-minimal"`)
	if start < 0 {
		t.Fatal("payload_schema cases not found")
	}
	end := start + strings.Index(s[start:], "]\n  }")
	os.WriteFile(path, []byte(s[:start]+`"cases": [`+s[end:]), 0o644)
}

func hasLineWithAll(text string, parts []string) bool {
	for _, line := range strings.Split(text, "\n") {
		all := true
		for _, p := range parts {
			all = all && strings.Contains(line, p)
		}
		if all {
			return true
		}
	}
	return false
}

func TestValidateWarnsOnUnknownBlocks(t *testing.T) {
	t.Parallel()
	dir := copySuite(t)
	edit(t, dir, "manifest.json", `"sqs": {`, `"future_block": {"cases": []}, "sqs": {"future_sub_block": {"cases": [{"value": "1"}]},`)
	code, _, stderr := run(t, "validate", "--suite", dir)
	if code != 0 {
		t.Fatalf("exit %d, want 0\n%s", code, stderr)
	}
	for _, want := range []string{"warning: manifest.json: /future_block:", "warning: manifest.json: /sqs/future_sub_block:"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
}

func TestUsageErrorsExit2(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"validate", "--bogus"}, {"nosuchcommand"}} {
		if code, _, stderr := run(t, args...); code != 2 {
			t.Errorf("%v: exit %d, want 2\n%s", args, code, stderr)
		}
	}
}

// A suite without schema/ validates, with a warning that names the checks
// it could not run.
func TestValidateWarnsWithoutEnvelopeSchema(t *testing.T) {
	t.Parallel()
	dir := copySuite(t)
	if err := os.RemoveAll(filepath.Join(dir, "schema")); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := run(t, "validate", "--suite", dir)
	if code != 0 || !hasLineWithAll(stderr, []string{"warning: schema/message-envelope.schema.json:", "cross-checks", "skipped"}) {
		t.Fatalf("exit %d, want 0 and a warning naming the skipped checks:\n%s", code, stderr)
	}
}

// A --suite that cannot be opened is a suite problem: exit 1, with the path
// and the reason in plain words.
func TestUnusableSuiteDirectory(t *testing.T) {
	t.Parallel()
	tmp := t.TempDir()
	file := filepath.Join(tmp, "file")
	os.WriteFile(file, []byte("x"), 0o644)
	loop := filepath.Join(tmp, "loop")
	if err := os.Symlink(loop, loop); err != nil {
		t.Skip("no symlinks here")
	}
	for dir, reason := range map[string]string{
		filepath.Join(tmp, "missing"): "does not exist",
		file:                          "is not a directory",
		loop:                          "is a loop of symbolic links",
	} {
		code, _, stderr := run(t, "validate", "--suite", dir)
		if want := "bqgen: suite " + dir + ": " + reason; code != 1 || strings.TrimSpace(stderr) != want {
			t.Errorf("--suite %s: exit %d, stderr %q; want exit 1 and %q", dir, code, stderr, want)
		}
	}
}

// An --out that is a file is said so, for generate and check alike.
