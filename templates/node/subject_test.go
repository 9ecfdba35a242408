package node

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/protocoltest"
	"github.com/babelqueue/bqgen/protocol"
	"github.com/babelqueue/bqgen/templates/textkit"
)

// An operation added to the protocol reaches the subject interface (with
// its default), the oracle subject and the scaffold (as "not provided") with
// no edit here.
func TestNewOperationNeedsNoEdit(t *testing.T) {
	fake := protocol.Operation{Name: "fake_probe", Doc: "probes the fake_thing with probe_input", Since: "9.9.9",
		Params: []protocol.Field{{Name: "probe_input", Type: protocol.Type{Kind: protocol.OptionalText}, Doc: "what to probe"}},
		Result: protocol.Result{Member: "answer", Type: protocol.Type{Kind: protocol.RecordList, Record: "Delivery"}}}
	protocoltest.Append(t, fake)
	tmpl, err := parseTemplates()
	if err != nil {
		t.Fatal(err)
	}
	v, err := buildView(canonical(t), backend.Options{Binding: backend.BindSDK})
	if err != nil {
		t.Fatal(err)
	}
	if v.Scaffold, err = buildScaffold(v.API, "", func(name string) bool { return tmpl.Lookup(name) != nil }); err != nil {
		t.Fatal(err)
	}
	for root, wants := range map[string][]string{
		"subject.ts": {"Probes the fake_thing with probeInput.", "@param probeInput what to probe",
			"fakeProbe?(probeInput: string | null): Awaitable<Delivery[]>;",
			`fakeProbe: binding.fakeProbe?.bind(binding) ?? notProvided(
      "fake_probe",
      "this scaffold predates operation fake_probe (bqgen adds it from suite 9.9.9)",
    ),`},
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
// one); the core's scaffold maps the core's operations only.
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
	want := []string{`"decode"`, `"reencode"`, `"make"`, `"idempotency_key"`, `"idempotency_replay"`, `"validate_payload"`,
		`"new_message"`, `"dead_letter"`, `"idempotency_raised"`}
	if !slices.Equal(sc.Core, want) || len(sc.Transports) != 0 {
		t.Errorf("core operations %v, want %v; transports %v, want none", sc.Core, want, sc.Transports)
	}
	for _, bad := range []string{"adapter<", "await import(", "@babelqueue/sqs", "as unknown as"} {
		if strings.Contains(out, bad) {
			t.Errorf("the core's scaffold holds %q", bad)
		}
	}
}

// The missing-feature rule in the core's scaffold: a broker's operation
// belongs to its transport target and the reason claims nothing about that
// package; an operation no package has an API for names the missing API.
func TestScaffoldNotProvidedReasons(t *testing.T) {
	sc, out := renderScaffold(t)
	for _, m := range sc.Methods {
		if m.Transport == "" {
			continue
		}
		body := methodBody(t, out, m.Method)
		want := "belongs to the " + m.Transport + " transport target (blocks: [" + m.Transport + "] in bqgen.yaml)"
		if m.Mapping != "" || !strings.Contains(body, want) {
			t.Errorf("%s does not say it belongs to its transport target:\n%s", m.Name, body)
		}
		for _, claim := range []string{"@babelqueue/", " has no ", "does not"} {
			if strings.Contains(body, claim) {
				t.Errorf("%s claims something about the transport package (%q):\n%s", m.Name, claim, body)
			}
		}
	}
	reasons := map[string]string{}
	for _, m := range sc.Methods {
		reasons[m.Name] = m.Reason
	}
	for _, op := range []protocol.Operation{protocol.Settle, protocol.ReadMessage, protocol.WriteMessages} {
		if reasons[op.Name] != "scaffold."+op.Name+".not_provided" {
			t.Errorf("%s reports %q, not the messaging layer's reason", op.Name, reasons[op.Name])
		}
	}
	for _, want := range []string{"neither @babelqueue/core nor the adapter packages have a received-message handle that",
		"no WithBody copy", "have a RowErrorHandler", "no row_errors counter", "have a sink", "no FailedMessageAction",
		"once the SDK has the message-queue connectors' shared messaging layer, map the operation here",
		`new NotProvided("decode warnings", "this @babelqueue/core has no decode warnings hook`,
		`const hasWarningsHook = "FORBIDDEN_KEY_WARNING_CODE" in core;`} {
		if !strings.Contains(out, want) {
			t.Errorf("the scaffold lacks %q", want)
		}
	}
}

// Every mapping runs the SDK's code: none answers its input back, a
// constant, or a default where the SDK gave nothing.
func TestScaffoldMappingsCallTheSDK(t *testing.T) {
	sc, out := renderScaffold(t)
	sdk := regexp.MustCompile(`\b(EnvelopeCodec|codec|Wrap|InMemoryStore|payloadSchemas)\.|\b(Wrap|annotate)\(|\bnew InMemoryStore\(`)
	for _, m := range sc.Methods {
		if m.Mapping == "" {
			continue
		}
		body := methodBody(t, out, m.Method)
		if !sdk.MatchString(body) {
			t.Errorf("%s calls nothing of the SDK:\n%s", m.Name, body)
		}
		for _, bad := range []string{"return envelope;", "?? \"\";\n"} {
			if strings.Contains(body, bad) {
				t.Errorf("%s answers without the SDK (%q):\n%s", m.Name, bad, body)
			}
		}
	}
	for _, want := range []string{"Wrap remembered no key", "Wrap used different keys"} {
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
