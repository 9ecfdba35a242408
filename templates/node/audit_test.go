package node

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

var sdk = backend.Options{Binding: backend.BindSDK}

// auditFresh audits the scaffold the target of s generates, edited by edit.
func auditFresh(t *testing.T, s *model.Suite, edit func(string) string) []backend.ScaffoldFinding {
	t.Helper()
	src := string(generateWith(t, s, sdk)[bindingFile].Content)
	return New().(Backend).AuditScaffold(map[string][]byte{bindingFile: []byte(edit(src))}, s, sdk)
}

func same(src string) string { return src }

// The scaffold every target generates today, and the core scaffold written
// before the generated defaults existed, map every operation their tests call.
func TestAuditFreshScaffoldsHaveNoFindings(t *testing.T) {
	if got := auditFresh(t, canonical(t), same); len(got) != 0 {
		t.Errorf("core: %+v", got)
	}
	for _, block := range model.TransportBlocks {
		if got := auditFresh(t, selectBlocks(t, block), same); len(got) != 0 {
			t.Errorf("%s: %+v", block, got)
		}
	}
	old, err := os.ReadFile(filepath.Join("testdata", "upgrade", "conformance-binding.ts"))
	if err != nil {
		t.Fatal(err)
	}
	if got := protocoltest.WithoutLaterMissing(New().(Backend).AuditScaffold(map[string][]byte{bindingFile: old}, canonical(t), sdk)); len(got) != 0 {
		t.Errorf("the old core scaffold: %+v", got)
	}
}

// A method removed from the scaffold is a warning with the method to paste;
// an operation only another target calls is none.
func TestAuditMissingMethodWarns(t *testing.T) {
	drop := func(src string) string {
		return strings.Replace(src, "  make(urn: string", "  makeRenamed(urn: string", 1)
	}
	got := auditFresh(t, canonical(t), drop)
	if len(got) != 1 || got[0].Operation != "make" || got[0].Breaks || got[0].File != bindingFile {
		t.Fatalf("findings %+v, want one warning for make", got)
	}
	if !strings.Contains(got[0].Problem, "no method make") ||
		!strings.Contains(got[0].Stub, "  make(urn: string, queue: string, data: JsonObject): string {\n") ||
		!strings.Contains(got[0].Stub, `throw new NotProvided("make", "not mapped yet: map make onto the SDK's API");`) {
		t.Errorf("problem %q, stub:\n%s", got[0].Problem, got[0].Stub)
	}
	protocoltest.Append(t, protocoltest.Probe) // no block calls it: no warning
	if got := auditFresh(t, canonical(t), same); len(got) != 0 {
		t.Errorf("an operation no test calls: %+v", got)
	}
}

// A method whose parameter type tsc would no longer accept (kafka_reconcile's
// header, text since suite 1.4.0, declared as a number) breaks the build.
func TestAuditChangedSignatureBreaks(t *testing.T) {
	retype := func(src string) string {
		return strings.Replace(src, "headerAttempts: string | null", "headerAttempts: number | null", 1)
	}
	got := auditFresh(t, selectBlocks(t, model.BlockKafka), retype)
	if len(got) != 1 || got[0].Operation != "kafka_reconcile" || !got[0].Breaks {
		t.Fatalf("findings %+v, want kafka_reconcile breaking", got)
	}
	if !strings.Contains(got[0].Problem, "parameter 2 is number | null, the protocol's is string | null") ||
		got[0].Stub != "kafkaReconcile(bodyAttempts: number, headerAttempts: string | null): Awaitable<number>" {
		t.Errorf("problem %q, stub %q", got[0].Problem, got[0].Stub)
	}
	extra := func(src string) string {
		return strings.Replace(src, "  make(urn: string,", "  make(urn: string, extra: number,", 1)
	}
	if got := auditFresh(t, canonical(t), extra); len(got) != 1 || !got[0].Breaks {
		t.Errorf("an extra parameter: %+v", got)
	}
}

// Only the subject class is read: a type literal outside it (as the core
// scaffold's codec declares decode) is not the method.
func TestAuditReadsTheClassOnly(t *testing.T) {
	src := string(generateWith(t, canonical(t), sdk)[bindingFile].Content)
	src += "\nconst late: {\n  decode(raw: string, strict: boolean): void;\n} = { decode() {} };\n"
	if got := scaffoldMethods(src)["decode"]; len(got) != 1 || got[0] != "string" {
		t.Errorf("decode's parameters %q, want the class method's [string]", got)
	}
}

func TestParamProblem(t *testing.T) {
	for _, c := range []struct {
		got, want []string
		breaks    bool
	}{
		{[]string{}, []string{"string"}, false},
		{[]string{"string"}, []string{"string | null"}, false},
		{[]string{"string | null"}, []string{"string"}, false},
		{[]string{"JsonValue"}, []string{"string | null"}, false},
		{[]string{"number"}, []string{"string | null"}, true},
		{[]string{"readonly string[]"}, []string{"string[]"}, false},
		{[]string{"(x: string) => void"}, []string{"(x: string) => void"}, false},
		{[]string{"string", "string"}, []string{"string"}, true},
	} {
		if got := paramProblem(c.got, c.want) != ""; got != c.breaks {
			t.Errorf("paramProblem(%q, %q) breaks %v, want %v", c.got, c.want, got, c.breaks)
		}
	}
}

func TestStubs(t *testing.T) {
	out, err := New().(Backend).Stubs([]string{"make", "settle"}, canonical(t), sdk)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"  make(urn: string, queue: string, data: JsonObject): string {", "  settle(broker: string,",
		`"not mapped yet: map settle onto the SDK's API"`} {
		if !strings.Contains(out, want) {
			t.Errorf("stubs lack %q:\n%s", want, out)
		}
	}
	if _, err := New().(Backend).Stubs([]string{"no_such_op"}, canonical(t), sdk); err == nil || !strings.Contains(err.Error(), "no_such_op") {
		t.Errorf("an unknown operation: %v", err)
	}
}
