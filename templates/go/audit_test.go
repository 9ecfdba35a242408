package gobackend

import (
	"go/parser"
	"go/token"
	"os"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/protocoltest"
	"github.com/babelqueue/bqgen/internal/testkit/racetest"
	"github.com/babelqueue/bqgen/model"
)

var _ backend.ScaffoldAuditor = (*Backend)(nil)

// oldScaffold is the core scaffold as bqgen wrote it before the generated
// defaults (7de544a): one method per operation, no embedding, no assertion.
const oldScaffold = "testdata/upgrade/" + ScaffoldFile

// audit runs AuditScaffold on one scaffold source for s.
func audit(t *testing.T, s *model.Suite, src string) []backend.ScaffoldFinding {
	t.Helper()
	return (&Backend{}).AuditScaffold(map[string][]byte{ScaffoldFile: []byte(src)}, s, backend.Options{Binding: backend.BindSDK})
}

// The scaffold bqgen writes for every kind of target, and the one it wrote
// before the defaults, have nothing to report.
func TestAuditFindsNothingInFreshScaffolds(t *testing.T) {
	racetest.SkipRepetition(t, "it generates one scaffold after another; the backend's concurrent rendering is raced by TestGenerateIsDeterministic")
	t.Parallel()
	s := canonicalSuite(t)
	targets := map[string][]string{"all blocks": nil, "core": {model.BlockCases, model.BlockSettlement}}
	for _, b := range model.TransportBlocks {
		targets[b] = []string{b}
	}
	for name, blocks := range targets {
		sel := s
		if blocks != nil {
			sel = selectSuite(t, s, blocks...)
		}
		files := byPath(t, generate(t, sel, backend.Options{Binding: backend.BindSDK}))
		if findings := audit(t, sel, string(files[ScaffoldFile].Content)); len(findings) > 0 {
			t.Errorf("%s: %+v", name, findings)
		}
	}
	if findings := protocoltest.WithoutLaterMissing(audit(t, s, readOldScaffold(t))); len(findings) > 0 {
		t.Errorf("the scaffold of 7de544a: %+v", findings)
	}
}

// A method removed from a scaffold that embeds the defaults (or from one
// written before them, which compiles as well) is a warning naming the
// method, with the method to paste; without either, the build breaks.
func TestAuditWarnsOfAMissingMethod(t *testing.T) {
	t.Parallel()
	s := selectSuite(t, canonicalSuite(t), model.BlockCases, model.BlockSettlement)
	fresh := string(byPath(t, generate(t, s, backend.Options{Binding: backend.BindSDK}))[ScaffoldFile].Content)
	for name, src := range map[string]string{"fresh": fresh, "7de544a": readOldScaffold(t)} {
		findings := audit(t, s, withoutMethod(t, src, "Settle"))
		if len(findings) != 1 {
			t.Fatalf("%s: %d findings, want 1: %+v", name, len(findings), findings)
		}
		f := findings[0]
		if f.Breaks || f.Operation != "settle" || f.File != ScaffoldFile || !strings.Contains(f.Problem, "has no method Settle") ||
			!strings.Contains(f.Problem, "this scaffold predates operation settle (bqgen adds it from suite 1.3.0)") {
			t.Errorf("%s: %+v", name, f)
		}
		wantStub := "func (sdkConformanceSubject) Settle(\n\tbroker string,\n\tdeadLetterQueue bool,\n\tcalls []string,\n" +
			") (ConformanceSettlement, error) {\n\treturn ConformanceSettlement{}, conformanceNotProvided(\"not mapped yet: " +
			"map settle onto the SDK's API\")\n}\n"
		if f.Stub != wantStub {
			t.Errorf("%s: stub\n%s\nwant\n%s", name, f.Stub, wantStub)
		}
	}
	// An operation the target's tests do not call is no finding.
	if findings := audit(t, s, withoutMethod(t, readOldScaffold(t), "KafkaHeaders")); len(findings) != 0 {
		t.Errorf("a kafka method missing from a core target: %+v", findings)
	}
	noEmbed := strings.Replace(fresh, "struct {\n\tUnimplementedConformanceSubject\n}", "struct{}", 1)
	if noEmbed == fresh {
		t.Fatal("the fresh scaffold does not embed the defaults")
	}
	findings := audit(t, s, withoutMethod(t, noEmbed, "Settle"))
	if len(findings) == 0 || !findings[0].Breaks || !strings.Contains(findings[0].Problem, "does not embed UnimplementedConformanceSubject") {
		t.Errorf("asserted, not embedding, a method missing: %+v", findings)
	}
}

