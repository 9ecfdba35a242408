package dotnet

import (
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// fakeOperations are operations the protocol does not have, one of the core
// SDK and one of a broker block, together using every kind.
var fakeOperations = []protocol.Operation{
	{Name: "echo_everything", Doc: "echoes what it is given",
		Params: []protocol.Field{
			{Name: "envelope", Type: protocol.Type{Kind: protocol.Envelope}},
			{Name: "labels", Type: protocol.Type{Kind: protocol.TextList}},
			{Name: "flags", Type: protocol.Type{Kind: protocol.BooleanList}},
			{Name: "names", Type: protocol.Type{Kind: protocol.TextMap}},
			{Name: "one", Type: protocol.Type{Kind: protocol.Record, Record: "Delivery"}},
			{Name: "maybe", Type: protocol.Type{Kind: protocol.OptionalRecord, Record: "Delivery"}},
			{Name: "by_name", Type: protocol.Type{Kind: protocol.RecordMap, Record: "Delivery"}},
			{Name: "object", Type: protocol.Type{Kind: protocol.JSONObject}},
		},
		Result: protocol.Result{Member: "echo", Type: protocol.Type{Kind: protocol.RecordMap, Record: "SQSAttribute"}}},
	{Name: "kafka_offsets", Transport: model.BlockKafka, Doc: "reports the offsets a consumer commits",
		Params: []protocol.Field{{Name: "count", Type: protocol.Type{Kind: protocol.OptionalInteger}}},
		Result: protocol.Result{Member: "offsets", Type: protocol.Type{Kind: protocol.RecordList, Record: "Delivery"}}},
}

// An operation added to the protocol appears in the subject, the oracle
// subject and the scaffold (as not provided) with no edit in this backend.
func TestAddedOperationNeedsNoEdit(t *testing.T) {
	t.Parallel()
	s := loadSuites(t)[0].suite
	ops := append(slices.Clone(protocol.Operations), fakeOperations...)
	tmpl, err := New().(Backend).lazy.Get()
	if err != nil {
		t.Fatal(err)
	}
	var all []backend.File
	for _, binding := range []backend.Binding{backend.BindOracle, backend.BindSDK} {
		v, err := buildViewOf(s, backend.Options{Binding: binding}, ops, Backend{tmpl: tmpl}.transportPackage)
		if err != nil {
			t.Fatal(err)
		}
		files, err := Backend{tmpl: tmpl}.render(v, s, binding)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, files...)
	}
	content := map[string]string{}
	for _, f := range all {
		content[path.Base(f.Path)] = string(f.Content)
	}
	for file, want := range map[string][]string{
		subjectFileName: {
			"IReadOnlyDictionary<string, SqsAttribute> EchoEverything(\n        string envelope,\n" +
				"        IReadOnlyList<string> labels,\n        IReadOnlyList<bool> flags,\n" +
				"        IReadOnlyDictionary<string, string> names,\n        Delivery one,\n        Delivery? maybe,\n" +
				"        IReadOnlyDictionary<string, Delivery> byName,\n        JsonObject @object) =>\n" +
				"        throw new NotProvidedException(\n            \"echo_everything\",\n" +
				"            \"this scaffold predates operation echo_everything (bqgen adds it from suite",
			"/// <summary>Echoes what it is given.</summary>",
			"IReadOnlyList<Delivery> KafkaOffsets(long? count) =>\n        throw new NotProvidedException(\n" +
				"            \"kafka_offsets\",\n            \"belongs to the kafka transport target (blocks: [kafka] in bqgen.yaml)\");",
		},
		oracleSubjectFileName: {
			`MapOf(Call("echo_everything", new JsonObject`,
			`["labels"] = ListJson(labels, TextJson),`,
			`["maybe"] = maybe is null ? null : DeliveryJson(maybe),`,
			`["by_name"] = MapJson(byName, DeliveryJson),`,
			`})["echo"], SqsAttributeOf);`,
			`ListOf(Call("kafka_offsets", new JsonObject`,
			`})["offsets"], DeliveryOf);`,
			"private static Delivery DeliveryOf(JsonNode? node) => new(",
		},
		scaffoldFileName: {
			"public IReadOnlyDictionary<string, SqsAttribute> EchoEverything(",
			`throw new NotProvidedException("echo_everything", "the scaffold does not map it onto BabelQueue.Core");`,
		},
	} {
		for _, w := range want {
			if !strings.Contains(content[file], w) {
				t.Errorf("%s lacks %s", file, w)
			}
		}
	}
	provided := content[scaffoldFileName][:strings.Index(content[scaffoldFileName], "};")]
	if strings.Contains(provided, "echo_everything") || !strings.Contains(provided, `"decode"`) {
		t.Errorf("the scaffold's Provided list is not the mapped operations:\n%s", provided)
	}
	t.Run("parses", func(t *testing.T) {
		requireCscheck(t)
		if report, ok := runCscheck(t, writeCSharp(t, t.TempDir(), all)); !ok {
			t.Errorf("C# with the added operations does not parse:\n%s", report)
		}
	})
}

// The hand-written test bodies call the subject only by the method names
// subject.go derives.
func TestBodiesCallDerivedMethods(t *testing.T) {
	api, err := buildSubject(protocol.Operations, protocol.Records)
	if err != nil {
		t.Fatal(err)
	}
	methods := map[string]bool{}
	for _, op := range api.Operations {
		methods[op.Method] = true
	}
	entries, err := templateFS.ReadDir("tmpl")
	if err != nil {
		t.Fatal(err)
	}
	call := regexp.MustCompile(`ConformanceSubjects\.Current\.(\w+)\(`)
	for _, e := range entries {
		text, _ := templateFS.ReadFile("tmpl/" + e.Name())
		for _, m := range call.FindAllStringSubmatch(string(text), -1) {
			if !methods[m[1]] {
				t.Errorf("%s calls %s, which the subject does not have", e.Name(), m[1])
			}
		}
	}
}

// Every operation of the protocol has a C# type for its parameters and
// result, and names stay in .NET casing.
func TestSubjectNames(t *testing.T) {
	for wire, want := range map[string]string{
		"rabbitmq_publishing": "RabbitMqPublishing", "SQSAttribute": "SqsAttribute", "meta_id": "MetaId",
		"sqs_reconcile": "SqsReconcile", "DataType": "DataType", "validate_payload": "ValidatePayload",
	} {
		if got := csTypeName(wire); got != want {
			t.Errorf("csTypeName(%q) = %q, want %q", wire, got, want)
		}
	}
	if got := csParamName("object"); got != "@object" {
		t.Errorf("csParamName(object) = %q", got)
	}
	if _, err := buildSubject(protocol.Operations, protocol.Records); err != nil {
		t.Fatal(err)
	}
	bad := []protocol.Operation{{Name: "x", Doc: "x", Result: protocol.Result{Type: protocol.Type{Kind: protocol.Record, Record: "Nope"}}}}
	if _, err := buildSubject(bad, protocol.Records); err == nil {
		t.Error("an undefined record was accepted")
	}
	unknown := []protocol.Operation{{Name: "x", Doc: "x", Result: protocol.Result{Member: "x", Type: protocol.Type{Kind: 99}}}}
	if _, err := buildSubject(unknown, protocol.Records); err == nil {
		t.Error("an unknown kind was accepted")
	}
}
