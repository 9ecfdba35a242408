package php

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/protocol"
)

// frobnicate is an operation protocol does not have: adding it must reach
// every subject with no edit in this backend.
var frobnicate = protocol.Operation{
	Name: "frobnicate_widget", Doc: "frobnicates a widget and reports its new name",
	Params: []protocol.Field{{Name: "widget_id", Type: protocol.Type{Kind: protocol.Text}, Doc: "the widget"},
		{Name: "deliveries", Type: protocol.Type{Kind: protocol.RecordList, Record: "Delivery"}}},
	Result: protocol.Result{Member: "new_name", Type: protocol.Type{Kind: protocol.OptionalText}},
}

// generateWith renders the backend's output for the canonical suite with
// the given operations instead of the protocol's.
func generateWith(t *testing.T, binding backend.Binding, ops []protocol.Operation) map[string]string {
	t.Helper()
	b := New().(Backend)
	tmpl, err := b.lazy.Get()
	if err != nil {
		t.Fatal(err)
	}
	b.templates = tmpl
	s := canonicalSuite(t)
	v, err := buildViewWith(s, backend.Options{Binding: binding}, ops, protocol.Records)
	if err != nil {
		t.Fatal(err)
	}
	files, err := b.render(s, v)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, f := range files {
		out[f.Path] = string(f.Content)
	}
	return out
}

// A 19th operation appears in the interface, the oracle subject, the
// skipping decorator and the scaffold (as "not provided"), derived from
// protocol alone.
func TestAddedOperationReachesEverySubject(t *testing.T) {
	t.Parallel()
	ops := append(slices.Clone(protocol.Operations), frobnicate)
	oracle := generateWith(t, backend.BindOracle, ops)
	sdk := generateWith(t, backend.BindSDK, ops)
	const signature = "public function frobnicateWidget(string $widgetId, array $deliveries): ?string"
	for _, c := range []struct {
		file  string
		files map[string]string
		want  []string
	}{
		{supportFile("SubjectDefaults.php"), oracle, []string{
			"Frobnicates a widget and reports its new name.", "Protocol operation `frobnicate_widget`.",
			"@param string $widgetId the widget",
			"@param list<array{meta_id: string, outcome: string, forget_before: bool}> $deliveries",
			"@return ?string the `new_name` result", signature + "\n    {",
			"throw new NotProvided('this scaffold predates operation frobnicate_widget"}},
		{supportFile("OracleSubject.php"), oracle, []string{signature + "\n    {",
			"return $this->oracle->request('frobnicate_widget', [\n            'widget_id' => $widgetId,\n" +
				"            'deliveries' => $deliveries,\n        ])->new_name;"}},
		{supportFile("SkippingSubject.php"), oracle, []string{signature + "\n    {",
			"return is_callable([$this->subject, 'frobnicateWidget'])\n" +
				"                ? $this->subject->frobnicateWidget($widgetId, $deliveries)\n" +
				"                : parent::frobnicateWidget($widgetId, $deliveries);"}},
		{ScaffoldFile, sdk, []string{signature + "\n    {",
			"throw new NotProvided('no php-sdk API is mapped to the frobnicate_widget operation yet');"}},
	} {
		content, ok := c.files[c.file]
		if !ok {
			t.Errorf("no %s", c.file)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(content, w) {
				t.Errorf("%s lacks %q", c.file, w)
			}
		}
	}
	if strings.Contains(sdk[ScaffoldFile], "'frobnicate_widget' =>") {
		t.Error("the scaffold's capabilities list an operation it has no mapping for")
	}
	// Without it, nothing mentions it.
	for path, content := range generateWith(t, backend.BindSDK, protocol.Operations) {
		if strings.Contains(content, "frobnicate") {
			t.Errorf("%s mentions an operation the protocol lacks", path)
		}
	}
}