// A method whose signature is not the protocol's any more (kafka_reconcile's
// header became text in suite 1.4.0) breaks: the finding names the method
// and both signatures, and its stub is the new declaration.
func TestAuditBreaksOnAChangedSignature(t *testing.T) {
	t.Parallel()
	old := readOldScaffold(t)
	const was = "KafkaReconcile(bodyAttempts int64, headerAttempts *string)"
	changed := strings.Replace(old, was, "KafkaReconcile(bodyAttempts int64, headerAttempts *int64)", 1)
	if changed == old {
		t.Fatalf("the old scaffold has no %s", was)
	}
	findings := protocoltest.WithoutLaterMissing(audit(t, canonicalSuite(t), changed))
	if len(findings) != 1 {
		t.Fatalf("%d findings, want 1: %+v", len(findings), findings)
	}
	f := findings[0]
	if !f.Breaks || f.Operation != "kafka_reconcile" ||
		!strings.Contains(f.Problem, "sdkConformanceSubject.KafkaReconcile is func(int64, *int64) (int64, error); "+
			"the protocol's kafka_reconcile is func(int64, *string) (int64, error)") {
		t.Errorf("%+v", f)
	}
	if want := "func (sdkConformanceSubject) " + was + " (int64, error)"; f.Stub != want {
		t.Errorf("stub %q, want %q", f.Stub, want)
	}
}

// Stubs are the named operations' methods, each valid Go; an unknown name is
// an error naming it.
func TestStubs(t *testing.T) {
	t.Parallel()
	b := &Backend{}
	s := canonicalSuite(t)
	out, err := b.Stubs([]string{"kafka_reconcile", "decode"}, s, backend.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := parser.ParseFile(token.NewFileSet(), "stubs.go", "package p\n"+out, 0); err != nil {
		t.Errorf("the stubs do not parse: %v\n%s", err, out)
	}
	for _, want := range []string{
		"func (sdkConformanceSubject) KafkaReconcile(bodyAttempts int64, headerAttempts *string) (int64, error) {",
		`return 0, conformanceNotProvided("not mapped yet: map kafka_reconcile onto the SDK's API")`,
		"func (sdkConformanceSubject) Decode(envelope []byte) (ConformanceDecodeResult, error) {",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the stubs lack %s:\n%s", want, out)
		}
	}
	if _, err := b.Stubs([]string{"decode", "frobnicate"}, s, backend.Options{}); err == nil || !strings.Contains(err.Error(), `"frobnicate"`) {
		t.Errorf("an unknown operation: %v", err)
	}
}

func readOldScaffold(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(oldScaffold)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// withoutMethod removes the scaffold subject's method from src.
func withoutMethod(t *testing.T, src, method string) string {
	t.Helper()
	start := strings.Index(src, "\nfunc (sdkConformanceSubject) "+method+"(")
	if start < 0 {
		t.Fatalf("no method %s", method)
	}
	end := strings.Index(src[start:], "\n}\n")
	return src[:start] + src[start+end+2:]
}

func selectSuite(t *testing.T, s *model.Suite, blocks ...string) *model.Suite {
	t.Helper()
	sel, err := s.Select(blocks)
	if err != nil {
		t.Fatal(err)
	}
	return sel
}
