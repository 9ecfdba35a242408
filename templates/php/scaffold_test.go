package php

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/protocoltest"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// scaffoldOf is the scaffold generated for s.
func scaffoldOf(t *testing.T, s *model.Suite) string {
	t.Helper()
	return string(fileNamed(t, generate(t, s, backend.Options{Binding: backend.BindSDK}), ScaffoldFile).Content)
}

// audit audits src as the scaffold of s.
func audit(s *model.Suite, src string) []backend.ScaffoldFinding {
	return Backend{}.AuditScaffold(map[string][]byte{ScaffoldFile: []byte(src)}, s, backend.Options{})
}

// withoutMethod is src without the method named name.
func withoutMethod(t *testing.T, src, name string) string {
	t.Helper()
	start := strings.Index(src, "    public function "+name+"(")
	if start < 0 {
		t.Fatalf("the scaffold has no method %s", name)
	}
	end := start + strings.Index(src[start:], "\n    }\n") + len("\n    }\n")
	return src[:start] + src[end:]
}

// oldScaffold is the scaffold bqgen wrote before SubjectDefaults existed.
func oldScaffold(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "upgrade", "SdkSubject.php"))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// The scaffold of every target, as generated, and the one written before
// SubjectDefaults, have nothing to report.
func TestAuditFreshScaffoldsFindNothing(t *testing.T) {
	t.Parallel()
	suites := map[string]*model.Suite{"core": canonicalSuite(t)}
	for _, block := range model.TransportBlocks {
		s, err := canonicalSuite(t).Select([]string{block})
		if err != nil {
			t.Fatal(err)
		}
		suites[block] = s
	}
	for name, s := range suites {
		if f := audit(s, scaffoldOf(t, s)); len(f) != 0 {
			t.Errorf("%s: the fresh scaffold has findings: %+v", name, f)
		}
		if f := protocoltest.WithoutLaterMissing(audit(s, oldScaffold(t))); len(f) != 0 {
			t.Errorf("%s: the scaffold from before SubjectDefaults has findings: %+v", name, f)
		}
	}
	if f := (Backend{}).AuditScaffold(map[string][]byte{}, canonicalSuite(t), backend.Options{}); f != nil {
		t.Errorf("no scaffold on disk: %+v", f)
	}
}

// A method removed from the scaffold is a warning with the method to paste,
// for an operation the target's tests call, and nothing for one they do not.
func TestAuditMissingMethodWarns(t *testing.T) {
	t.Parallel()
	s := canonicalSuite(t)
	for name, src := range map[string]string{"fresh": scaffoldOf(t, s), "old": oldScaffold(t)} {
		f := protocoltest.WithoutLaterMissing(audit(s, withoutMethod(t, src, "settle")))
		if len(f) != 1 {
			t.Fatalf("%s: %d findings, want 1: %+v", name, len(f), f)
		}
		got := f[0]
		if got.Breaks || got.Operation != protocol.Settle.Name || got.File != ScaffoldFile {
			t.Errorf("%s: %+v, want a warning for settle in %s", name, got, ScaffoldFile)
		}
		if !strings.Contains(got.Problem, "no method settle()") || !strings.Contains(got.Problem, "this scaffold predates operation settle") {
			t.Errorf("%s: problem %q does not name the method and the reason its tests skip with", name, got.Problem)
		}
		for _, want := range []string{"    public function settle(string $broker, bool $deadLetterQueue, array $calls): \\stdClass\n    {\n",
			"throw new NotProvided(\"not mapped yet: map settle onto the php-sdk's API\");\n    }\n"} {
			if !strings.Contains(got.Stub, want) {
				t.Errorf("%s: stub lacks %q:\n%s", name, want, got.Stub)
			}
		}
	}
	sqs, err := s.Select([]string{model.BlockSQS})
	if err != nil {
		t.Fatal(err)
	}
	if f := audit(sqs, withoutMethod(t, oldScaffold(t), "kafkaReconcile")); len(f) != 0 {
		t.Errorf("the sqs target's tests never call kafka_reconcile, yet: %+v", f)
	}
}

// kafkaBefore14 is kafka_reconcile as scaffolds declared it before suite
// 1.4.0, when the header's attempts were an integer.
const kafkaBefore14 = "public function kafkaReconcile(int $bodyAttempts, ?int $headerAttempts): int"

// A method declared against an older protocol breaks: PHP refuses to load a
// scaffold extending SubjectDefaults, and an older one's tests error.
func TestAuditChangedSignatureBreaks(t *testing.T) {
	t.Parallel()
	s := canonicalSuite(t)
	const now = "public function kafkaReconcile(int $bodyAttempts, ?string $headerAttempts): int"
	for name, want := range map[string]string{"fresh": "PHP stops loading the tests", "old": "errors with a TypeError"} {
		src := map[string]string{"fresh": scaffoldOf(t, s), "old": oldScaffold(t)}[name]
		if !strings.Contains(src, now) {
			t.Fatalf("%s: the scaffold does not declare %q", name, now)
		}
		f := protocoltest.WithoutLaterMissing(audit(s, strings.Replace(src, now, kafkaBefore14, 1)))
		if len(f) != 1 || !f[0].Breaks || f[0].Operation != protocol.KafkaReconcile.Name {
			t.Fatalf("%s: %+v, want one Breaks finding for kafka_reconcile", name, f)
		}
		if !strings.Contains(f[0].Problem, want) || !strings.Contains(f[0].Problem, "kafkaReconcile()") || f[0].Stub != now {
			t.Errorf("%s: %+v, want %q and the stub %q", name, f[0], want, now)
		}
	}
	// A declaration PHP accepts as compatible is no finding: a wider
	// parameter, an untyped one, a narrower return, an optional extra.
	for _, ok := range []string{
		"public function kafkaReconcile(int|string $bodyAttempts, $headerAttempts, bool $x = false): int",
		"public function KAFKARECONCILE(mixed $bodyAttempts, string|null|int $headerAttempts): int",
	} {
		if f := audit(s, strings.Replace(scaffoldOf(t, s), now, ok, 1)); len(f) != 0 {
			t.Errorf("%q: %+v", ok, f)
		}
	}
	for _, bad := range []string{
		"public function kafkaReconcile(int $bodyAttempts, ?string $headerAttempts)",
		"public function kafkaReconcile(int $bodyAttempts, ?string $headerAttempts): ?int",
		"public function kafkaReconcile(int $bodyAttempts): int",
		"public function kafkaReconcile(int $bodyAttempts, ?string $headerAttempts, bool $x): int",
	} {
		if f := audit(s, strings.Replace(scaffoldOf(t, s), now, bad, 1)); len(f) != 1 || !f[0].Breaks {
			t.Errorf("%q: %+v, want one Breaks finding", bad, f)
		}
	}
}