// Every protocol operation is a method of every subject, and the scaffold
// lists exactly the operations it maps in capabilities.
func TestSubjectsHaveEveryOperation(t *testing.T) {
	t.Parallel()
	oracle := generateWith(t, backend.BindOracle, protocol.Operations)
	sdk := generateWith(t, backend.BindSDK, protocol.Operations)
	for _, op := range protocol.All() {
		decl := "public function " + phpName(op.Name) + "("
		files := []string{supportFile("SubjectDefaults.php"), supportFile("OracleSubject.php"), supportFile("SkippingSubject.php")}
		if op.Name == protocol.Capabilities.Name {
			// The handshake is the one method of the interface, which
			// every subject answers for itself: it has no default.
			files = []string{supportFile("Subject.php"), supportFile("OracleSubject.php"), supportFile("SkippingSubject.php")}
		}
		for _, f := range files {
			if !strings.Contains(oracle[f], decl) {
				t.Errorf("%s lacks %s", f, op.Name)
			}
		}
		if !strings.Contains(sdk[ScaffoldFile], decl) {
			t.Errorf("the scaffold lacks %s", op.Name)
		}
	}
	tmpl, err := New().(Backend).lazy.Get()
	if err != nil {
		t.Fatal(err)
	}
	for _, op := range protocol.Operations {
		listed := strings.Contains(sdk[ScaffoldFile], phpString(op.Name)+" =>")
		if mapped := tmpl.Lookup("scaffold."+op.Name) != nil; listed != mapped {
			t.Errorf("%s: mapped %v, but listed in capabilities %v", op.Name, mapped, listed)
		}
	}
}

// The block templates call the subject only by methods it has.
func TestTemplatesCallOnlySubjectMethods(t *testing.T) {
	t.Parallel()
	api, err := buildSubject(protocol.Operations, protocol.Records)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, m := range api.All() {
		names = append(names, m.Name)
	}
	calls := regexp.MustCompile(`subject\(\)->(\w+)\(|"Op" "(\w+)"`)
	entries, err := templateFS.ReadDir("tmpl")
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, e := range entries {
		src, err := templateFS.ReadFile("tmpl/" + e.Name())
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range calls.FindAllStringSubmatch(string(src), -1) {
			found++
			if name := m[1] + m[2]; !slices.Contains(names, name) {
				t.Errorf("%s calls %s, which the subject does not have", e.Name(), name)
			}
		}
	}
	if found == 0 {
		t.Error("found no subject calls in the templates")
	}
}

// A block's name (lower case, as in identifiers, paths and template names)
// appears in at most one source file of this backend: the block's own.
func TestBrokerBlockNamesStayInTheirFile(t *testing.T) {
	t.Parallel()
	var sources []string
	for _, pattern := range []string{"*.go", "tmpl/*.tmpl"} {
		matches, err := globFiles(pattern)
		if err != nil {
			t.Fatal(err)
		}
		sources = append(sources, matches...)
	}
	for _, block := range []string{"sqs", "asb", "pulsar", "kafka", "artemis", "rabbitmq", "redis"} {
		var in []string
		for _, f := range sources {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(string(src), block) {
				in = append(in, f)
			}
		}
		if len(in) > 1 || (len(in) == 1 && in[0] != "tmpl/"+block+".tmpl") {
			t.Errorf("%s appears in %v, want only tmpl/%s.tmpl", block, in, block)
		}
	}
}

func globFiles(pattern string) ([]string, error) { return filepath.Glob(pattern) }

// scaffoldBody is the body of a method of the scaffold.
func scaffoldBody(t *testing.T, scaffold string, m method) string {
	t.Helper()
	start := strings.Index(scaffold, "public function "+m.Name+"(")
	if start < 0 {
		t.Fatalf("the scaffold lacks %s", m.Name)
	}
	end := strings.Index(scaffold[start:], "\n    }\n")
	return scaffold[start : start+end]
}

