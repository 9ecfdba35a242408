package node

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/protocol"
	"github.com/babelqueue/bqgen/templates/textkit"
)

// An operation added to the protocol reaches the subject interface, the
// oracle subject and the scaffold (as "not provided") with no edit here.
func TestNewOperationNeedsNoEdit(t *testing.T) {
	fake := protocol.Operation{Name: "fake_probe", Doc: "probes the fake_thing with probe_input",
		Params: []protocol.Field{{Name: "probe_input", Type: protocol.Type{Kind: protocol.OptionalText}, Doc: "what to probe"}},
		Result: protocol.Result{Member: "answer", Type: protocol.Type{Kind: protocol.RecordList, Record: "Delivery"}}}
	api, err := buildSubject(append(slices.Clone(protocol.Operations), fake), protocol.Records)
	if err != nil {
		t.Fatal(err)
	}
	tmpl, err := parseTemplates()
	if err != nil {
		t.Fatal(err)
	}
	v, err := buildView(canonical(t), backend.Options{Binding: backend.BindSDK})
	if err != nil {
		t.Fatal(err)
	}
	v.API = api
	if v.Scaffold, err = buildScaffold(api, "", func(name string) bool { return tmpl.Lookup(name) != nil }); err != nil {
		t.Fatal(err)
	}
	for root, wants := range map[string][]string{
		"subject.ts": {"Probes the fake_thing with probeInput.", "@param probeInput what to probe",
			"fakeProbe(probeInput: string | null): Awaitable<Delivery[]>;"},
		"oracle.ts": {"fakeProbe(probeInput: string | null): Promise<Delivery[]> {",
			`return this.#call<Delivery[]>("fake_probe", { probe_input: probeInput }, "answer");`},
		"scaffold.ts": {"fakeProbe(): never {", `"fake_probe",`, "maps it onto no API of the SDK yet"},
	} {
		out, err := textkit.Render(tmpl, root, v)
		if err != nil {
			t.Fatalf("%s: %v", root, err)
		}
		for _, want := range wants {
			if !strings.Contains(string(out), want) {
				t.Errorf("%s lacks %q:\n%s", root, want, out)
			}
		}
	}
	if slices.Contains(v.Scaffold.Core, tsString(fake.Name)) {
		t.Errorf("the scaffold lists %s as provided without a mapping", fake.Name)
	}
}

// Every operation of the protocol has a mapping onto the SDK or reports
// "not provided" (with the scaffold's default reason unless its block gives
// one), and the mappings' capabilities are as before.
func TestScaffoldMappings(t *testing.T) {
	sc, out := renderScaffold(t)
	for _, m := range sc.Methods {
		if m.Mapping != "" {
			continue
		}
		if !strings.Contains(out, m.Method+"(): never {\n    throw new NotProvided(\n      "+m.OpLiteral+",") {
			t.Errorf("%s has no mapping, yet its method does not report it not provided", m.Name)
		}
	}
	var adapters []string
	for _, m := range sc.Adapters {
		adapters = append(adapters, m.Name)
	}
	want := []string{"sqs_attributes", "asb_message", "pulsar_properties", "kafka_headers", "artemis_message",
		"rabbitmq_publishing", "redis_roundtrip"}
	if !slices.Equal(adapters, want) {
		t.Errorf("adapter operations %v, want %v", adapters, want)
	}
	if len(sc.Core) != 6 || len(sc.Transports) != 7 {
		t.Errorf("core operations %v, adapter declarations %v", sc.Core, sc.Transports)
	}
}

// The operations the SDK has no API for say why, naming the package: the
// adapters keep their reconciliation private and have no schema-version
// gate.
func TestScaffoldNotProvidedReasons(t *testing.T) {
	sc, out := renderScaffold(t)
	reasons := map[string]string{}
	for _, m := range sc.Methods {
		if m.Reason != "" {
			reasons[m.Name] = m.Reason
		}
	}
	for _, op := range protocol.Operations {
		gate := strings.HasSuffix(op.Name, "_schema_version_gate")
		if !gate && !strings.HasSuffix(op.Name, "_reconcile") {
			continue
		}
		if reasons[op.Name] == "" {
			t.Errorf("%s reports the default reason, not the SDK's", op.Name)
		}
	}
	for _, op := range []protocol.Operation{protocol.Settle, protocol.ReadMessage, protocol.WriteMessages} {
		if reasons[op.Name] != "scaffold."+op.Name+".not_provided" {
			t.Errorf("%s reports %q, not the messaging layer's reason", op.Name, reasons[op.Name])
		}
	}
	for _, want := range []string{"neither @babelqueue/core nor the adapter packages have a received-message handle that",
		"no WithBody copy", "have a RowErrorHandler", "no row_errors counter", "have a sink", "no FailedMessageAction",
		"once the SDK has the message-queue connectors' shared messaging layer, map the operation here",
		"@babelqueue/sqs has no schema-version gate: SqsConsumer decodes",
		"@babelqueue/azure-service-bus has no schema-version gate: AsbConsumer decodes",
		"@babelqueue/pulsar has no schema-version gate", "@babelqueue/kafka has no schema-version gate",
		"@babelqueue/artemis has no schema-version gate", "drive the consumer with the property set"} {
		if !strings.Contains(out, want) {
			t.Errorf("the scaffold lacks %q", want)
		}
	}
}

