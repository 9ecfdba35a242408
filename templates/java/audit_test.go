package java

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/protocoltest"
	"github.com/babelqueue/bqgen/model"
)

var _ backend.ScaffoldAuditor = Backend{}

// auditTarget is one target's suite, options and freshly written scaffold.
type auditTarget struct {
	name     string
	suite    *model.Suite
	opt      backend.Options
	path     string
	scaffold string
}

// auditTargets are the canonical core target, the upstream one and each
// canonical transport target, with the scaffolds bqgen writes for them.
func auditTargets(t *testing.T) []auditTarget {
	t.Helper()
	suites := map[string]*model.Suite{"canonical": canonical(t), "upstream": upstream(t)}
	for _, block := range []string{model.BlockSQS, model.BlockASB, model.BlockPulsar, model.BlockKafka,
		model.BlockArtemis, model.BlockRabbitMQ, model.BlockRedis} {
		suites[block] = selectBlocks(t, canonical(t), block)
	}
	var targets []auditTarget
	for name, s := range suites {
		opt := backend.Options{Binding: backend.BindSDK}
		for _, f := range generate(t, s, opt) {
			if f.Kind == backend.Scaffold {
				targets = append(targets, auditTarget{name, s, opt, f.Path, string(f.Content)})
			}
		}
	}
	if len(targets) != len(suites) {
		t.Fatalf("%d scaffolds for %d targets", len(targets), len(suites))
	}
	return targets
}

func audit(a auditTarget, scaffold string) []backend.ScaffoldFinding {
	return (Backend{}).AuditScaffold(map[string][]byte{a.path: []byte(scaffold)}, a.suite, a.opt)
}

// The scaffold of every target as bqgen writes it, and the core scaffold
// main wrote before the interface had defaults, map every operation their
// tests call as the interface declares it.
func TestAuditFindsNothingInFreshScaffolds(t *testing.T) {
	targets := auditTargets(t)
	for _, a := range targets {
		if got := audit(a, a.scaffold); len(got) != 0 {
			t.Errorf("%s: %+v", a.name, got)
		}
		other := map[string][]byte{"elsewhere/" + scaffoldFile: []byte("")}
		if got := (Backend{}).AuditScaffold(other, a.suite, a.opt); len(got) != 0 {
			t.Errorf("%s: a file that is not the scaffold was audited: %+v", a.name, got)
		}
	}
	old, err := os.ReadFile(filepath.Join("testdata", "upgrade", scaffoldFile))
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range targets {
		if a.name == "canonical" {
			if got := protocoltest.WithoutLaterMissing(audit(a, string(old))); len(got) != 0 {
				t.Errorf("the old core scaffold: %+v", got)
			}
		}
	}
}

// A method removed from the scaffold (as a scaffold written before bqgen
// added the operation lacks it) is a warning with the method to paste; the
// build still works, so it does not break.
func TestAuditWarnsOfAMissingMethod(t *testing.T) {
	for _, a := range auditTargets(t) {
		if a.name != "canonical" {
			continue
		}
		// The method, with its comment-free body, and a commented-out copy that must not count.
		method := regexp.MustCompile(`(?s)\n    @Override\n    public String idempotencyKey\(.*?\n    }\n`)
		removed := method.ReplaceAllString(a.scaffold, "\n    // public String idempotencyKey(String envelope) {}\n")
		if removed == a.scaffold {
			t.Fatal("the scaffold has no idempotencyKey method to remove")
		}
		got := audit(a, removed)
		if len(got) != 1 {
			t.Fatalf("findings %+v, want one", got)
		}
		f := got[0]
		if f.Breaks || f.Operation != "idempotency_key" || f.File != a.path {
			t.Errorf("finding %+v, want a warning on idempotency_key in %s", f, a.path)
		}
		for _, want := range []string{"SdkConformanceSubject has no method idempotencyKey(String)",
			"this scaffold predates operation idempotency_key"} {
			if !strings.Contains(f.Problem, want) {
				t.Errorf("problem %q lacks %q", f.Problem, want)
			}
		}
		wantStub := "    @Override\n    public String idempotencyKey(String envelope) {\n" +
			"        throw new NotProvidedException(\"not mapped yet: map idempotency_key onto the SDK's API\");\n    }\n"
		if f.Stub != wantStub {
			t.Errorf("stub:\n%s\nwant\n%s", f.Stub, wantStub)
		}
	}
}

