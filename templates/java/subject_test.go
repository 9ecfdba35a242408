package java

import (
	"regexp"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/protocol"
	"github.com/babelqueue/bqgen/templates/textkit"
)

// A 19th operation, with a record of its own, needs no edit in this
// backend: it appears in the subject interface, the oracle subject sends it
// and reads its answer, and the scaffold reports it not provided.
func TestNewOperationNeedsNoEdit(t *testing.T) {
	s := canonical(t)
	envelope := protocol.Field{Name: "envelope", Type: protocol.Type{Kind: protocol.Envelope}}
	ops := append(protocol.All(), protocol.Operation{
		Name: "nats_message", Transport: "nats", Doc: "runs the NATS transport's produce-side projection",
		Params: []protocol.Field{envelope, {Name: "redelivery_count", Type: protocol.Type{Kind: protocol.OptionalInteger}}},
		Result: protocol.Result{Member: "message", Type: protocol.Type{Kind: protocol.OptionalRecord, Record: "NATSMessage"}},
	})
	records := append(append([]protocol.RecordType{}, protocol.Records...), protocol.RecordType{
		Name: "NATSMessage", Doc: "the projected NATS message", Fields: []protocol.Field{
			{Name: "subject", Type: protocol.Type{Kind: protocol.Text}},
			{Name: "headers", Type: protocol.Type{Kind: protocol.TextMap}, Doc: "the message headers"},
		}})
	tmpl, err := parseTemplates()
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	for _, binding := range []backend.Binding{backend.BindOracle, backend.BindSDK} {
		v, err := buildViewOf(s, backend.Options{Binding: binding}, ops, records)
		if err != nil {
			t.Fatal(err)
		}
		out, err := textkit.RenderAll(tmpl, v.Outputs)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range out {
			files[f.Path[strings.LastIndex(f.Path, "/")+1:]] = string(f.Content)
		}
	}
	want := map[string][]string{
		subjectInterfaceFile: {
			"    NatsMessage natsMessage(String envelope, Long redeliveryCount);\n",
			"    record NatsMessage(String subject, Map<String, String> headers) {\n",
			"Runs the NATS transport's produce-side projection.",
		},
		oracleSubjectFile: {
			"    public NatsMessage natsMessage(String envelope, Long redeliveryCount) {\n",
			`call("nats_message",`,
			`jsonMember("redelivery_count", optionalInteger(redeliveryCount))`,
			`return member(result, "message", nullable(OracleConformanceSubject::readNatsMessage));`,
			"    private static NatsMessage readNatsMessage(ConformanceJson value, String name) {\n",
		},
		scaffoldFile: {
			"    public NatsMessage natsMessage(String envelope, Long redeliveryCount) {\n" +
				"        throw new NotProvidedException(TRANSPORT + \"the nats transport)\");\n",
		},
	}
	for file, snippets := range want {
		for _, snippet := range snippets {
			if !strings.Contains(files[file], snippet) {
				t.Errorf("%s lacks %q", file, snippet)
			}
		}
	}
	if strings.Contains(files[scaffoldFile], `"nats_message"`) {
		t.Errorf("the scaffold lists nats_message among its capabilities, but maps no body for it")
	}
}

// The scaffold's capabilities are exactly the operations whose mapping a
// template defines, in protocol order, and every other operation throws.
func TestScaffoldCapabilitiesAreTheMappedOperations(t *testing.T) {
	tmpl, err := parseTemplates()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{`"capabilities"`}
	for _, op := range protocol.Operations {
		if tmpl.Lookup("scaffold."+op.Name) != nil {
			want = append(want, javaString(op.Name))
		}
	}
	if len(want) == 1 {
		t.Fatal("no operation has a scaffold mapping")
	}
	f := byPath(generate(t, canonical(t), bindings["sdk"]))[packageDir(DefaultPackage)+scaffoldFile]
	list := regexp.MustCompile(`(?s)return List\.of\((.*?)\);`).FindStringSubmatch(string(f.Content))
	if list == nil {
		t.Fatal("no capabilities list in the scaffold")
	}
	got := strings.Fields(strings.ReplaceAll(list[1], ",", " "))
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("capabilities %v, want %v", got, want)
	}
	if n := strings.Count(string(f.Content), "throw new NotProvidedException("); n != len(protocol.Operations)+1-len(want) {
		t.Errorf("%d operations report not provided, want %d", n, len(protocol.Operations)+1-len(want))
	}
}
