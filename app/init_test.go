package app

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/safefile"
)

// copyStandIn copies the stand-in repository testdata/init/<name> into a
// fresh directory, as a checkout.
func copyStandIn(t *testing.T, name string) string {
	t.Helper()
	src, dst := filepath.Join("testdata", "init", filepath.FromSlash(name)), t.TempDir()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// TestInitStartersWorkAsWritten: in a stand-in of each language's core and
// transport package, init recognises the package from its manifest and
// writes its target; generate from the starter as written, then check, is
// clean, and the tests land where the language keeps them in that package.
func TestInitStartersWorkAsWritten(t *testing.T) {
	t.Parallel()
	// idempotency-redis is package redis, but a store, not the transport.
	notInStarter := map[string][]string{"go/core": {"out: idempotency-redis"}}
	for _, tc := range []struct {
		lang, standIn string
		starter       []string // lines the starter holds
		generated     []string // files generate writes, relative to the stand-in
	}{
		{"go", "go/core", []string{"    out: .\n", "  - lang: go\n    out: sqs\n    blocks: [sqs]\n"},
			[]string{"conformance_cases_gen_test.go", "sqs/conformance_sqs_gen_test.go"}},
		{"go", "go/transport", []string{"    out: .\n    package: bqpulsar\n    blocks: [pulsar]\n"},
			[]string{"conformance_pulsar_gen_test.go"}},
		{"node", "node/core", []string{"    out: .\n", "#     out: packages/sqs\n"},
			[]string{"test/conformance-cases.gen.test.ts"}},
		{"node", "node/transport", []string{"    out: .\n    blocks: [pulsar]\n"},
			[]string{"test/conformance-pulsar.gen.test.ts"}},
		{"node", "node/workspace", []string{"  - lang: node\n    out: packages/rabbitmq\n    blocks: [rabbitmq]\n"},
			[]string{"packages/rabbitmq/test/conformance-rabbitmq.gen.test.ts"}},
		{"python", "python/core", []string{"    out: .\n", "add\n  # it to this target's blocks"},
			[]string{"tests/test_conformance_cases.py"}},
		{"python", "python/transport", []string{"    out: .\n    blocks: [pulsar]\n"},
			[]string{"tests/test_conformance_pulsar.py", "tests/conformance_pulsar_subject.py"}},
		{"java", "java/core", []string{"    out: .\n"},
			[]string{"src/test/java/com/babelqueue/ConformanceCasesTest.java"}},
		{"java", "java/transport", []string{`transport package "babelqueue-artemis" (pom.xml)`, "    out: .\n    blocks: [artemis]\n"},
			[]string{"src/test/java/com/babelqueue/artemis/ConformanceArtemisTest.java"}},
		{"php", "php/core", []string{"    out: .\n"},
			[]string{"tests/ConformanceGenerated/CasesConformanceTest.php"}},
		{"php", "php/transport", []string{"    out: .\n    blocks: [pulsar]\n"},
			[]string{"tests/ConformanceGenerated/PulsarConformanceTest.php"}},
		{"dotnet", "dotnet/core", []string{"    out: .\n"},
			[]string{"tests/BabelQueue.Core.Tests/GeneratedConformance/CasesConformanceTests.cs"}},
		{"dotnet", "dotnet/transport", []string{"    out: .\n    blocks: [asb]\n"},
			[]string{"tests/BabelQueue.AzureServiceBus.Tests/GeneratedConformance/AsbConformanceTests.cs"}},
		{"dotnet", "dotnet/npipeline", []string{`messaging layer "NPipeline.Connectors"`, "    out: .\n    blocks: [settlement, row_errors, failed_writes]\n"},
			[]string{"tests/NPipeline.Connectors.Tests/GeneratedConformance/RowErrorsConformanceTests.cs",
				"tests/NPipeline.Connectors.Tests/SdkConformanceSubject.cs"}},
	} {
		t.Run(tc.standIn, func(t *testing.T) {
			t.Parallel()
			dir := copyStandIn(t, tc.standIn)
			if code, _, stderr := run(t, "init", "--lang", tc.lang, "--dir", dir); code != 0 {
				t.Fatalf("init: exit %d\n%s", code, stderr)
			}
			cfg := filepath.Join(dir, "bqgen.yaml")
			starter, err := os.ReadFile(cfg)
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range tc.starter {
				if !strings.Contains(string(starter), want) {
					t.Errorf("the starter lacks %q:\n%s", want, starter)
				}
			}
			for _, unwanted := range notInStarter[tc.standIn] {
				if strings.Contains(string(starter), unwanted) {
					t.Errorf("the starter holds %q:\n%s", unwanted, starter)
				}
			}
			if code, stdout, stderr := run(t, "generate", "--config", cfg); code != 0 {
				t.Fatalf("generate from the starter: exit %d\n%s%s\n%s", code, stdout, stderr, starter)
			}
			for _, f := range tc.generated {
				if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(f))); err != nil {
					t.Errorf("generate wrote no %s", f)
				}
			}
			if code, stdout, stderr := run(t, "check", "--config", cfg); code != 0 {
				t.Fatalf("check after generate: exit %d\n%s%s", code, stdout, stderr)
			}
		})
	}
}