// A method the interface no longer declares as written breaks the build:
// an @Override whose parameters changed (kafka_reconcile's header was a
// number before suite 1.4.0), a return type that differs, a method that is
// not public. The finding names the operation and the line, and its stub is
// the declaration to use.
func TestAuditBreaksOnAChangedSignature(t *testing.T) {
	var kafka auditTarget
	for _, a := range auditTargets(t) {
		if a.name == model.BlockKafka {
			kafka = a
		}
	}
	const head = "public long kafkaReconcile(long bodyAttempts, String headerAttempts) {"
	if !strings.Contains(kafka.scaffold, head) {
		t.Fatalf("the kafka scaffold lacks %q", head)
	}
	line := 1 + strings.Count(kafka.scaffold[:strings.Index(kafka.scaffold, head)], "\n")
	cases := []struct{ name, head, problem string }{
		{"parameter", "public long kafkaReconcile(long bodyAttempts, final java.lang.Long headerAttempts) {",
			"kafkaReconcile(long, Long) is @Override, but ConformanceSubject declares kafkaReconcile(long, String)"},
		{"return", "public int kafkaReconcile(long bodyAttempts, String headerAttempts) {",
			"kafkaReconcile(long, String) returns int, but ConformanceSubject declares long"},
		{"access", "long kafkaReconcile(long bodyAttempts, String headerAttempts) {",
			"kafkaReconcile(long, String) is not public"},
	}
	for _, c := range cases {
		got := audit(kafka, strings.Replace(kafka.scaffold, head, c.head, 1))
		if len(got) != 1 {
			t.Errorf("%s: findings %+v, want one", c.name, got)
			continue
		}
		f := got[0]
		if !f.Breaks || f.Operation != "kafka_reconcile" {
			t.Errorf("%s: finding %+v, want kafka_reconcile to break", c.name, f)
		}
		for _, want := range []string{c.problem, "line " + strconv.Itoa(line) + ":"} {
			if !strings.Contains(f.Problem, want) {
				t.Errorf("%s: problem %q lacks %q", c.name, f.Problem, want)
			}
		}
		if want := "    @Override\n    " + head + "\n"; f.Stub != want {
			t.Errorf("%s: stub %q, want %q", c.name, f.Stub, want)
		}
	}
	// capabilities has no default: without it the class does not compile.
	noCaps := regexp.MustCompile(`(?s)\n    @Override\n    public List<String> capabilities\(\).*?\n    }\n`).ReplaceAllString(kafka.scaffold, "\n")
	if got := audit(kafka, noCaps); len(got) != 1 || !got[0].Breaks || got[0].Operation != "capabilities" ||
		got[0].Stub != "    @Override\n    public List<String> capabilities() {\n" {
		t.Errorf("no capabilities: %+v, want it to break", got)
	}
	// Without @Override a method of other parameters is an overload: the operation is missing.
	overload := strings.Replace(kafka.scaffold, "@Override\n    "+head,
		"public long kafkaReconcile(long bodyAttempts, Long headerAttempts) {", 1)
	if got := audit(kafka, overload); len(got) != 1 || got[0].Breaks || !strings.Contains(got[0].Problem, "takes (long, Long)") {
		t.Errorf("an overload: %+v, want a warning that names it", got)
	}
}

// Stubs gives each named operation's method, in the order asked, even one a
// later protocol appends; an unknown name is an error naming it.
func TestStubs(t *testing.T) {
	protocoltest.Append(t, protocoltest.Probe)
	s := canonical(t)
	got, err := (Backend{}).Stubs([]string{"probe_echo", "kafka_reconcile"}, s, backend.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := "    @Override\n    public String probeEcho(String text) {\n" +
		"        throw new NotProvidedException(\"not mapped yet: map probe_echo onto the SDK's API\");\n    }\n\n" +
		"    @Override\n    public long kafkaReconcile(long bodyAttempts, String headerAttempts) {\n" +
		"        throw new NotProvidedException(\"not mapped yet: map kafka_reconcile onto the SDK's API\");\n    }\n"
	if got != want {
		t.Errorf("stubs:\n%s\nwant\n%s", got, want)
	}
	if _, err := (Backend{}).Stubs([]string{"decode", "no_such_op"}, s, backend.Options{}); err == nil ||
		!strings.Contains(err.Error(), `"no_such_op"`) {
		t.Errorf("an unknown operation: %v, want an error naming it", err)
	}
}

// The reader sees through comments and literals that look like code, and
// reads qualified, annotated and generic parameter types.
func TestClassMethods(t *testing.T) {
	src := `package p;
/* public String decode(String envelope) { */
final class S implements ConformanceSubject {
    private static final String X = "public long make(String a) {";

    @java.lang.Override
    public java.util.Map<String, ConformanceSubject.SqsAttribute> sqsAttributes(@Deprecated final String envelope) {
        // }
        return Map.of('}', "{");
    }

    private static final class Inner {
        public String decode(String envelope) {
            return envelope;
        }
    }
}
`
	got := classMethods(src)
	if len(got) != 1 || len(got["sqsAttributes"]) != 1 {
		t.Fatalf("methods %+v, want sqsAttributes alone", got)
	}
	m := got["sqsAttributes"][0]
	if m.Returns != "Map<String,SqsAttribute>" || strings.Join(m.Params, "|") != "String" || !m.Override || !m.Public || m.Line != 7 {
		t.Errorf("read %+v", m)
	}
}
