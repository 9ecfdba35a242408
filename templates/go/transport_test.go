package gobackend

import (
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/racetest"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// A suite of one broker block is that transport module's output: its own
// package, the block's test file only, and a scaffold that maps the broker's
// operations onto the package's own code and never sends the reader to
// "that module's own conformance test".
func TestTransportTarget(t *testing.T) {
	racetest.SkipRepetition(t, "it generates one transport target after another; the backend's concurrent rendering is raced by TestGenerateIsDeterministic")
	t.Parallel()
	s := canonicalSuite(t)
	mappings := map[string][]string{
		model.BlockSQS:      {"attributes(string(envelope))", "NewWithClient(&client).Pop(", "sdkConformanceConsume(NewWithClient(&client), envelope)"},
		model.BlockKafka:    {"message(sdkConformanceQueue, string(envelope))", "transport.Pop(", "sdkConformanceConsume(transport, envelope)"},
		model.BlockASB:      {"message(string(envelope))", "transport.Pop(", "sdkConformanceConsume(transport, envelope)"},
		model.BlockPulsar:   {"message(string(envelope))", "transport.Pop(", "sdkConformanceConsume(transport, envelope)"},
		model.BlockArtemis:  {"message(string(envelope))", "transport.Pop(", "sdkConformanceConsume(transport, envelope)"},
		model.BlockRabbitMQ: {`New("").publishing(string(envelope), nil)`},
		model.BlockRedis:    {"NewWithClient(client)", "transport.Publish(", "transport.Pop("},
	}
	for _, block := range model.TransportBlocks {
		t.Run(block, func(t *testing.T) {
			sel, err := s.Select([]string{block})
			if err != nil {
				t.Fatal(err)
			}
			files := byPath(t, generate(t, sel, backend.Options{Binding: backend.BindSDK}))
			pkg := transportPackages[block]
			for path, f := range files {
				if f.Kind == backend.Vendored {
					if !strings.HasPrefix(path, SuiteDir+"/") {
						t.Errorf("%s: vendored outside %s", path, SuiteDir)
					}
					continue
				}
				if path == backend.IndexFileName {
					if !strings.Contains(string(f.Content), `"suite": "`+pkg+`"`) {
						t.Errorf("%s does not name the tests' package %s", path, pkg)
					}
					continue
				}
				if !strings.Contains(string(f.Content), "\npackage "+pkg+"\n") {
					t.Errorf("%s is not in package %s", path, pkg)
				}
				if strings.HasPrefix(path, "conformance_") && strings.HasSuffix(path, "_gen_test.go") &&
					path != BlockFile(block) && path != SubjectFile && path != SupportFile {
					t.Errorf("%s: a block the target did not get", path)
				}
			}
			scaffold := string(files[ScaffoldFile].Content)
			for _, never := range []string{"own conformance test runs it", "separate module", "no mapping onto"} {
				if strings.Contains(scaffold, never) {
					t.Errorf("the %s module's scaffold says %q", block, never)
				}
			}
			for _, want := range mappings[block] {
				if !strings.Contains(scaffold, want) {
					t.Errorf("the %s scaffold does not call %s", block, want)
				}
			}
		})
	}
}

// A core target (no broker block) keeps the core's package and scaffold.
func TestCoreTarget(t *testing.T) {
	t.Parallel()
	var core []string
	for _, b := range model.KnownBlocks {
		if !model.IsTransportBlock(b) {
			core = append(core, b)
		}
	}
	sel, err := canonicalSuite(t).Select(core)
	if err != nil {
		t.Fatal(err)
	}
	files := byPath(t, generate(t, sel, backend.Options{Binding: backend.BindSDK}))
	scaffold := string(files[ScaffoldFile].Content)
	if !strings.Contains(scaffold, "\npackage "+defaultPackageName+"\n") || !strings.Contains(scaffold, "babelqueue.Decode(envelope)") {
		t.Errorf("the core target's scaffold is not the core's:\n%s", scaffold)
	}
	for _, b := range model.TransportBlocks {
		if _, ok := files[BlockFile(b)]; ok {
			t.Errorf("the core target has the %s file", b)
		}
	}
}

// Exemptions reach the case's test: skip skips with the reason before the
// checks; fail runs the checks as a known failure whose remedy names the pattern.
func TestExemptionsInOutput(t *testing.T) {
	t.Parallel()
	opt := backend.Options{Binding: backend.BindSDK, Exemptions: []backend.Exemption{
		{Pattern: "cases/order-created", Action: backend.ExemptSkip, Reason: "why \"quoted\"\n*/"},
		{Pattern: "sqs/attribute_projection", Action: backend.ExemptFail, Reason: "issue 42"},
		{Pattern: "kafka/reject *", Action: backend.ExemptFail, Reason: "no gate"},
		{Pattern: "idempotency/dedup_key", Action: backend.ExemptSkip, Reason: "later"},
	}}
	files := byPath(t, generate(t, canonicalSuite(t), opt))
	expect := func(path string, wants ...string) {
		t.Helper()
		for _, want := range wants {
			if got := strings.Count(string(files[path].Content), want); got == 0 {
				t.Errorf("%s has no %s", path, want)
			}
		}
	}
	expect(BlockFile(model.BlockCases), `t.Run("order-created", func(t *testing.T) {`+"\n\t\t"+`t.Skip("exempt: why \"quoted\"\n*/")`)
	expect(BlockFile(model.BlockSQS), `conformanceKnownFailure(t, "remove the exemption sqs/attribute_projection from bqgen.yaml", "issue 42", func(t testing.TB) {`)
	expect(BlockFile(model.BlockIdempotency), `t.Skip("exempt: later")`)
	kafka := string(files[BlockFile(model.BlockKafka)].Content)
	if got, want := strings.Count(kafka, `conformanceKnownFailure(t, "remove the exemption kafka/reject * from bqgen.yaml", "no gate"`), len(canonicalSuite(t).Gate(model.BlockKafka).Cases)-6; got != want {
		t.Errorf("%d kafka known failures, want %d (the reject cases)", got, want)
	}
	if strings.Contains(string(files[BlockFile(model.BlockCases)].Content), "conformanceKnownFailure") {
		t.Error("a skip exemption became a known failure")
	}
}

// Unused imports next to each other all go: removing one must not skip the
// next (a transport scaffold that uses none of context, fmt and strconv).
func TestTidyImportsAdjacent(t *testing.T) {
	t.Parallel()
	src := "package p\n\nimport (\n\t\"context\"\n\t\"fmt\"\n\t\"strconv\"\n\t\"strings\"\n)\n\nvar _ = strings.TrimSpace\n"
	out, err := tidyImports([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	for _, unused := range []string{`"context"`, `"fmt"`, `"strconv"`} {
		if strings.Contains(string(out), unused) {
			t.Errorf("%s kept:\n%s", unused, out)
		}
	}
	if !strings.Contains(string(out), `"strings"`) {
		t.Errorf("strings dropped:\n%s", out)
	}
}

// In a transport target, an operation of another broker belongs to that
// broker's transport target and a core operation to the core target, in the
// missing-feature rule's exact wording: the generated default says so, and
// the scaffold has no method of its own for it. Only an operation no
// babelqueue-go module has (a "messaging.<operation>" reason) keeps a method
// saying what is missing instead.
func TestTransportTargetOtherOperationsBelongToTheirTarget(t *testing.T) {
	t.Parallel()
	tmpl, err := parseTemplates()
	if err != nil {
		t.Fatal(err)
	}
	sel, err := canonicalSuite(t).Select([]string{model.BlockSQS})
	if err != nil {
		t.Fatal(err)
	}
	files := byPath(t, generate(t, sel, backend.Options{Binding: backend.BindSDK}))
	methods := parseScaffoldMethods(t, files[ScaffoldFile].Content)
	defaults := parseMethods(t, files[SubjectFile].Content, defaultsType)
	cores := 0
	for _, op := range protocol.Operations {
		if op.Transport == model.BlockSQS || op.Name == protocol.Capabilities.Name || tmpl.Lookup("messaging."+op.Name) != nil {
			continue
		}
		if methods[exported(op.Name)] != nil {
			t.Errorf("the sqs scaffold has a method for %s, which the default answers", op.Name)
		}
		fn := defaults[exported(op.Name)]
		if fn == nil {
			t.Errorf("%s has no method for %s", defaultsType, op.Name)
			continue
		}
		want := "belongs to the " + op.Transport + " transport target (blocks: [" + op.Transport + "] in bqgen.yaml)"
		if op.Transport == "" {
			want = "belongs to the core target (a target without broker blocks in bqgen.yaml)"
			cores++
		}
		if got := notProvidedReason(t, fn); got != want {
			t.Errorf("%s: reason %q, want %q", op.Name, got, want)
		}
	}
	if cores == 0 {
		t.Error("no core operation was checked")
	}
}