// TestInitReadsManifestsAsInput: a manifest that is a link (even to a good
// file), is not a regular file or is too large is refused, naming the file,
// and nothing is written.
func TestInitReadsManifestsAsInput(t *testing.T) {
	t.Parallel()
	good := filepath.Join(copyStandIn(t, "node/transport"), "package.json")
	for name, lay := range map[string]func(dir string) error{
		"link":      func(dir string) error { return os.Symlink(good, filepath.Join(dir, "package.json")) },
		"directory": func(dir string) error { return os.Mkdir(filepath.Join(dir, "package.json"), 0o755) },
		"too large": func(dir string) error {
			return os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"name":"`+strings.Repeat("x", int(safefile.Manifest.Limit))+`"}`), 0o644)
		},
		"not JSON": func(dir string) error { return os.WriteFile(filepath.Join(dir, "package.json"), []byte("{"), 0o644) },
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			if err := lay(dir); err != nil {
				t.Fatal(err)
			}
			code, _, stderr := run(t, "init", "--lang", "node", "--dir", dir)
			if code != 1 || !strings.Contains(stderr, filepath.Join(dir, "package.json")) {
				t.Fatalf("exit %d, want 1 naming the manifest\n%s", code, stderr)
			}
			if _, err := os.Stat(filepath.Join(dir, "bqgen.yaml")); err == nil {
				t.Fatal("init wrote a starter")
			}
		})
	}
}

// TestInitExamplesWorkWhenFollowed: where init found no transport package,
// the starter's example says what to write for one; done as it says (the
// example target uncommented and its directory there, or the broker block
// added to the core target), generate and check are clean.
func TestInitExamplesWorkWhenFollowed(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		lang, standIn string
		lay           map[string]string // files the example's directory holds
		follow        func(starter string) string
	}{
		{"go", "go/core", map[string]string{"sqs/go.mod": "module github.com/babelqueue/babelqueue-go/sqs\n\ngo 1.22\n", "sqs/sqs.go": "package sqs\n"}, uncommentExample},
		{"node", "node/core", map[string]string{"packages/sqs/package.json": `{"name": "@babelqueue/sqs", "scripts": {"test": "node --import tsx --test test/*.test.ts"}}`}, uncommentExample},
		{"python", "python/core", nil, addBlock("sqs")},
		{"php", "php/core", nil, addBlock("kafka")},
	} {
		t.Run(tc.standIn, func(t *testing.T) {
			t.Parallel()
			dir := copyStandIn(t, tc.standIn)
			if err := os.RemoveAll(filepath.Join(dir, "sqs")); err != nil { // the example, not a found module
				t.Fatal(err)
			}
			if code, _, stderr := run(t, "init", "--lang", tc.lang, "--dir", dir); code != 0 {
				t.Fatalf("init: exit %d\n%s", code, stderr)
			}
			for rel, content := range tc.lay {
				p := filepath.Join(dir, filepath.FromSlash(rel))
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			cfg := filepath.Join(dir, "bqgen.yaml")
			starter, err := os.ReadFile(cfg)
			if err != nil {
				t.Fatal(err)
			}
			followed := tc.follow(string(starter))
			if followed == string(starter) {
				t.Fatalf("the starter has no example to follow:\n%s", starter)
			}
			if err := os.WriteFile(cfg, []byte(followed), 0o644); err != nil {
				t.Fatal(err)
			}
			if code, stdout, stderr := run(t, "generate", "--config", cfg); code != 0 {
				t.Fatalf("generate: exit %d\n%s%s\n%s", code, stdout, stderr, followed)
			}
			if code, stdout, stderr := run(t, "check", "--config", cfg); code != 0 {
				t.Fatalf("check: exit %d\n%s%s", code, stdout, stderr)
			}
		})
	}
}

// uncommentExample uncomments the starter's example target (the lines
// "  #   - lang: ..." and "  #     key: ...").
func uncommentExample(starter string) string {
	lines := strings.Split(starter, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "  #   - lang: ") || strings.HasPrefix(l, "  #     ") {
			lines[i] = "  " + strings.TrimPrefix(l, "  #   ")
		}
	}
	return strings.Join(lines, "\n")
}

// addBlock adds block to the core target's blocks.
func addBlock(block string) func(string) string {
	return func(starter string) string {
		i := strings.Index(starter, "    blocks: [")
		if i < 0 {
			return starter
		}
		end := i + strings.Index(starter[i:], "]")
		return starter[:end] + ", " + block + starter[end:]
	}
}