// Every operation the scaffold does not map says why, in its own words
// rather than the default; and no mapping hands back an input unchanged
// (an identity cannot fail, so its tests would prove nothing).
func TestScaffoldMappingsCallTheSDKOrSayWhyNot(t *testing.T) {
	t.Parallel()
	sdk := generateWith(t, backend.BindSDK, protocol.Operations)[ScaffoldFile]
	api, err := buildSubject(protocol.Operations, protocol.Records)
	if err != nil {
		t.Fatal(err)
	}
	tmpl, err := New().(Backend).lazy.Get()
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range api.Methods {
		body := scaffoldBody(t, sdk, m)
		if tmpl.Lookup("scaffold."+m.Wire) == nil {
			if !strings.Contains(body, "throw new NotProvided(") || strings.Contains(body, "is mapped to the") {
				t.Errorf("%s is not provided without a reason of its own:\n%s", m.Wire, body)
			}
			continue
		}
		for _, p := range m.Params {
			if regexp.MustCompile(`return \$` + p.Name + `\b`).MatchString(body) {
				t.Errorf("%s returns its parameter $%s:\n%s", m.Wire, p.Name, body)
			}
		}
		if strings.Contains(body, "frameValue(") {
			t.Errorf("%s frames and unframes its input, an identity:\n%s", m.Wire, body)
		}
	}
	for op, reason := range map[string]string{
		protocol.RedisRoundtrip.Name: "no Redis reserve",
		protocol.Settle.Name:         "no shared messaging layer", protocol.ReadMessage.Name: "no RowErrorHandler",
		protocol.WriteMessages.Name: "no sinks",
	} {
		if tmpl.Lookup("scaffold."+op) != nil {
			t.Errorf("%s is mapped, but the php-sdk has no API for it", op)
		}
		if !strings.Contains(sdk, reason) {
			t.Errorf("the scaffold does not say why %s is not provided (%q)", op, reason)
		}
	}
}

// An operation whose API the php-sdk may lack looks for it at run time (the
// missing-feature rule): its method calls requireApi with that API, which
// names it in the skip reason, and capabilities never lists it; the scaffold
// makes no claim about what another package does.
func TestScaffoldLooksForMissingAPIsByFeature(t *testing.T) {
	t.Parallel()
	tmpl, err := parseTemplates()
	if err != nil {
		t.Fatal(err)
	}
	sdk := string(fileNamed(t, generate(t, canonicalSuite(t), backend.Options{Binding: backend.BindSDK}), ScaffoldFile).Content)
	capabilities := sdk[strings.Index(sdk, "return array_keys(array_filter(["):]
	capabilities = capabilities[:strings.Index(capabilities, "]));")]
	for op, api := range map[string]string{
		protocol.SQSReconcile.Name: "SqsConsumer", protocol.SQSSchemaVersionGate.Name: "SqsConsumer",
		protocol.ASBMessage.Name: "AsbTransport", protocol.ASBReconcile.Name: "AsbConsumer",
		protocol.ASBSchemaVersionGate.Name: "AsbConsumer", protocol.ArtemisReconcile.Name: "StompConsumer",
		protocol.ArtemisSchemaVersionGate.Name: "StompConsumer",
	} {
		if tmpl.Lookup("scaffold."+op+".requires") == nil || tmpl.Lookup("scaffold."+op+".reason") != nil {
			t.Errorf("%s does not look for its API at run time", op)
		}
		body := scaffoldBody(t, sdk, method{Wire: op, Name: phpName(op)})
		if !strings.Contains(body, "        self::requireApi('BabelQueue\\Transport\\"+api+"');\n        throw new NotProvided(") {
			t.Errorf("%s does not require BabelQueue\\Transport\\%s before it reports not mapped:\n%s", op, api, body)
		}
		if strings.Contains(capabilities, "'"+op+"'") {
			t.Errorf("capabilities lists %s", op)
		}
	}
	for _, claim := range []string{"Laravel", "the php-sdk has no Azure Service Bus", "no Artemis consumer", "exempt per"} {
		if strings.Contains(sdk, claim) {
			t.Errorf("the scaffold claims %q", claim)
		}
	}
}