// Every mapping runs the SDK's code: none answers its input back, a
// constant, or a default where the SDK gave nothing.
func TestScaffoldMappingsCallTheSDK(t *testing.T) {
	sc, out := renderScaffold(t)
	sdk := regexp.MustCompile(`\b(EnvelopeCodec|codec|Wrap|InMemoryStore|payloadSchemas)\.|\bWrap\(|await adapter<`)
	for _, m := range sc.Methods {
		if m.Mapping == "" {
			continue
		}
		body := methodBody(t, out, m.Method)
		if !sdk.MatchString(body) {
			t.Errorf("%s calls nothing of the SDK:\n%s", m.Name, body)
		}
		for _, bad := range []string{"return envelope;", "?? \"\";\n", "return frameValue(", ".frameValue(envelope);"} {
			if strings.Contains(body, bad) {
				t.Errorf("%s answers without the SDK (%q):\n%s", m.Name, bad, body)
			}
		}
	}
	for _, want := range []string{"new redis.RedisConsumer(client, queue, handlers", "await consumer.poll()",
		"queued_after_reserve: client.length(queue)", "Wrap remembered no key", "Wrap used different keys"} {
		if !strings.Contains(out, want) {
			t.Errorf("the scaffold lacks %q", want)
		}
	}
}

// renderScaffold lays out and renders the canonical suite's scaffold.
func renderScaffold(t *testing.T) (scaffoldView, string) {
	t.Helper()
	tmpl, err := parseTemplates()
	if err != nil {
		t.Fatal(err)
	}
	api, err := buildSubject(protocol.Operations, protocol.Records)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := buildScaffold(api, "", func(name string) bool { return tmpl.Lookup(name) != nil })
	if err != nil {
		t.Fatal(err)
	}
	v, err := buildView(canonical(t), backend.Options{Binding: backend.BindSDK})
	if err != nil {
		t.Fatal(err)
	}
	v.Scaffold = sc
	out, err := textkit.Render(tmpl, "scaffold.ts", v)
	if err != nil {
		t.Fatal(err)
	}
	return sc, string(out)
}

// methodBody is the source of a class method of the scaffold, from its
// signature to its closing brace.
func methodBody(t *testing.T, src, method string) string {
	t.Helper()
	src = src[strings.Index(src, "class SdkSubject "):]
	start := regexp.MustCompile(`(?m)^  (async )?` + method + `\(`).FindStringIndex(src)
	if start == nil {
		t.Fatalf("no method %s", method)
	}
	end := strings.Index(src[start[0]:], "\n  }\n")
	return src[start[0] : start[0]+end+4]
}

// A mapping onto an adapter whose block names no package is an error, not
// a scaffold that cannot load it.
func TestScaffoldMappingWithoutPackageIsAnError(t *testing.T) {
	api, err := buildSubject(protocol.Operations, protocol.Records)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := buildScaffold(api, "", func(name string) bool { return strings.HasPrefix(name, "scaffold.") }); err == nil {
		t.Error("no error for mappings without their package")
	}
}

func TestNames(t *testing.T) {
	for in, want := range map[string]string{"rabbitmq_publishing": "rabbitmqPublishing", "attempts_increment": "attemptsIncrement",
		"decode": "decode", "approximate_receive_count": "approximateReceiveCount"} {
		if got := lowerCamel(in); got != want {
			t.Errorf("lowerCamel(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{"SQSAttribute": "SQSAttribute", "DecodeResult": "DecodeResult", "View": "View"} {
		if got := typeName(in); got != want {
			t.Errorf("typeName(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDocsThatWouldEndTheirCommentAreErrors(t *testing.T) {
	bad := protocol.Operation{Name: "bad", Doc: "ends */ here", Result: protocol.Result{Member: "x", Type: protocol.Type{Kind: protocol.Text}}}
	if _, err := buildSubject([]protocol.Operation{bad}, protocol.Records); err == nil {
		t.Error("a doc holding */ was accepted")
	}
}
