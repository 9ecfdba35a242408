package python

import (
	"os"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/protocoltest"
	"github.com/babelqueue/bqgen/model"
)

// auditedScaffold is the scaffold bqgen writes for the target whose suite is s,
// by path.
func auditedScaffold(t *testing.T, s *model.Suite) (string, []byte) {
	t.Helper()
	l := layoutOfBlocks(s.Blocks())
	path := l.path(l.Scaffold)
	for _, f := range generate(t, s, backend.BindSDK) {
		if f.Path == path {
			return path, f.Content
		}
	}
	t.Fatalf("no scaffold %s", path)
	return "", nil
}

// audit audits the scaffold text at path for s.
func audit(s *model.Suite, path, text string) []backend.ScaffoldFinding {
	return New().(backend.ScaffoldAuditor).AuditScaffold(map[string][]byte{path: []byte(text)}, s, backend.Options{})
}

// TestAuditFreshScaffolds: the scaffold bqgen writes for every target, and
// the core target's as bqgen wrote it before SubjectDefaults, have nothing
// to report; a scaffold absent from the map is not audited.
func TestAuditFreshScaffolds(t *testing.T) {
	core := canonicalSuite(t)
	targets := []*model.Suite{core}
	for _, block := range model.TransportBlocks {
		s, err := core.Select([]string{block})
		if err != nil {
			t.Fatal(err)
		}
		targets = append(targets, s)
	}
	for _, s := range targets {
		path, text := auditedScaffold(t, s)
		if f := audit(s, path, string(text)); len(f) != 0 {
			t.Errorf("%s: %+v", path, f)
		}
	}
	old, err := os.ReadFile("testdata/upgrade/conformance_subject.py")
	if err != nil {
		t.Fatal(err)
	}
	if f := protocoltest.WithoutLaterMissing(audit(core, modulePath(scaffoldModule), string(old))); len(f) != 0 {
		t.Errorf("the old scaffold: %+v", f)
	}
	if f := New().(backend.ScaffoldAuditor).AuditScaffold(nil, core, backend.Options{}); len(f) != 0 {
		t.Errorf("no scaffold on disk: %+v", f)
	}
}

// TestAuditFindings: a method removed is a warning with the method to
// paste; a method the tests' call would raise TypeError on, by position or
// by name, breaks; so does a module without subject().
func TestAuditFindings(t *testing.T) {
	s := canonicalSuite(t)
	path, raw := auditedScaffold(t, s)
	text := string(raw)
	edit := func(old, new string) string {
		t.Helper()
		if !strings.Contains(text, old) {
			t.Fatalf("the scaffold lacks %q", old)
		}
		return strings.Replace(text, old, new, 1)
	}
	tests := []struct {
		name, text, op string
		breaks         bool
		problem, stub  string
	}{
		{"removed", edit("    def make(", "    def make_old("), "make", false,
			"SdkSubject has no method make: its tests skip with \"this scaffold predates operation make (bqgen adds it from suite 1.1.0)\"",
			"    def make(self, urn: str, queue: str, data: dict[str, Any]) -> str:\n" +
				"        raise NotProvided(\"not mapped yet: map make onto the SDK's API\")\n"},
		{"a parameter fewer", edit("def make(self, urn: str, queue: str, data", "def make(self, urn: str, data"), "make", true,
			"SdkSubject.make takes 2 arguments after self, and the tests pass 3 (urn, queue, data)",
			"    def make(self, urn: str, queue: str, data: dict[str, Any]) -> str:\n"},
		{"a parameter more", edit("def kafka_reconcile(self, body_attempts: int,", "def kafka_reconcile(self, body_attempts: int, topic: str,"), "kafka_reconcile", true,
			"SdkSubject.kafka_reconcile requires 3 arguments after self, and the tests pass 2",
			"    def kafka_reconcile(self, body_attempts: int, header_attempts: Optional[str]) -> int:\n"},
		{"renamed, called by name", edit("def settle(self, broker: str,", "def settle(self, transport: str,"), "settle", true,
			"SdkSubject.settle requires the argument transport, which the tests never pass", "    def settle("},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			found := audit(s, path, tc.text)
			if len(found) != 1 {
				t.Fatalf("%d findings, want 1: %+v", len(found), found)
			}
			f := found[0]
			if f.File != path || f.Operation != tc.op || f.Breaks != tc.breaks || !strings.Contains(f.Problem, tc.problem) || !strings.HasPrefix(f.Stub, tc.stub) {
				t.Errorf("got %+v\nwant %s breaks=%v problem %q stub %q", f, tc.op, tc.breaks, tc.problem, tc.stub)
			}
		})
	}
	// A parameter with a default, or *args, takes the call.
	for _, ok := range []string{
		edit("def make(self, urn: str, queue: str, data: dict[str, Any])", "def make(self, urn, queue, data, extra=None, *, flag=False)"),
		edit("def make(self, urn: str, queue: str, data: dict[str, Any])", "def make(self, *args)"),
		edit("def settle(self, broker: str, dead_letter_queue: bool, calls: list[str])", "def settle(self, **kwargs)"),
	} {
		if f := audit(s, path, ok); len(f) != 0 {
			t.Errorf("%+v", f)
		}
	}
	found := audit(s, path, edit("def subject() -> Subject:", "def make_subject() -> Subject:"))
	if len(found) != 1 || !found[0].Breaks || !strings.Contains(found[0].Problem, "defines no function subject()") {
		t.Errorf("without subject(): %+v", found)
	}
}

// TestStubs: the stubs of the named operations, one a method, including an
// operation a later bqgen adds; an unknown name is an error naming it.
func TestStubs(t *testing.T) {
	protocoltest.Append(t, protocoltest.Probe)
	s := canonicalSuite(t)
	got, err := New().(backend.ScaffoldAuditor).Stubs([]string{"probe_echo", "decode"}, s, backend.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := "    def probe_echo(self, text: str) -> str:\n" +
		"        raise NotProvided(\"not mapped yet: map probe_echo onto the SDK's API\")\n" +
		"\n    def decode(self, envelope: str) -> DecodeResult:\n" +
		"        raise NotProvided(\"not mapped yet: map decode onto the SDK's API\")\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if _, err := New().(backend.ScaffoldAuditor).Stubs([]string{"no_such_op"}, s, backend.Options{}); err == nil || !strings.Contains(err.Error(), `"no_such_op"`) {
		t.Errorf("an unknown operation: %v", err)
	}
}