// The scaffold's idempotency_key drives the SDK's helper (stubbed here, so
// the test runs without the SDK) and answers the key it remembered for the
// one delivery: an error when it remembered none or different ones, the key
// when it remembered the same one, once or twice.
func TestScaffoldIdempotencyKeyReadsTheRememberedKey(t *testing.T) {
	requirePHP(t)
	t.Parallel()
	dir := writeFiles(t, generate(t, canonicalSuite(t), backend.Options{Binding: backend.BindSDK}))
	gen := filepath.Join(dir, "tests", "ConformanceGenerated")
	script := `<?php
namespace BabelQueue\Codec {
    final class EnvelopeCodec
    {
        public static function decode(string $raw, ?callable $onWarning = null): array
        {
            return (array) json_decode($raw, true);
        }
    }
}
namespace BabelQueue\Transport {
    final class KafkaMessage
    {
        public function __construct(public array $envelope)
        {
        }
    }
}
namespace BabelQueue\Idempotency {
    interface IdempotencyStore
    {
        public function seen(string $messageId): bool;
        public function remember(string $messageId): void;
        public function forget(string $messageId): void;
    }
    final class Idempotent
    {
        /** @var list<string> what the stubbed helper remembers */
        public static array $remembers = [];

        public static function wrap(IdempotencyStore $store, callable $handler): callable
        {
            return static function (object $message) use ($store, $handler): void {
                $store->seen('probe');
                $handler($message);
                foreach (self::$remembers as $key) {
                    $store->remember($key);
                }
            };
        }
    }
}
namespace {
    foreach (['Support/Subject.php', 'Support/NotProvided.php', 'Support/SubjectDefaults.php', 'Support/Json.php', 'SdkSubject.php'] as $f) {
        require $argv[1] . '/' . $f;
    }
    foreach ([[], ['id-1'], ['id-1', 'id-1'], ['id-1', 'id-2']] as $remembers) {
        BabelQueue\Idempotency\Idempotent::$remembers = $remembers;
        try {
            $line = 'key ' . ` + DefaultNamespace + `\SdkSubject::create()->idempotencyKey('{"meta":{"id":"id-1"}}');
        } catch (\RuntimeException $e) {
            $line = 'error ' . $e->getMessage();
        }
        echo $line, "\n";
    }
}
`
	got := runPHPWithArgs(t, script, gen)
	want := []string{
		"error idempotency_key: the helper remembered no key for the delivery",
		"key id-1",
		"key id-1",
		`error idempotency_key: the helper remembered different keys for one delivery: ["id-1","id-2"]`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("idempotency_key answered\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// The scaffold's Kafka and Pulsar gates deliver the envelope, exactly, to the
// SDK's consumer (stubbed here, so the test runs without the SDK) with the
// bq-schema-version header or property set as the case says (none when
// absent), and answer "decode" exactly when the consume loop handed the
// message to its handler: a consumer with a gate rejects "2", the php-sdk's
// consumers, which have none, decode everything.
func TestScaffoldGatesDriveTheConsumers(t *testing.T) {
	requirePHP(t)
	t.Parallel()
	dir := writeFiles(t, generate(t, canonicalSuite(t), backend.Options{Binding: backend.BindSDK}))
	gen := filepath.Join(dir, "tests", "ConformanceGenerated")
	script := `<?php
namespace BabelQueue\Transport {
    final class Gate
    {
        public static bool $enabled = false;
        /** @var list<string> what the consumers were given */
        public static array $seen = [];

        /** Runs the SDK's consume loop shape: poll until $shouldStop, hand on what arrived. */
        public static function loop(callable $receive, string $property, callable $handler, ?callable $shouldStop): void
        {
            while ($shouldStop === null || !$shouldStop()) {
                $raw = $receive();
                if ($raw === null) {
                    continue;
                }
                $value = $raw[$property]['bq-schema-version'] ?? null;
                self::$seen[] = bin2hex($raw['payload']) . ' ' . var_export($value, true);
                if (self::$enabled && $value !== null && $value !== '1') {
                    continue;
                }
                $handler((object) []);
            }
        }
    }
    interface KafkaConsumerClient
    {
        public function receive(): ?array;
        public function commit(): void;
    }
    final class KafkaConsumer
    {
        public function __construct(private KafkaConsumerClient $client)
        {
        }

        public function consume(callable $handler, ?callable $shouldStop = null): void
        {
            Gate::loop(fn () => $this->client->receive(), 'headers', $handler, $shouldStop);
        }
    }
    interface PulsarWebSocketConsumerClient
    {
        public function receive(): ?array;
        public function acknowledge(string $messageId): void;
        public function negativeAcknowledge(string $messageId): void;
    }
    final class PulsarConsumer
    {
        public function __construct(private PulsarWebSocketConsumerClient $client)
        {
        }

        public function consume(callable $handler, ?callable $shouldStop = null): void
        {
            Gate::loop(fn () => $this->client->receive(), 'properties', $handler, $shouldStop);
        }
    }
}
namespace {
    foreach (['Support/Subject.php', 'Support/NotProvided.php', 'Support/SubjectDefaults.php', 'Support/Json.php', 'SdkSubject.php'] as $f) {
        require $argv[1] . '/' . $f;
    }
    $subject = ` + DefaultNamespace + `\SdkSubject::create();
    foreach ([false, true] as $enabled) {
        BabelQueue\Transport\Gate::$enabled = $enabled;
        foreach ([null, '1', '2', "{\"x\":\u{1F600}}"] as $property) {
            echo $subject->kafkaSchemaVersionGate("{\"a\": \"\u{1F600}\"}\n", $property), ' ',
                $subject->pulsarSchemaVersionGate('{}', $property), "\n";
        }
    }
    echo implode("\n", array_unique(BabelQueue\Transport\Gate::$seen)), "\n";
}
`
	got := runPHPWithArgs(t, script, gen)
	want := []string{
		"decode decode", "decode decode", "decode decode", "decode decode", // no gate: everything decodes
		"decode decode", "decode decode", "reject reject", "reject reject", // a gate rejects all but 1
		`7b2261223a2022f09f9880227d0a NULL`, `7b7d NULL`, `7b2261223a2022f09f9880227d0a '1'`, `7b7d '1'`,
		`7b2261223a2022f09f9880227d0a '2'`, `7b7d '2'`,
		`7b2261223a2022f09f9880227d0a '{"x":` + "\U0001F600" + `}'`, `7b7d '{"x":` + "\U0001F600" + `}'`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the gates answered\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestGateOutcomeIsTheHandlerOnly: the suite says decode or reject, not how
// a rejected message is settled, so a gate's outcome is whether the consume
// loop handed the message to the handler, and nothing about acknowledging it.
func TestGateOutcomeIsTheHandlerOnly(t *testing.T) {
	t.Parallel()
	sdk := generateWith(t, backend.BindSDK, protocol.Operations)[ScaffoldFile]
	_, body, ok := strings.Cut(sdk, "private static function gateOutcome(")
	if !ok {
		t.Fatal("the scaffold has no gateOutcome")
	}
	body, _, _ = strings.Cut(body, "\n    }\n")
	if got := strings.Count(body, "return "); got != 2 { // the stop closure's and the outcome's
		t.Errorf("gateOutcome has %d returns, want the stop closure's and the outcome's:\n%s", got, body)
	}
	if !strings.Contains(body, "return $handled > 0 ? 'decode' : 'reject';") {
		t.Errorf("gateOutcome's outcome is not whether the handler ran:\n%s", body)
	}
	for _, settling := range []string{"ack", "settle", "commit", "release", "dead"} {
		if strings.Contains(strings.ToLower(body), settling) {
			t.Errorf("gateOutcome mentions %q: a gate asserts only whether the handler ran:\n%s", settling, body)
		}
	}
}