// A scaffold without the handshake the interface declares cannot load.
func TestAuditMissingHandshakeBreaks(t *testing.T) {
	t.Parallel()
	s := canonicalSuite(t)
	src := scaffoldOf(t, s)
	start := strings.Index(src, "    public function capabilities(")
	end := start + strings.Index(src[start:], "\n    }\n") + len("\n    }\n")
	f := audit(s, src[:start]+src[end:])
	if len(f) != 1 || !f[0].Breaks || f[0].Operation != protocol.Capabilities.Name {
		t.Errorf("%+v, want one Breaks finding for capabilities", f)
	}
}

// A commented-out method is not a method.
func TestAuditIgnoresComments(t *testing.T) {
	t.Parallel()
	s := canonicalSuite(t)
	src := withoutMethod(t, scaffoldOf(t, s), "settle")
	src = strings.Replace(src, "    private static function map(", "    // public function settle(string $broker, bool $deadLetterQueue, array $calls): \\stdClass {}\n"+
		"    /* public function settle(string $broker, bool $deadLetterQueue, array $calls): \\stdClass {} */\n    private static function map(", 1)
	if f := audit(s, src); len(f) != 1 || f[0].Operation != protocol.Settle.Name {
		t.Errorf("%+v, want the missing settle", f)
	}
}

func TestStubs(t *testing.T) {
	t.Parallel()
	got, err := Backend{}.Stubs([]string{protocol.Settle.Name, protocol.Decode.Name}, canonicalSuite(t), backend.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Protocol operation `settle`.", "public function settle(", "public function decode(string $envelope): \\stdClass\n",
		"not mapped yet: map decode onto the php-sdk's API"} {
		if !strings.Contains(got, want) {
			t.Errorf("stubs lack %q:\n%s", want, got)
		}
	}
	if strings.Index(got, "function settle(") > strings.Index(got, "function decode(") {
		t.Error("the stubs are not in the order asked")
	}
	if _, err := (Backend{}).Stubs([]string{"decode", "frobnicate"}, canonicalSuite(t), backend.Options{}); err == nil || !strings.Contains(err.Error(), `"frobnicate"`) {
		t.Errorf("an unknown operation: %v, want an error naming it", err)
	}
}

// What the audit says is what PHP does: a scaffold extending SubjectDefaults
// with kafka_reconcile's pre-1.4.0 declaration does not load, with PHP's
// "must be compatible"; with the finding's stub in its place it loads, and so
// does the scaffold with a missing method's stub pasted in.
func TestAuditAgreesWithPHP(t *testing.T) {
	requirePHP(t)
	t.Parallel()
	s := canonicalSuite(t)
	dir := writeFiles(t, generate(t, s, backend.Options{Binding: backend.BindSDK}))
	gen := filepath.Join(dir, "tests", "ConformanceGenerated")
	fresh := scaffoldOf(t, s)
	load := func(src string) (string, error) {
		if err := os.WriteFile(filepath.Join(gen, "SdkSubject.php"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		script := filepath.Join(t.TempDir(), "load.php")
		code := "<?php\nforeach (['Support/Subject.php', 'Support/NotProvided.php', 'Support/SubjectDefaults.php', 'Support/Json.php', 'SdkSubject.php'] as $f) {\n" +
			"    require " + phpString(gen+"/") + " . $f;\n}\necho 'loaded', \"\\n\";\n"
		if err := os.WriteFile(script, []byte(code), 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command("php", script).CombinedOutput()
		return string(out), err
	}
	broken := strings.Replace(fresh, "public function kafkaReconcile(int $bodyAttempts, ?string $headerAttempts): int", kafkaBefore14, 1)
	if out, err := load(broken); err == nil || !strings.Contains(out, "must be compatible") {
		t.Errorf("the pre-1.4.0 kafkaReconcile loaded: %v\n%s", err, out)
	}
	f := audit(s, broken)
	if len(f) != 1 {
		t.Fatalf("%+v", f)
	}
	if out, err := load(strings.Replace(broken, kafkaBefore14, f[0].Stub, 1)); err != nil || out != "loaded\n" {
		t.Errorf("with the stub's declaration: %v\n%s", err, out)
	}
	missing := withoutMethod(t, fresh, "settle")
	f = audit(s, missing)
	if len(f) != 1 {
		t.Fatalf("%+v", f)
	}
	at := strings.Index(missing, "    private static function map(")
	if out, err := load(missing[:at] + f[0].Stub + "\n" + missing[at:]); err != nil || out != "loaded\n" {
		t.Errorf("with the settle stub pasted: %v\n%s", err, out)
	}
}
