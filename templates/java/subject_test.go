package java

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
	"github.com/babelqueue/bqgen/templates/textkit"
)

// A 19th operation, with a record of its own, needs no edit in this
// backend: it appears in the subject interface with a default that reports
// it not provided, the oracle subject sends it and reads its answer, and
// the scaffold leaves it to the default.
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
			"    default NatsMessage natsMessage(String envelope, Long redeliveryCount) {\n" +
				"        throw new NotProvidedException(\"belongs to the nats transport target (blocks: [nats] in bqgen.yaml)\");\n",
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
	}
	for file, snippets := range want {
		for _, snippet := range snippets {
			if !strings.Contains(files[file], snippet) {
				t.Errorf("%s lacks %q", file, snippet)
			}
		}
	}
	if strings.Contains(files[scaffoldFile], "natsMessage(") {
		t.Errorf("the scaffold has a method for nats_message, which only another target's tests call: the default answers")
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
	// The core's own operations without a mapping say why; the others are
	// left to the interface's defaults.
	own := 1 // capabilities
	for _, op := range protocol.Operations {
		if backend.Belongs(canonical(t), op, transportLayout) {
			own++
		}
	}
	if n := strings.Count(string(f.Content), "throw new NotProvidedException("); n != own-len(want) {
		t.Errorf("%d operations report not provided, want %d", n, own-len(want))
	}
}

// scaffoldMethod is the body of one method of the canonical scaffold.
func scaffoldMethod(t *testing.T, scaffold, method string) string {
	t.Helper()
	return methodBody(t, scaffold, "public", method)
}

// methodBody is the body of the member method of source declared with
// modifier ("public", or "default" in the subject interface).
func methodBody(t *testing.T, source, modifier, method string) string {
	t.Helper()
	m := regexp.MustCompile(`(?s)\n    ` + modifier + ` [^\n]* ` + method + `\(([^)]*)\) \{\n(.*?)\n    \}\n`).FindStringSubmatch(source)
	if m == nil {
		t.Fatalf("no %s method %s", modifier, method)
	}
	return m[2]
}

// Every transport operation belongs to its broker's transport target in the
// core target too (the missing-feature rule), though the core generates its
// tests: the scaffold has no method for it and the interface's default says
// where it belongs, with no claim about what that package does or lacks.
func TestScaffoldTransportOperationsBelongElsewhere(t *testing.T) {
	files := byPath(generate(t, canonical(t), bindings["sdk"]))
	scaffold := string(files[packageDir(DefaultPackage)+scaffoldFile].Content)
	api := string(files[packageDir(DefaultPackage)+subjectInterfaceFile].Content)
	checked := 0
	for _, op := range protocol.Operations {
		if op.Transport == "" {
			continue
		}
		method, err := identifier(op.Name, false)
		if err != nil {
			t.Fatal(err)
		}
		reason := fmt.Sprintf("belongs to the %s transport target (blocks: [%s] in bqgen.yaml)", op.Transport, op.Transport)
		if body := methodBody(t, api, "default", method); body != "        throw new NotProvidedException(\""+reason+"\");" {
			t.Errorf("%s:\n%s\nwant its default to throw NotProvidedException(%q)", method, body, reason)
		}
		if strings.Contains(scaffold, " "+method+"(") {
			t.Errorf("the core scaffold has a method %s, which the default answers", method)
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("the protocol has no transport operation to check")
	}
}

// In a transport target, a core operation belongs to the core target and
// another broker's to that broker's transport target, in the missing-feature
// rule's exact wording: the interface's defaults say so, and the scaffold
// has no method for them.
func TestTransportScaffoldOtherOperationsBelongElsewhere(t *testing.T) {
	files := generate(t, selectBlocks(t, canonical(t), model.BlockSQS), backend.Options{Binding: backend.BindSDK})
	scaffold := string(byPath(files)["src/test/java/com/babelqueue/sqs/"+scaffoldFile].Content)
	api := string(byPath(files)["src/test/java/com/babelqueue/sqs/"+subjectInterfaceFile].Content)
	cores := 0
	for _, op := range protocol.Operations {
		if op.Transport == model.BlockSQS || op.Name == protocol.Capabilities.Name {
			continue
		}
		method, err := identifier(op.Name, false)
		if err != nil {
			t.Fatal(err)
		}
		reason := fmt.Sprintf("belongs to the %s transport target (blocks: [%s] in bqgen.yaml)", op.Transport, op.Transport)
		if op.Transport == "" {
			reason = "belongs to the core target (a target without broker blocks in bqgen.yaml)"
			cores++
		}
		if body := methodBody(t, api, "default", method); body != "        throw new NotProvidedException(\""+reason+"\");" {
			t.Errorf("%s:\n%s\nwant its default to throw NotProvidedException(%q)", method, body, reason)
		}
		if strings.Contains(scaffold, " "+method+"(") {
			t.Errorf("the sqs scaffold has a method %s, which the default answers", method)
		}
	}
	if cores == 0 {
		t.Fatal("the protocol has no core operation to check")
	}
}

// idempotency_key asks the helper for the key of one delivery: it fails
// when the helper remembered none, or used two different keys.
func TestScaffoldIdempotencyKeyChecksTheRememberedKeys(t *testing.T) {
	f := byPath(generate(t, canonical(t), bindings["sdk"]))[packageDir(DefaultPackage)+scaffoldFile]
	body := scaffoldMethod(t, string(f.Content), "idempotencyKey")
	for _, want := range []string{
		"remembered.add(messageId);",
		`"the idempotency helper remembered no key for the delivery"`,
		`"the idempotency helper used different keys for one delivery:"`,
		"if (!Objects.equals(key, other)) {",
		"return key;",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("idempotencyKey lacks %q:\n%s", want, body)
		}
	}
}

// No scaffold mapping can pass whatever the SDK does: none returns one of
// its own parameters, and every one calls the SDK (a class of package
// com.babelqueue) or reports not provided.
func TestScaffoldMappingsCallTheSDK(t *testing.T) {
	api, err := buildSubject(canonical(t), protocol.All(), protocol.Records)
	if err != nil {
		t.Fatal(err)
	}
	f := byPath(generate(t, canonical(t), bindings["sdk"]))[packageDir(DefaultPackage)+scaffoldFile]
	sdkCall := regexp.MustCompile(`\b(EnvelopeCodec|Idempotent|PayloadValidator|CoreVersions|DeadLetters)\.\w+\(|\bnew InMemoryStore\(`)
	mapped := 0
	for _, op := range api.Operations {
		if op.Handshake {
			continue
		}
		if !strings.Contains(string(f.Content), " "+op.Method+"(") {
			continue // the interface's default answers it
		}
		body := scaffoldMethod(t, string(f.Content), op.Method)
		if strings.Contains(body, "throw new NotProvidedException(") {
			continue
		}
		mapped++
		for _, p := range op.Params {
			if strings.Contains(body, "return "+p+";") {
				t.Errorf("%s returns its parameter %s", op.Name, p)
			}
		}
		if !sdkCall.MatchString(body) {
			t.Errorf("%s calls no SDK API:\n%s", op.Name, body)
		}
	}
	if mapped == 0 {
		t.Error("no operation is mapped")
	}
}
