package node

import (
	"errors"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

func generateWith(t *testing.T, s *model.Suite, opt backend.Options) map[string]backend.File {
	t.Helper()
	files, err := New().Generate(s, opt)
	if err != nil {
		t.Fatal(err)
	}
	return byPath(files)
}

func selectBlocks(t *testing.T, blocks ...string) *model.Suite {
	t.Helper()
	s, err := canonical(t).Select(blocks)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestPackageOptionErrors(t *testing.T) {
	for _, pkg := range []string{"x y", "Core", `a"b`, "../src/in dex.js", "@/x", "pkg\\sub", "./a\nb"} {
		_, err := New().Generate(canonical(t), backend.Options{Binding: backend.BindSDK, Package: pkg})
		var optErr *backend.OptionError
		if !errors.As(err, &optErr) {
			t.Errorf("package %q: got %v, want an option error", pkg, err)
			continue
		}
		if strings.HasPrefix(optErr.Msg, "node") || !strings.HasPrefix(optErr.Msg, "package ") {
			t.Errorf("package %q: the message %q must start with the option, not the language", pkg, optErr.Msg)
		}
	}
	for _, pkg := range []string{"@babelqueue/core", "babelqueue-core", "../src/index.js", "./lib/core.js", "@scope/pkg/sub/path.js"} {
		if _, err := New().Generate(canonical(t), backend.Options{Binding: backend.BindSDK, Package: pkg}); err != nil {
			t.Errorf("package %q: %v", pkg, err)
		}
	}
}

func TestHeaderNamesTheRegenerateCommand(t *testing.T) {
	hostile := "bqgen generate --out 'x'\n*/ \u2028 done"
	for cmd, want := range map[string]string{
		"":           "// Regenerate with: " + defaultRegenerate + "\n",
		"bqgen gen":  "// Regenerate with: bqgen gen\n",
		hostile:      "// Regenerate with: bqgen generate --out 'x'\\u000A*/ \\u2028 done\n",
		"bqgen  two": "// Regenerate with: bqgen  two\n",
	} {
		for path, f := range generateWith(t, canonical(t), backend.Options{Binding: backend.BindSDK, Regenerate: cmd}) {
			if f.Kind != backend.Generated || !strings.HasSuffix(path, ".ts") {
				continue
			}
			if !strings.Contains(string(f.Content), want) {
				t.Errorf("Regenerate %q: %s lacks %q", cmd, path, want)
			}
			if strings.Contains(string(f.Content), "\u2028") {
				t.Errorf("Regenerate %q: %s carries a raw line terminator", cmd, path)
			}
		}
	}
}

func TestExemptionsReachTheTests(t *testing.T) {
	opt := backend.Options{Binding: backend.BindSDK, Exemptions: []backend.Exemption{
		{Pattern: "cases/invalid-trace-id-*", Action: backend.ExemptFail, Reason: `trace "id" \ not checked`},
		{Pattern: "sqs/attribute_projection", Action: backend.ExemptSkip, Reason: "no attributes"},
		{Pattern: "sqs/reject *", Action: backend.ExemptFail, Reason: "no gate"},
	}}
	files := generateWith(t, canonical(t), opt)
	cases := string(files[TestFileName(model.BlockCases)].Content)
	want := `whenProvided(t, { action: "fail", reason: "trace \"id\" \\ not checked", remedy: "remove the exemption cases/invalid-trace-id-* from bqgen.yaml" }, async`
	if got := strings.Count(cases, want); got != 3 {
		t.Errorf("cases: %d tests carry %s; want the 3 invalid-trace-id cases", got, want)
	}
	if strings.Count(cases, "action:") != 3 {
		t.Errorf("cases: an exemption reached a case it does not match")
	}
	sqs := string(files[TestFileName(model.BlockSQS)].Content)
	if !strings.Contains(sqs, `test("sqs attribute_projection", (t) => whenProvided(t, { action: "skip", reason: "no attributes", remedy: "remove the exemption sqs/attribute_projection from bqgen.yaml" }, async`) {
		t.Errorf("sqs: the projection test does not carry its skip exemption:\n%s", sqs)
	}
	if got, want := strings.Count(sqs, `action: "fail"`), 12; got != want {
		t.Errorf("sqs: %d gate tests are known failures; want %d (every reject case)", got, want)
	}
	plain := generateWith(t, canonical(t), backend.Options{Binding: backend.BindSDK})
	if strings.Contains(string(plain[TestFileName(model.BlockCases)].Content), "action:") {
		t.Error("without exemptions, a test carries one")
	}
}

func TestTransportTargetScaffold(t *testing.T) {
	for _, block := range []string{model.BlockSQS, model.BlockASB, model.BlockPulsar, model.BlockKafka, model.BlockArtemis} {
		files := generateWith(t, selectBlocks(t, block), backend.Options{Binding: backend.BindSDK})
		var tests []string
		for path := range files {
			if strings.HasSuffix(path, TestSuffix) {
				tests = append(tests, path)
			}
		}
		if len(tests) != 1 || tests[0] != TestFileName(block) {
			t.Errorf("%s: test files %v; want only %s", block, tests, TestFileName(block))
		}
		sc := files[bindingFile]
		if sc.Kind != backend.Scaffold {
			t.Fatalf("%s: no scaffold", block)
		}
		src := string(sc.Content)
		for _, want := range []string{
			`from "@babelqueue/core";`, `from "../src/index.js";`, "class PackageSubject",
		} {
			if !strings.Contains(src, want) {
				t.Errorf("%s: the scaffold lacks %s", block, want)
			}
		}
		for _, bad := range []string{"own repository", "adapter<", "@babelqueue/" + block + `"`} {
			if strings.Contains(src, bad) {
				t.Errorf("%s: the scaffold holds %q", block, bad)
			}
		}
		for _, line := range strings.Split(src, "\n") {
			if strings.HasPrefix(line, "import") && strings.Contains(line, "dist") {
				t.Errorf("%s: the scaffold imports a build: %s", block, line)
			}
		}
		// No package has the messaging layer: its operations say so, not
		// that another package has them.
		for _, method := range []string{"settle", "readMessage", "writeMessages"} {
			body := src[strings.Index(src, "  "+method+"(): never {"):]
			body = body[:strings.Index(body, "\n  }\n")]
			if !strings.Contains(body, "once the SDK has the message-queue connectors' shared messaging layer") ||
				strings.Contains(body, "another package") {
				t.Errorf("%s: %s does not give the messaging layer's reason:\n%s", block, method, body)
			}
		}
		for _, op := range []string{block + "_reconcile", block + "_schema_version_gate"} {
			if strings.Contains(src, `NotProvided(
      "`+op+`"`) {
				t.Errorf("%s: the package's own %s is not provided", block, op)
			}
			// Reconciliation and the gate drive the package's consumer.
			method := lowerCamel(op)
			start := strings.Index(src, "  async "+method+"(")
			if start < 0 {
				t.Errorf("%s: no async mapping of %s", block, op)
				continue
			}
			body := src[start:]
			body = body[:strings.Index(body, "\n  }\n")]
			if !strings.Contains(body, "await consume") {
				t.Errorf("%s: %s does not drive the package's consumer:\n%s", block, op, body)
			}
			// A gate's outcome is whether the handler ran: a rejected message
			// may be dead-lettered and acknowledged, so nothing asserts how it
			// was settled.
			if strings.HasSuffix(op, "_schema_version_gate") {
				if !strings.Contains(body, `=== null ? "reject" : "decode"`) {
					t.Errorf("%s: %s answers other than by whether the handler ran:\n%s", block, op, body)
				}
				for _, settled := range []string{"acknowledg", "complete", "accept", "release", "abandon", "commit"} {
					if strings.Contains(strings.ToLower(body), settled) {
						t.Errorf("%s: %s looks at how the message was settled (%q):\n%s", block, op, settled, body)
					}
				}
			}
		}
		for _, op := range protocol.Operations {
			if op.Transport == block && !strings.Contains(src, "\n  "+tsString(op.Name)+",\n") {
				t.Errorf("%s: the scaffold does not list its own %s among its operations", block, op.Name)
			}
		}
	}
	// A core target keeps the core's scaffold.
	core := generateWith(t, selectBlocks(t, model.BlockCases, model.BlockIdempotency), backend.Options{Binding: backend.BindSDK})
	if src := string(core[bindingFile].Content); !strings.Contains(src, "class SdkSubject") || !strings.Contains(src, `from "../src/index.js"`) {
		t.Errorf("the core target's scaffold changed:\n%s", src)
	}
	// Every adapter package's scaffold reaches the package through its real
	// exported names and types: tsc checks every use (TestStandinTypeChecks).
	for _, block := range model.TransportBlocks {
		src := string(generateWith(t, selectBlocks(t, block), backend.Options{Binding: backend.BindSDK})[bindingFile].Content)
		if !strings.Contains(src, `} from "../src/index.js";`) {
			t.Errorf("%s: the scaffold imports nothing of the package", block)
		}
		for _, bad := range []string{"as unknown as", "import * as", "await import(", "Adapter {"} {
			if strings.Contains(src, bad) {
				t.Errorf("%s: the scaffold holds %q", block, bad)
			}
		}
	}
	// Two brokers are two packages: the scaffold is the core's, where each
	// belongs to its transport target.
	two := generateWith(t, selectBlocks(t, model.BlockSQS, model.BlockKafka), backend.Options{Binding: backend.BindSDK})
	if !strings.Contains(string(two[bindingFile].Content), "class SdkSubject") {
		t.Error("a suite of two broker blocks got an adapter package's scaffold")
	}
	// Package still names the core module in a transport target.
	pkg := generateWith(t, selectBlocks(t, model.BlockSQS), backend.Options{Binding: backend.BindSDK, Package: "../../core/src/index.js"})
	if !strings.Contains(string(pkg[bindingFile].Content), `import { EnvelopeCodec } from "../../core/src/index.js";`) {
		t.Error("Options.Package does not name the core module of a transport target")
	}
}

func TestWiring(t *testing.T) {
	generated := generate(t, canonical(t), backend.BindSDK)
	manifest := func(script string) map[string][]byte {
		return map[string][]byte{"package.json": []byte(`{"name":"x","scripts":{"test":` + jsonString(script) + `}}`)}
	}
	listed := "node --import tsx --test test/codec.test.ts test/schema.test.ts"
	for name, tc := range map[string]struct {
		files   map[string][]byte
		problem string // "" for none
		fix     string
	}{
		"lists files one by one": {manifest(listed), "lists its test files one by one",
			`make it "test": "` + listed + ` test/*.gen.test.ts"`},
		"glob that misses": {manifest("node --import tsx --test test/unit/*.test.ts"), "has globs that do not match",
			`make it "test": "node --import tsx --test test/unit/*.test.ts test/*.gen.test.ts"`},
		"one generated file listed": {manifest(listed + " test/conformance-cases.gen.test.ts"), "lists its test files one by one", ""},
		"no test script":            {map[string][]byte{"package.json": []byte(`{"scripts":{"build":"tsup"}}`)}, "has no test script", ""},
		"no package.json":           {map[string][]byte{}, "", ""},
		"not JSON":                  {map[string][]byte{"package.json": []byte(`{`)}, "not valid JSON", ""},
		"glob":                      {manifest("node --import tsx --test test/*.test.ts"), "", ""},
		"quoted recursive glob":     {manifest(`node --import tsx --test "test/**/*.test.ts"`), "", ""},
		"generated glob added":      {manifest(listed + " test/*.gen.test.ts"), "", ""},
		"workspaces":                {manifest("npm run test -w @babelqueue/sqs && npm run test -w @babelqueue/kafka"), "", ""},
	} {
		problems := New().(backend.WiringChecker).CheckWiring(tc.files, generated)
		switch {
		case tc.problem == "" && len(problems) > 0:
			t.Errorf("%s: unexpected problem %+v", name, problems)
		case tc.problem != "" && len(problems) != 1:
			t.Errorf("%s: %d problems, want 1: %+v", name, len(problems), problems)
		case tc.problem != "":
			p := problems[0]
			if p.File != "package.json" || !strings.Contains(p.Problem, tc.problem) || p.Fix == "" {
				t.Errorf("%s: got %+v, want a problem with package.json saying %q", name, p, tc.problem)
			}
			if tc.fix != "" && p.Fix != tc.fix {
				t.Errorf("%s: fix %q, want %q", name, p.Fix, tc.fix)
			}
		}
	}
	if got := New().(backend.WiringChecker).WiringFiles(); len(got) != 1 || got[0] != "package.json" {
		t.Errorf("WiringFiles = %v", got)
	}
}

// In an adapter package, another broker's operation belongs to that
// broker's transport target and a core operation to the core target, in the
// missing-feature rule's exact wording: the scaffold leaves them out and
// their generated defaults say so. Only an operation no package has an API
// for (a "scaffold.<operation>.not_provided" reason) keeps a scaffold method,
// which names what is missing instead.
func TestTransportTargetOtherOperationsBelongToTheirTarget(t *testing.T) {
	files := generateWith(t, selectBlocks(t, model.BlockSQS), backend.Options{Binding: backend.BindSDK})
	scaffold := string(files[bindingFile].Content)
	subject := string(files[subjectFile].Content)
	messaging := map[string]bool{protocol.Settle.Name: true, protocol.ReadMessage.Name: true, protocol.WriteMessages.Name: true}
	cores := 0
	for _, op := range protocol.Operations {
		method := lowerCamel(op.Name)
		if op.Transport == model.BlockSQS || messaging[op.Name] {
			if !strings.Contains(scaffold, "\n  "+method+"(") && !strings.Contains(scaffold, "\n  async "+method+"(") {
				t.Errorf("the sqs scaffold has no method %s", method)
			}
			continue
		}
		if strings.Contains(scaffold, "  "+method+"(") {
			t.Errorf("the sqs scaffold keeps %s, which its generated default answers for", method)
		}
		want := "belongs to the " + op.Transport + " transport target (blocks: [" + op.Transport + "] in bqgen.yaml)"
		if op.Transport == "" {
			want = "belongs to the core target (a target without broker blocks in bqgen.yaml)"
			cores++
		}
		start := strings.Index(subject, "    "+method+": binding."+method+"?.bind(binding) ?? notProvided(")
		if start < 0 {
			t.Errorf("withDefaults has no default for %s", op.Name)
			continue
		}
		entry := subject[start:]
		entry = entry[:strings.Index(entry, "),\n")]
		if !strings.Contains(entry, tsString(want)) {
			t.Errorf("%s's default does not give the reason %q:\n%s", op.Name, want, entry)
		}
	}
	if cores == 0 {
		t.Error("no core operation was checked")
	}
}
