package dotnet

import (
	"errors"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// generateWith generates s with opt, failing the test on an error.
func generateWith(t *testing.T, s *model.Suite, opt backend.Options) []backend.File {
	t.Helper()
	files, err := New().Generate(s, opt)
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func selectBlocks(t *testing.T, blocks ...string) *model.Suite {
	t.Helper()
	s, err := loadSuites(t)[0].suite.Select(blocks)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// An option the backend cannot honour is an OptionError whose message does
// not name the language (the app prefixes it).
func TestOptionErrors(t *testing.T) {
	for name, c := range map[string]struct {
		s   *model.Suite
		opt backend.Options
	}{
		"namespace": {loadSuites(t)[0].suite, backend.Options{Binding: backend.BindSDK, Package: "x y"}},
		"transports": {selectBlocks(t, model.BlockSQS, model.BlockKafka),
			backend.Options{Binding: backend.BindSDK}},
	} {
		_, err := New().Generate(c.s, c.opt)
		var optErr *backend.OptionError
		if !errors.As(err, &optErr) {
			t.Errorf("%s: %v is not an OptionError", name, err)
			continue
		}
		if strings.HasPrefix(optErr.Msg, "dotnet") {
			t.Errorf("%s: %q names the language", name, optErr.Msg)
		}
	}
	if _, err := New().Generate(loadSuites(t)[0].suite, backend.Options{Binding: backend.BindSDK, Package: "x y"}); err == nil ||
		err.Error() != `package "x y" is not a C# namespace: "x y" is not an identifier` {
		t.Errorf("namespace error: %v", err)
	}
	// The oracle's standalone project takes any blocks.
	if _, err := New().Generate(selectBlocks(t, model.BlockSQS, model.BlockKafka), backend.Options{Binding: backend.BindOracle}); err != nil {
		t.Error(err)
	}
}

// Every generated file names the command that regenerates it, made safe for
// its comment, and the default when none is given.
func TestHeaderNamesTheRegenerateCommand(t *testing.T) {
	s := loadSuites(t)[0].suite
	cmd := "bqgen generate --lang dotnet --out . --package 'A */ --> B'\nrm -rf /"
	for _, f := range generateWith(t, s, backend.Options{Binding: backend.BindSDK, Regenerate: cmd}) {
		if f.Kind != backend.Generated || isIndex(f) {
			continue
		}
		want := "// Do not edit: regenerate with " + commentText(cmd) + "\n"
		if !strings.HasSuffix(f.Path, ".cs") {
			want = "<BabelQueueConformanceRegenerate>" + xmlText(cmd) + "</BabelQueueConformanceRegenerate>"
		}
		if !strings.Contains(string(f.Content), want) {
			t.Errorf("%s does not say %q", f.Path, want)
		}
		if strings.Contains(string(f.Content), "\nrm -rf") {
			t.Errorf("%s carries the command's newline raw", f.Path)
		}
	}
	for _, f := range generate(t, s, backend.BindSDK) {
		if f.Kind == backend.Generated && !isIndex(f) && !strings.Contains(string(f.Content), "regenerate with "+defaultRegenerate) &&
			!strings.Contains(string(f.Content), ">"+defaultRegenerate+"<") {
			t.Errorf("%s does not name the default command", f.Path)
		}
	}
}

// A suite of one broker's blocks is a transport target: the output goes into
// that package's test project, in its namespace, and the scaffold maps the
// block's operations onto the package, says nothing of running the block
// elsewhere, and generates no other block.
func TestTransportTarget(t *testing.T) {
	files := filesByPath(generateWith(t, selectBlocks(t, model.BlockSQS), backend.Options{Binding: backend.BindSDK}))
	dir := "tests/BabelQueue.Sqs.Tests/"
	checkKinds(t, "sqs", files, map[string]backend.Kind{
		dir + "SdkConformanceSubject.cs":                          backend.Scaffold,
		dir + "GeneratedConformance/SqsConformanceTests.cs":       backend.Generated,
		dir + "GeneratedConformance/BabelQueue.Conformance.props": backend.Generated,
		dir + "GeneratedConformance/ConformanceSupport.cs":        backend.Generated,
		dir + "conformance/manifest.json":                         backend.Vendored,
	})
	for p, f := range files {
		if !strings.HasPrefix(p, dir) {
			t.Errorf("%s is outside %s", p, dir)
		}
		if strings.HasSuffix(p, ".cs") && !strings.Contains(string(f.Content), "namespace BabelQueue.Sqs.Tests.Conformance;") {
			t.Errorf("%s is not in BabelQueue.Sqs.Tests.Conformance", p)
		}
		if strings.HasSuffix(p, "ConformanceTests.cs") && !strings.HasSuffix(p, "/SqsConformanceTests.cs") {
			t.Errorf("a block the target did not get: %s", p)
		}
	}
	scaffold := string(files[dir+"SdkConformanceSubject.cs"].Content)
	for _, want := range []string{
		"global::BabelQueue.Sqs.SqsAttributes.Project(EnvelopeCodec.Decode(envelope))",
		"new SqsConsumer(client.Object, QueueUrl, handlers).PollAsync()",
		`["bq-schema-version"] = new MessageAttributeValue { DataType = "String", StringValue = property }`,
		`["ApproximateReceiveCount"] = approximateReceiveCount`,
		"using Amazon.SQS.Model;",
	} {
		if !strings.Contains(scaffold, want) {
			t.Errorf("the SQS scaffold lacks %s", want)
		}
	}
	provided := scaffold[strings.Index(scaffold, "Provided ="):strings.Index(scaffold, "};")]
	for _, op := range []string{"sqs_attributes", "sqs_reconcile", "sqs_schema_version_gate"} {
		if !strings.Contains(provided, `"`+op+`"`) {
			t.Errorf("%s is not provided", op)
		}
	}
	if strings.Contains(provided, `"decode"`) || strings.Contains(provided, `"kafka_headers"`) {
		t.Errorf("the SQS scaffold provides another package's operation:\n%s", provided)
	}
	for _, bad := range []string{"map it in that package's test project", "in BabelQueue.Sqs's test project",
		"its API is in BabelQueue.Sqs"} {
		if strings.Contains(scaffold, bad) {
			t.Errorf("the SQS scaffold says %q in the SQS repository", bad)
		}
	}
	props := string(files[dir+"GeneratedConformance/BabelQueue.Conformance.props"].Content)
	if !strings.Contains(props, "tests/BabelQueue.Sqs.Tests/BabelQueue.Sqs.Tests.csproj") {
		t.Errorf("the props does not name the SQS test project:\n%s", props)
	}
	// The Artemis scaffold maps its block onto BabelQueue.Artemis the same way:
	// the internal projection, and the public consumer over a mocked receiver
	// for reconciliation and the gate, all three provided.
	artemisDir := "tests/BabelQueue.Artemis.Tests/"
	artemis := filesByPath(generateWith(t, selectBlocks(t, model.BlockArtemis), backend.Options{Binding: backend.BindSDK}))
	artemisScaffold := string(artemis[artemisDir+"SdkConformanceSubject.cs"].Content)
	for _, want := range []string{
		"AmqpProperties.ToMessage(EnvelopeCodec.Decode(envelope))",
		"new ArtemisConsumer(receiver.Object, handlers).PollAsync()",
		"Header = new Header { DeliveryCount = checked((uint)deliveryCount) }",
		`message.ApplicationProperties.Map["bq_schema_version"] = property;`,
		"using Amqp.Framing;",
	} {
		if !strings.Contains(artemisScaffold, want) {
			t.Errorf("the Artemis scaffold lacks %s", want)
		}
	}
	artemisProvided := artemisScaffold[strings.Index(artemisScaffold, "Provided ="):strings.Index(artemisScaffold, "};")]
	for _, op := range []string{"artemis_message", "artemis_reconcile", "artemis_schema_version_gate"} {
		if !strings.Contains(artemisProvided, `"`+op+`"`) {
			t.Errorf("%s is not provided by the Artemis scaffold", op)
		}
	}
	for p, f := range artemis {
		if strings.HasSuffix(p, ".cs") {
			for i, line := range strings.Split(string(f.Content), "\n") {
				if len([]rune(line)) > 120 {
					t.Errorf("%s:%d is longer than 120 columns: %s", p, i+1, line)
				}
			}
		}
	}
	// A target with core blocks is a core target, as before.
	core := filesByPath(generateWith(t, selectBlocks(t, model.BlockCases, model.BlockSQS), backend.Options{Binding: backend.BindSDK}))
	if _, ok := core[sdkTestProjectDir+"/SdkConformanceSubject.cs"]; !ok {
		t.Error("a core target left the core test project")
	}
}

// The Azure Service Bus target's scaffold maps its three operations onto
// BabelQueue.AzureServiceBus: the internal AsbProperties.ToMessage, and
// AsbConsumer over a mocked ServiceBusReceiver, each number of the gate
// boxed as its own AMQP type.
func TestASBTransportTarget(t *testing.T) {
	files := filesByPath(generateWith(t, selectBlocks(t, model.BlockASB), backend.Options{Binding: backend.BindSDK}))
	dir := "tests/BabelQueue.AzureServiceBus.Tests/"
	f, ok := files[dir+"SdkConformanceSubject.cs"]
	if !ok || f.Kind != backend.Scaffold {
		t.Fatalf("no scaffold in %s", dir)
	}
	scaffold := string(f.Content)
	for _, want := range []string{
		"AsbProperties.ToMessage(EnvelopeCodec.Decode(envelope))",
		"new AsbConsumer(receiver.Object, handlers).PollAsync()",
		"new Mock<ServiceBusReceiver>()",
		"deliveryCount: checked((int)deliveryCount)",
		`properties["bq-schema-version"] = AmqpValue(property, amqpType);`,
		`"int" => (object)value.GetValue<int>(),`,
		"using Azure.Messaging.ServiceBus;",
	} {
		if !strings.Contains(scaffold, want) {
			t.Errorf("the ASB scaffold lacks %s", want)
		}
	}
	provided := scaffold[strings.Index(scaffold, "Provided ="):strings.Index(scaffold, "};")]
	for _, op := range []string{"asb_message", "asb_reconcile", "asb_schema_version_gate"} {
		if !strings.Contains(provided, `"`+op+`"`) {
			t.Errorf("%s is not provided", op)
		}
	}
	for _, bad := range []string{"not mapped onto BabelQueue.AzureServiceBus yet", "has no schema-version gate",
		"its API is in BabelQueue.AzureServiceBus"} {
		if strings.Contains(scaffold, bad) {
			t.Errorf("the ASB scaffold says %q in the Azure Service Bus repository", bad)
		}
	}
	for i, line := range strings.Split(scaffold, "\n") {
		if n := utf8.RuneCountInString(line); n > 120 {
			t.Errorf("line %d of the ASB scaffold has %d columns: %s", i+1, n, line)
		}
	}
}

// The rabbitmq transport target, in BabelQueue.MassTransit's test project:
// the package has no publishing projection, so the scaffold provides nothing
// and reports rabbitmq_publishing as not provided, naming the missing API
// (the missing-feature rule), not as work left for the maintainer.
func TestRabbitMQTransportTarget(t *testing.T) {
	files := filesByPath(generateWith(t, selectBlocks(t, model.BlockRabbitMQ), backend.Options{Binding: backend.BindSDK}))
	f, ok := files["tests/BabelQueue.MassTransit.Tests/SdkConformanceSubject.cs"]
	if !ok || f.Kind != backend.Scaffold {
		t.Fatal("no scaffold in tests/BabelQueue.MassTransit.Tests/")
	}
	scaffold := string(f.Content)
	if provided := scaffold[strings.Index(scaffold, "Provided ="):strings.Index(scaffold, "};")]; strings.Contains(provided, `"`) {
		t.Errorf("the MassTransit scaffold provides an operation: %s", provided)
	}
	for _, want := range []string{
		`"rabbitmq_publishing",` + "\n" + `            "this BabelQueue.MassTransit has no API that projects an envelope onto an AMQP 0-9-1 publishing "`,
		"BabelQueuePublisher makes a new envelope from urn and data",
	} {
		if !strings.Contains(scaffold, want) {
			t.Errorf("the MassTransit scaffold lacks %s", want)
		}
	}
	if strings.Contains(scaffold, "not mapped onto BabelQueue.MassTransit yet") {
		t.Error("the MassTransit scaffold leaves rabbitmq_publishing to the maintainer")
	}
}

// The Pulsar target's scaffold maps its three operations onto
// BabelQueue.Pulsar: the internal PulsarProperties.Of, and PulsarConsumer
// over a mocked DotPulsar IConsumer<byte[]>, the redelivery count and the
// bq-schema-version property set on the mocked message.
func TestPulsarTransportTarget(t *testing.T) {
	files := filesByPath(generateWith(t, selectBlocks(t, model.BlockPulsar), backend.Options{Binding: backend.BindSDK}))
	dir := "tests/BabelQueue.Pulsar.Tests/"
	f, ok := files[dir+"SdkConformanceSubject.cs"]
	if !ok || f.Kind != backend.Scaffold {
		t.Fatalf("no scaffold in %s", dir)
	}
	scaffold := string(f.Content)
	for _, want := range []string{
		"global::BabelQueue.Pulsar.PulsarProperties.Of(EnvelopeCodec.Decode(envelope))",
		"new PulsarConsumer(consumer.Object, handlers).ReceiveAsync()",
		"new Mock<IConsumer<byte[]>>()",
		"message.SetupGet(m => m.RedeliveryCount).Returns(redeliveryCount);",
		"Deliver(value, checked((uint)redeliveryCount), properties, ConformanceUrn)",
		`properties["bq-schema-version"] = property;`,
		"using DotPulsar.Abstractions;",
	} {
		if !strings.Contains(scaffold, want) {
			t.Errorf("the Pulsar scaffold lacks %s", want)
		}
	}
	provided := scaffold[strings.Index(scaffold, "Provided ="):strings.Index(scaffold, "};")]
	for _, op := range []string{"pulsar_properties", "pulsar_reconcile", "pulsar_schema_version_gate"} {
		if !strings.Contains(provided, `"`+op+`"`) {
			t.Errorf("%s is not provided", op)
		}
	}
	for _, bad := range []string{"not mapped onto BabelQueue.Pulsar yet", "its API is in BabelQueue.Pulsar"} {
		if strings.Contains(scaffold, bad) {
			t.Errorf("the Pulsar scaffold says %q in the Pulsar repository", bad)
		}
	}
	for i, line := range strings.Split(scaffold, "\n") {
		if n := utf8.RuneCountInString(line); n > 120 {
			t.Errorf("line %d of the Pulsar scaffold has %d columns: %s", i+1, n, line)
		}
	}
}

// Every transport target is laid out in its package and its scaffold never
// tells the package to map the block in its own test project.
func TestEveryTransportTarget(t *testing.T) {
	for _, block := range model.TransportBlocks {
		s := selectBlocks(t, block)
		if len(s.Blocks()) == 0 {
			continue
		}
		files := generateWith(t, s, backend.Options{Binding: backend.BindSDK})
		for _, f := range files {
			if f.Kind != backend.Scaffold {
				continue
			}
			if strings.HasPrefix(f.Path, sdkTestProjectDir) {
				t.Errorf("%s: the scaffold is in the core's test project", block)
			}
			text := string(f.Content)
			if strings.Contains(text, "that package's test project") {
				t.Errorf("%s: the scaffold sends the block to its own package:\n%s", block, text)
			}
			// A gate asserts only whether the handler ran: the suite does not say
			// how a rejected message is settled, so no settlement is verified.
			for _, banned := range []string{".Verify(", "Times."} {
				if strings.Contains(text, banned) {
					t.Errorf("%s: the scaffold asserts how the message is settled (%s)", block, banned)
				}
			}
		}
	}
}

// A "skip" exemption skips the test with the reason; a "fail" exemption
// runs it as a known failure naming the pattern and reason; other tests are
// untouched.
func TestExemptionsInTheGeneratedText(t *testing.T) {
	s := loadSuites(t)[0].suite
	opt := backend.Options{Binding: backend.BindOracle, Exemptions: []backend.Exemption{
		{Pattern: "cases/order-created", Action: backend.ExemptFail, Reason: `known "bug" 12`},
		{Pattern: "sqs/reject *", Action: backend.ExemptFail, Reason: "no gate before 1.2.0"},
		{Pattern: "cases/invalid-*", Action: backend.ExemptSkip, Reason: "accepts() is lax */ here"},
	}}
	files := filesByPath(generateWith(t, s, opt))
	cases := string(files["CasesConformanceTests.cs"].Content)
	for _, want := range []string{
		"using Xunit.Abstractions;",
		"public CasesConformanceTests(ITestOutputHelper output) => this.output = output;",
		"        ConformanceExemption.KnownFailure(\n            output,\n            \"remove the exemption cases/order-created from bqgen.yaml\",\n" +
			"            \"known \\\"bug\\\" 12\",\n            () =>\n            {\n                string envelope = ",
		"Skip = \"exempt: accepts() is lax */ here\")]",
	} {
		if !strings.Contains(cases, want) {
			t.Errorf("CasesConformanceTests.cs lacks %q", want)
		}
	}
	if n := strings.Count(cases, "Skip = "); n != countCases(s, "invalid-") {
		t.Errorf("%d tests skip, want every invalid case (%d)", n, countCases(s, "invalid-"))
	}
	if n := strings.Count(cases, "ConformanceExemption.KnownFailure("); n != 1 {
		t.Errorf("%d known failures in cases, want 1", n)
	}
	sqs := string(files["SqsConformanceTests.cs"].Content)
	if n, want := strings.Count(sqs, "ConformanceExemption.KnownFailure("), countGate(s, "reject"); n != want || n == 0 {
		t.Errorf("%d known failures in sqs, want %d", n, want)
	}
	plain := string(files["RoundtripConformanceTests.cs"].Content)
	if strings.Contains(plain, "ITestOutputHelper") || strings.Contains(plain, "Skip = ") {
		t.Error("a class without exemptions changed")
	}
	support := string(files["ConformanceSupport.cs"].Content)
	for _, want := range []string{
		`string report = "known failure: " + reason`,
		"throw new SkipException(report);",
		`Assert.Fail("now passes: " + remedy);`,
		"catch (NotProvidedException)\n        {\n            throw;",
	} {
		if !strings.Contains(support, want) {
			t.Errorf("ConformanceSupport.cs lacks %q", want)
		}
	}
	// The exempted output still parses as C#.
	if _, err := exec.LookPath("python3"); err == nil {
		if out, err := exec.Command("python3", cscheckScript, "--version").CombinedOutput(); err == nil {
			_ = out
			paths := writeCSharp(t, filepath.Join(t.TempDir(), "exempt"), generateWith(t, s, opt))
			if report, ok := runCscheck(t, paths); !ok {
				t.Errorf("exempted C# does not parse:\n%s", report)
			}
		}
	}
}

func countCases(s *model.Suite, prefix string) int {
	n := 0
	for _, c := range s.Cases {
		if strings.HasPrefix(c.Name, prefix) {
			n++
		}
	}
	return n
}

func countGate(s *model.Suite, prefix string) int {
	n := 0
	if g := s.Gate(model.BlockSQS); g != nil {
		for _, c := range g.Cases {
			if strings.HasPrefix(c.Name, prefix) {
				n++
			}
		}
	}
	return n
}

// A long exemption reason is split, and no line of its call is too long.
func TestLongExemptionReasonIsSplit(t *testing.T) {
	reason := strings.Repeat("a reason that goes on ", 12)
	opt := backend.Options{Binding: backend.BindOracle, Exemptions: []backend.Exemption{
		{Pattern: "cases/order-created", Action: backend.ExemptFail, Reason: reason},
		{Pattern: "cases/urn-alias", Action: backend.ExemptSkip, Reason: reason},
	}}
	cases := string(filesByPath(generateWith(t, loadSuites(t)[0].suite, opt))["CasesConformanceTests.cs"].Content)
	call := regexp.MustCompile(`(?s)ConformanceExemption\.KnownFailure\(.*?\(\) =>`).FindString(cases)
	attr := regexp.MustCompile(`(?s)\[SkippableFact\([^\]]*Skip =[^\]]*\]`).FindString(cases)
	for _, text := range []string{call, attr} {
		if text == "" {
			t.Fatalf("no exempted test:\n%s", cases)
		}
		for _, line := range strings.Split(text, "\n") {
			if len(line) > maxLine {
				t.Errorf("line of %d columns: %s", len(line), line)
			}
		}
	}
	if !strings.Contains(call, "+ ") || !strings.Contains(attr, "+ ") {
		t.Errorf("the long reason is not split:\n%s\n%s", call, attr)
	}
}

// In a transport target, another broker's operation belongs to that
// broker's transport target and a core operation to the core target, in the
// missing-feature rule's exact wording: the interface's default says so, and
// the scaffold has no method for it; only a core operation no package
// provides (an "unmapped.<operation>" reason) keeps a method saying what is
// missing instead.
func TestTransportScaffoldOtherOperationsBelongElsewhere(t *testing.T) {
	tmpl, err := parseTemplates()
	if err != nil {
		t.Fatal(err)
	}
	files := filesByPath(generateWith(t, selectBlocks(t, model.BlockSQS), backend.Options{Binding: backend.BindSDK}))
	scaffold := string(files["tests/BabelQueue.Sqs.Tests/SdkConformanceSubject.cs"].Content)
	subject := string(files["tests/BabelQueue.Sqs.Tests/GeneratedConformance/ConformanceSubject.cs"].Content)
	cores := 0
	for _, op := range protocol.Operations {
		if op.Transport == model.BlockSQS || op.Name == protocol.Capabilities.Name ||
			(op.Transport == "" && tmpl.Lookup("unmapped."+op.Name) != nil) {
			continue
		}
		if strings.Contains(scaffold, " "+csTypeName(op.Name)+"(") {
			t.Errorf("the scaffold has a method for %s, which the default answers", op.Name)
		}
		sig := "    " + signatureOf(t, op) + " =>\n        throw new NotProvidedException(\n            " + string(csString(op.Name)) + ",\n"
		at := strings.Index(subject, sig)
		if at < 0 {
			t.Errorf("%s has no default throwing NotProvidedException:\n%s", op.Name, subject)
			continue
		}
		want := "belongs to the " + op.Transport + " transport target (blocks: [" + op.Transport + "] in bqgen.yaml)"
		if op.Transport == "" {
			want = "belongs to the core target (a target without broker blocks in bqgen.yaml)"
			cores++
		}
		if got := concatenation(t, subject[at+len(sig):at+strings.Index(subject[at:], ");")]); got != want {
			t.Errorf("%s: the reason is %q, want %q", op.Name, got, want)
		}
	}
	if cores == 0 {
		t.Error("no core operation was checked")
	}
}
