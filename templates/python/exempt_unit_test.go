package python

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/tier"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// filesOf generates with opt and returns the files by path.
func filesOf(t *testing.T, s *model.Suite, opt backend.Options) map[string]string {
	t.Helper()
	files, err := New().Generate(s, opt)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, f := range files {
		out[f.Path] = string(f.Content)
	}
	return out
}

func TestHeaderNamesTheRegenerateCommand(t *testing.T) {
	s := canonicalSuite(t)
	for _, tc := range []struct{ given, want string }{
		{"", "# Regenerate with: bqgen generate --lang python --out .\n"},
		{"bqgen generate (bqgen.yaml)", "# Regenerate with: bqgen generate (bqgen.yaml)\n"},
		{"bqgen generate --out 'a\nb\u2028c'\x00 \\", `# Regenerate with: bqgen generate --out 'a\nb\u2028c'\u0000 \` + "\n"},
	} {
		for path, text := range filesOf(t, s, backend.Options{Regenerate: tc.given}) {
			if !strings.HasSuffix(path, ".py") || strings.HasPrefix(text, "# Scaffolded") {
				continue
			}
			if lines := strings.SplitAfterN(text, "\n", 4); lines[2] != tc.want {
				t.Errorf("%s with Regenerate %q: third line %q, want %q", path, tc.given, lines[2], tc.want)
			}
		}
	}
}

func TestCommentText(t *testing.T) {
	for in, want := range map[string]string{
		"plain `cmd` \"q\" \\": "plain `cmd` \"q\" \\",
		"a\r\nb":               `a\r\nb`,
		"\x00\x1b\x7f\u0085":   `\u0000\u001b\u007f\u0085`,
		"\u2028\u2029\ufeff":   `\u2028\u2029\ufeff`,
		"héllo 😀":              "héllo 😀",
	} {
		if got := commentText(in); got != want {
			t.Errorf("commentText(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestExemptionDecorators(t *testing.T) {
	long := strings.Repeat("the SDK reads the count wrongly ", 5)
	opt := backend.Options{Exemptions: []backend.Exemption{
		{Pattern: "cases/order-*", Action: backend.ExemptFail, Reason: `drops "x" (issue 7)`},
		{Pattern: "cases/urn-alias", Action: backend.ExemptSkip, Reason: "not yet\n"},
		{Pattern: "sqs/*", Action: backend.ExemptFail, Reason: long},
	}}
	files := filesOf(t, canonicalSuite(t), opt)
	cases := files[modulePath(TestModule(model.BlockCases))]
	for _, want := range []string{
		"    @support.known_failure(\n        \"remove the exemption cases/order-* from bqgen.yaml\",\n        \"drops \\\"x\\\" (issue 7)\",\n    )\n    def test_order_created(self):\n",
		"    @unittest.skip(\"exempt: not yet\\n\")\n    def test_urn_alias(self):\n",
	} {
		if !strings.Contains(cases, want) {
			t.Errorf("cases module lacks %q", want)
		}
	}
	if n := strings.Count(cases, "\n    @"); n != 2 {
		t.Errorf("cases module has %d decorators, want 2 (one per exempt case)", n)
	}
	sqs := files[modulePath(TestModule(model.BlockSQS))]
	if !strings.Contains(sqs, "    @support.known_failure(\n        \"remove the exemption sqs/* from bqgen.yaml\",\n        \"the SDK") {
		t.Errorf("a long exemption is not split one argument a line:\n%s", sqs)
	}
	decorators := sqs[strings.Index(sqs, "    @support"):strings.Index(sqs, "    def test_")]
	for _, line := range strings.Split(decorators, "\n") {
		if len(line) > lineWidth {
			t.Errorf("line longer than %d: %q", lineWidth, line)
		}
	}
	if py, err := exec.LookPath("python3"); err == nil && tier.Extended(t, "py_compile of the generated modules") {
		dir := t.TempDir()
		writeFiles(t, dir, generateWith(t, canonicalSuite(t), opt))
		cmd := exec.Command(py, "-m", "py_compile", filepath.Join(dir, modulePath(TestModule(model.BlockSQS))))
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("py_compile: %v\n%s", err, out)
		}
	}
}

func generateWith(t *testing.T, s *model.Suite, opt backend.Options) []backend.File {
	t.Helper()
	files, err := New().Generate(s, opt)
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestTransportTargetLayout: a suite of broker blocks only is a transport
// target's: its modules sit in tests/ below out (the package root), as a core
// target's do, named after its blocks, and its scaffold maps only those
// blocks' operations; a core target is unchanged.
func TestTransportTargetLayout(t *testing.T) {
	s, err := canonicalSuite(t).Select([]string{model.BlockSQS})
	if err != nil {
		t.Fatal(err)
	}
	for _, binding := range []backend.Binding{backend.BindSDK, backend.BindOracle} {
		files := filesOf(t, s, backend.Options{Binding: binding})
		subject := map[backend.Binding]string{backend.BindSDK: "conformance_sqs_subject", backend.BindOracle: "conformance_sqs_oracle"}[binding]
		for _, path := range []string{"tests/test_conformance_sqs.py", "tests/conformance_sqs_support.py", "tests/" + subject + ".py", "tests/conformance/manifest.json"} {
			if _, ok := files[path]; !ok {
				t.Errorf("binding %d: no %s", binding, path)
			}
		}
		for path := range files {
			if !strings.HasPrefix(path, "tests/") || strings.HasPrefix(path, "tests/test_conformance_") && path != "tests/test_conformance_sqs.py" {
				t.Errorf("binding %d: %s is not in a transport target's layout", binding, path)
			}
		}
		test := files["tests/test_conformance_sqs.py"]
		if !strings.Contains(test, "import conformance_sqs_support as support\nfrom "+subject+" import subject\n") {
			t.Errorf("binding %d: the test module does not import its own support and subject", binding)
		}
	}
	sdk := filesOf(t, s, backend.Options{})
	scaffold := sdk["tests/conformance_sqs_subject.py"]
	for _, want := range []string{
		`OPERATIONS = [
    "capabilities",
    "sqs_attributes",
    "sqs_reconcile",
    "sqs_schema_version_gate",
]`,
		`_transport("sqs_transport", "SqsTransport", "_attributes")._attributes(envelope)`,
		"def _gate_outcome(", "class _SqsClient:",
	} {
		if !strings.Contains(scaffold, want) {
			t.Errorf("transport scaffold lacks %q", want)
		}
	}
	checkOtherTargetReasons(t, scaffold, sdk["tests/conformance_sqs_support.py"], model.BlockSQS)
	for _, never := range []string{"import logging", "_RecordingPika", "_ListClient", "own repositor", "KafkaTransport", "_KafkaConsumer", "_AsbClient"} {
		if strings.Contains(scaffold, never) {
			t.Errorf("transport scaffold holds %q", never)
		}
	}

	core, err := canonicalSuite(t).Select([]string{model.BlockCases, model.BlockSQS})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := filesOf(t, core, backend.Options{})[modulePath(scaffoldModule)]; !ok {
		t.Errorf("a suite with a core block is not laid out as the core target")
	}
}

// TestTransportScaffoldsImport imports each transport target's scaffold
// (with a stand-in babelqueue package, and pytest's sys.path) and checks
// that capabilities lists only its own block's operations: a name its
// signatures use but it does not import fails here.
func TestTransportScaffoldsImport(t *testing.T) {
	py := python3(t)
	for _, block := range model.TransportBlocks {
		t.Run(block, func(t *testing.T) {
			s, err := canonicalSuite(t).Select([]string{block})
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			writeFiles(t, dir, generateWith(t, s, backend.Options{}))
			writeFiles(t, dir, []backend.File{{Path: "babelqueue/__init__.py", Content: []byte("class EnvelopeCodec:\n    pass\n")}})
			program := "import conformance_" + block + "_subject as m\nprint(' '.join(m.subject().capabilities()))\n"
			cmd := exec.Command(py, "-c", program)
			cmd.Dir = dir // the stand-in babelqueue; pytest puts tests/ on the path
			cmd.Env = append(os.Environ(), "PYTHONPATH="+filepath.Join(dir, TestDir))
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("import: %v\n%s", err, out)
			}
			for _, op := range strings.Fields(string(out)) {
				if op != "capabilities" && !strings.HasPrefix(op, block+"_") {
					t.Errorf("the %s scaffold maps %s", block, op)
				}
			}
		})
	}
}

// checkOtherTargetReasons checks that the transport scaffold of block has
// no method for an operation of another target, and that the support
// module's default of each says which target it belongs to.
func checkOtherTargetReasons(t *testing.T, scaffold, support, block string) {
	t.Helper()
	_, defaults, ok := strings.Cut(support, "\nclass SubjectDefaults:")
	if !ok {
		t.Fatalf("the %s support module has no SubjectDefaults", block)
	}
	cores := 0
	for _, op := range protocol.Operations {
		if op.Transport == block || op.Name == protocol.Capabilities.Name {
			continue
		}
		want := "belongs to the " + op.Transport + " transport target (blocks: [" + op.Transport + "] in bqgen.yaml)"
		if op.Transport == "" {
			want = "belongs to the core target (a target without broker blocks in bqgen.yaml)"
			cores++
		}
		if strings.Contains(scaffold, "    def "+op.Name+"(") {
			t.Errorf("the %s scaffold has a method %s, which SubjectDefaults provides", block, op.Name)
		}
		start := strings.Index(defaults, "    def "+op.Name+"(")
		if start < 0 {
			t.Errorf("the %s support module has no default %s", block, op.Name)
			continue
		}
		body := defaults[start:]
		if end := strings.Index(body[1:], "\n    def "); end >= 0 {
			body = body[:end+1]
		}
		if !strings.Contains(body, raiseNotProvided(want)) {
			t.Errorf("%s does not give the reason %q:\n%s", op.Name, want, body)
		}
	}
	if cores == 0 {
		t.Error("no core operation was checked")
	}
}
