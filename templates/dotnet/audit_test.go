package dotnet

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/protocoltest"
	"github.com/babelqueue/bqgen/model"
)

var _ backend.ScaffoldAuditor = Backend{}

// scaffoldOf generates s and returns its scaffold file.
func scaffoldOf(t *testing.T, s *model.Suite) map[string][]byte {
	t.Helper()
	for _, f := range generateWith(t, s, backend.Options{Binding: backend.BindSDK}) {
		if f.Kind == backend.Scaffold {
			return map[string][]byte{f.Path: f.Content}
		}
	}
	t.Fatal("no scaffold")
	return nil
}

// The scaffold bqgen writes, for the core and for every transport target,
// and the one today's main wrote before the defaults (testdata/upgrade),
// map every operation as the generated interface expects.
func TestAuditScaffoldFindsNothingInFreshScaffolds(t *testing.T) {
	suites := map[string]*model.Suite{"core": loadSuites(t)[0].suite}
	for _, block := range model.TransportBlocks {
		suites[block] = selectBlocks(t, block)
	}
	for name, s := range suites {
		if got := (Backend{}).AuditScaffold(scaffoldOf(t, s), s, backend.Options{}); len(got) > 0 {
			t.Errorf("%s: %+v", name, got)
		}
	}
	old, err := os.ReadFile(filepath.Join("testdata", "upgrade", scaffoldFileName))
	if err != nil {
		t.Fatal(err)
	}
	old2 := map[string][]byte{"SdkConformanceSubject.cs": old}
	if got := protocoltest.WithoutLaterMissing((Backend{}).AuditScaffold(old2, suites["core"], backend.Options{})); len(got) > 0 {
		t.Errorf("the scaffold written before the defaults: %+v", got)
	}
}

// A scaffold without the method of an operation its tests call gets a
// warning with the method to paste; with an operation no test calls
// (protocoltest.Probe), nothing.
func TestAuditScaffoldWarnsOfMissingMethod(t *testing.T) {
	s := loadSuites(t)[0].suite
	files := scaffoldOf(t, s)
	for path, content := range files {
		files[path] = []byte(strings.Replace(string(content), "public DecodeResult Decode(string envelope)",
			"public DecodeResult DecodeIt(string envelope)", 1))
	}
	got := (Backend{}).AuditScaffold(files, s, backend.Options{})
	if len(got) != 1 || got[0].Operation != "decode" || got[0].Breaks ||
		!strings.Contains(got[0].Problem, "no method DecodeResult Decode(string) for decode") ||
		!strings.Contains(got[0].Problem, "this scaffold predates operation decode") ||
		!strings.Contains(got[0].Stub, "    public DecodeResult Decode(string envelope) =>\n") {
		t.Errorf("a scaffold without Decode: %+v", got)
	}
}

// An operation appended to the protocol that no block calls yet is the
// target's (backend.Expects): a warning with the stub, never a break, as
// its default answers.
func TestAuditScaffoldWarnsOfAddedOperation(t *testing.T) {
	protocoltest.Append(t, protocoltest.Probe)
	s := loadSuites(t)[0].suite
	old, err := os.ReadFile(filepath.Join("testdata", "upgrade", scaffoldFileName))
	if err != nil {
		t.Fatal(err)
	}
	got := protocoltest.WithoutLaterMissing((Backend{}).AuditScaffold(map[string][]byte{"S.cs": old}, s, backend.Options{}))
	if len(got) != 1 || got[0].Operation != "probe_echo" || got[0].Breaks ||
		!strings.Contains(got[0].Problem, "this scaffold predates operation probe_echo") {
		t.Errorf("the old scaffold after probe_echo is added: %+v", got)
	}
	stubs, err := Backend{}.Stubs([]string{"probe_echo"}, s, backend.Options{})
	if err != nil || !strings.Contains(stubs, "public string ProbeEcho(string text) =>") {
		t.Errorf("the stub of probe_echo: %v\n%s", err, stubs)
	}
}

// A method whose signature changed as kafka_reconcile's header did in suite
// 1.4.0 (long? to string?): a public one is another overload, which C#
// compiles while the default answers (a warning); an explicit
// implementation, a nullability-only difference, and a missing Capabilities
// do not build (Breaks).
func TestAuditScaffoldChangedSignature(t *testing.T) {
	s := selectBlocks(t, model.BlockKafka)
	const current = "KafkaReconcile(long bodyAttempts, string? headerAttempts)"
	for name, c := range map[string]struct {
		from, to, op string
		breaks       bool
		problem      string
	}{
		"overload":    {current, "KafkaReconcile(long bodyAttempts, long? headerAttempts)", "kafka_reconcile", false, "the interface's default answers"},
		"explicit":    {"public long " + current, "long IConformanceSubject.KafkaReconcile(long bodyAttempts, long? headerAttempts)", "kafka_reconcile", true, "CS0539"},
		"nullability": {current, "KafkaReconcile(long bodyAttempts, string headerAttempts)", "kafka_reconcile", true, "only in nullability"},
		"handshake":   {"public IReadOnlyList<string> Capabilities()", "public IReadOnlyList<string> Provides()", "capabilities", true, "CS0535"},
	} {
		files := scaffoldOf(t, s)
		for path, content := range files {
			if !strings.Contains(string(content), c.from) {
				t.Fatalf("%s: the scaffold has no %s", name, c.from)
			}
			files[path] = []byte(strings.Replace(string(content), c.from, c.to, 1))
		}
		got := (Backend{}).AuditScaffold(files, s, backend.Options{})
		if len(got) != 1 || got[0].Operation != c.op || got[0].Breaks != c.breaks ||
			!strings.Contains(got[0].Problem, c.problem) {
			t.Errorf("%s: %+v", name, got)
		}
	}
}

// Stubs are the methods of the named operations, each reporting not
// provided; an unknown name is an error naming it.
func TestStubs(t *testing.T) {
	s := loadSuites(t)[0].suite
	got, err := Backend{}.Stubs([]string{"kafka_reconcile", "settle"}, s, backend.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"    public long KafkaReconcile(long bodyAttempts, string? headerAttempts) =>\n",
		`"not mapped yet: map kafka_reconcile onto the SDK's API");`,
		"public Settlement Settle(",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the stubs lack %q:\n%s", want, got)
		}
	}
	if _, err := (Backend{}).Stubs([]string{"no_such_op"}, s, backend.Options{}); err == nil ||
		!strings.Contains(err.Error(), `"no_such_op"`) {
		t.Errorf("an unknown operation: %v", err)
	}
}
