package php

import (
	"bytes"
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

func TestPackageErrorsAreOptionErrors(t *testing.T) {
	t.Parallel()
	for _, pkg := range []string{"Acme Tests", `Acme\List`} {
		_, err := New().Generate(canonicalSuite(t), backend.Options{Package: pkg})
		var optErr *backend.OptionError
		if !errors.As(err, &optErr) {
			t.Errorf("package %q: %v is not a backend.OptionError", pkg, err)
			continue
		}
		if !strings.HasPrefix(optErr.Msg, "package ") {
			t.Errorf("package %q: %q must start with the option, not the language (the app prefixes it)", pkg, optErr.Msg)
		}
	}
}

// header is a generated PHP file's opening comment.
func header(t *testing.T, f backend.File) string {
	t.Helper()
	start := bytes.Index(f.Content, []byte("/*"))
	end := bytes.Index(f.Content, []byte("*/"))
	if start < 0 || end < start {
		t.Fatalf("%s has no header comment", f.Path)
	}
	return string(f.Content[start : end+2])
}

func TestHeaderSaysHowToRegenerate(t *testing.T) {
	t.Parallel()
	hostile := "bqgen generate --lang php --out . --package 'A' */ echo 1; /* ?> -- \n<?php"
	for _, c := range []struct{ regenerate, want string }{
		{"", "bqgen generate --lang php --out ."},
		{"bqgen generate (bqgen.yaml)", "bqgen generate (bqgen.yaml)"},
		{hostile, "bqgen generate --lang php --out . --package 'A' * / echo 1; /* ? > --  <?php"},
	} {
		for name, binding := range bindings {
			for _, f := range generate(t, canonicalSuite(t), backend.Options{Binding: binding, Regenerate: c.regenerate}) {
				switch {
				case f.Kind != backend.Generated, isIndex(f):
				case f.Path == PHPUnitConfig:
					comment := string(f.Content[bytes.Index(f.Content, []byte("<!--"))+4 : bytes.Index(f.Content, []byte("-->"))])
					if strings.Contains(comment, "--") || !strings.Contains(comment, "regenerate with") {
						t.Errorf("%s: %s: the XML comment does not say how to regenerate, or holds --:\n%s", name, f.Path, comment)
					}
					want := "\n<?bqgen-regenerate " + strings.ReplaceAll(c.want, "* /", "*/") + " ?>\n<phpunit "
					if !strings.Contains(string(f.Content), want) {
						t.Errorf("%s: %s lacks %q:\n%s", name, f.Path, want, f.Content)
					}
				default:
					h := header(t, f)
					if !strings.Contains(h, "regenerate with:\n *     "+c.want+"\n */") {
						t.Errorf("%s: %s: header does not print %q:\n%s", name, f.Path, c.want, h)
					}
					if !bytes.HasPrefix(f.Content[len("<?php\n\n")+len(h):], []byte("\n\ndeclare(strict_types=1);")) {
						t.Errorf("%s: %s: the command leaks out of the header", name, f.Path)
					}
				}
			}
		}
	}
}

// fileNamed returns the generated file at p.
func fileNamed(t *testing.T, files []backend.File, p string) backend.File {
	t.Helper()
	for _, f := range files {
		if f.Path == p {
			return f
		}
	}
	t.Fatalf("no %s among the generated files", p)
	return backend.File{}
}

func TestExemptionsShapeTheirTests(t *testing.T) {
	t.Parallel()
	opt := backend.Options{Binding: backend.BindSDK, Exemptions: []backend.Exemption{
		{Pattern: "sqs/attribute_projection", Action: backend.ExemptSkip, Reason: "not */ here ?>"},
		{Pattern: "sqs/*-retry-*", Action: backend.ExemptFail, Reason: "overwrites instead of max (issue 7)"},
		{Pattern: "cases/order-created", Action: backend.ExemptFail, Reason: "r"},
	}}
	files := generate(t, canonicalSuite(t), opt)
	sqs := string(fileNamed(t, files, TestFile(model.BlockSQS)).Content)
	for _, want := range []string{
		"    public function test_attribute_projection(): void\n    {\n        self::markTestSkipped('exempt: not */ here ?>');\n        $case = 'attribute_projection';",
		"    public function test_later_retry_keeps_body(): void\n    {\n        $this->knownFailure(\n            'overwrites instead of max (issue 7)',\n" +
			"            'remove the exemption sqs/*-retry-* from bqgen.yaml',\n            $this->known_failure_test_later_retry_keeps_body(...),\n        );\n    }\n\n" +
			"    /** The assertions of test_later_retry_keeps_body, a known failure of the SDK (see bqgen.yaml). */\n" +
			"    private function known_failure_test_later_retry_keeps_body(): void\n    {\n        $case = 'later-retry-keeps-body';",
		"    public function test_first_delivery(): void\n    {\n        $case = 'first-delivery';",
	} {
		if !strings.Contains(sqs, want) {
			t.Errorf("the sqs tests lack\n%s", want)
		}
	}
	cases := string(fileNamed(t, files, TestFile(model.BlockCases)).Content)
	if !strings.Contains(cases, "        $this->knownFailure(\n            'r',\n            'remove the exemption cases/order-created from bqgen.yaml',\n"+
		"            $this->known_failure_test_order_created(...),\n        );") {
		t.Error("cases/order-created is not a known failure")
	}
	if n := strings.Count(cases, "knownFailure("); n != 1 {
		t.Errorf("%d known failures in the cases tests, want 1", n)
	}
	if _, err := exec.LookPath("php"); err == nil {
		requirePHP(t)
		dir := writeFiles(t, files)
		for _, p := range []string{TestFile(model.BlockSQS), TestFile(model.BlockCases), supportFile("ConformanceTestCase.php")} {
			if out, err := exec.Command("php", "-l", filepath.Join(dir, p)).CombinedOutput(); err != nil {
				t.Errorf("php -l %s: %v\n%s", p, err, out)
			}
		}
	}
}

func TestTransportTargetMapsOnlyItsBrokers(t *testing.T) {
	t.Parallel()
	s, err := canonicalSuite(t).Select([]string{model.BlockSQS, model.BlockRedis})
	if err != nil {
		t.Fatal(err)
	}
	files := generate(t, s, backend.Options{Binding: backend.BindSDK})
	var tests []string
	for _, f := range files {
		if f.Kind == backend.Generated && filepath.Dir(f.Path) == TestDir && strings.HasSuffix(f.Path, TestSuffix) {
			tests = append(tests, f.Path)
		}
	}
	if want := []string{TestFile(model.BlockRedis), TestFile(model.BlockSQS)}; strings.Join(tests, " ") != strings.Join(want, " ") {
		t.Errorf("test classes %v, want %v", tests, want)
	}
	scaffold := string(fileNamed(t, files, ScaffoldFile).Content)
	for _, want := range []string{
		"use BabelQueue\\Transport\\SqsTransport;",
		"the sqs and redis blocks: each operation of those brokers is mapped onto its",
		"'sqs_attributes' => true,\n            'redis_produce' => self::canMock(ClientInterface::class),\n        ]));",
		"is produce-only (RPUSH)", // redis_roundtrip's own reason, not the target's
	} {
		if !strings.Contains(scaffold, want) {
			t.Errorf("the transport target's scaffold lacks %q", want)
		}
	}
	for _, other := range []string{"KafkaTransport", "AmqpTransport", "EnvelopeValidator", "Idempotent", "PayloadValidator", "function view("} {
		if strings.Contains(scaffold, other) {
			t.Errorf("the transport target's scaffold maps another block: it names %s", other)
		}
	}
}

// A transport target's scaffold has no method for another broker's
// operation or a core one: the generated default answers that it belongs to
// that broker's transport target, or to the core target, in the
// missing-feature rule's exact wording, with no claim about the php-sdk.
func TestTransportTargetOtherOperationsBelongToTheirTarget(t *testing.T) {
	t.Parallel()
	s, err := canonicalSuite(t).Select([]string{model.BlockSQS, model.BlockRedis})
	if err != nil {
		t.Fatal(err)
	}
	files := generate(t, s, backend.Options{Binding: backend.BindSDK})
	scaffold := string(fileNamed(t, files, ScaffoldFile).Content)
	defaults := string(fileNamed(t, files, supportFile("SubjectDefaults.php")).Content)
	cores := 0
	for _, op := range protocol.Operations {
		if op.Transport == model.BlockSQS || op.Transport == model.BlockRedis {
			continue
		}
		want := "belongs to the " + op.Transport + " transport target (blocks: [" + op.Transport + "] in bqgen.yaml)"
		if op.Transport == "" {
			want = "belongs to the core target (a target without broker blocks in bqgen.yaml)"
			cores++
		}
		if strings.Contains(scaffold, "public function "+phpName(op.Name)+"(") {
			t.Errorf("the scaffold has a method for %s, which only reports another target's reason", op.Name)
		}
		start := strings.Index(defaults, "    public function "+phpName(op.Name)+"(")
		if start < 0 {
			t.Errorf("SubjectDefaults has no method for %s", op.Name)
			continue
		}
		body := defaults[start:]
		body = body[:strings.Index(body, "\n    }\n")]
		if !strings.Contains(body, "\n        throw new NotProvided('"+want+"');") {
			t.Errorf("%s does not give the reason %q:\n%s", op.Name, want, body)
		}
	}
	if cores == 0 {
		t.Error("no core operation was checked")
	}
}

func TestCoreTargetKeepsTheWholeScaffold(t *testing.T) {
	t.Parallel()
	var core []string
	for _, b := range model.KnownBlocks {
		if !model.IsTransportBlock(b) {
			core = append(core, b)
		}
	}
	s, err := canonicalSuite(t).Select(core)
	if err != nil {
		t.Fatal(err)
	}
	whole := fileNamed(t, generate(t, canonicalSuite(t), backend.Options{}), ScaffoldFile)
	coreOnly := fileNamed(t, generate(t, s, backend.Options{}), ScaffoldFile)
	if !bytes.Equal(whole.Content, coreOnly.Content) {
		t.Error("a core target's scaffold differs from the whole suite's")
	}
}
