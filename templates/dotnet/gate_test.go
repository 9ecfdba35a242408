package dotnet

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// gateSuites are the suites of loadSuites with a schema-version gate: the
// canonical one, the adversarial one and, where this machine has it,
// upstream-next (whose gate cases carry no names).
func gateSuites(t *testing.T) []testSuite {
	t.Helper()
	var out []testSuite
	for _, ts := range loadSuites(t) {
		if ts.suite.HasPart("", model.SubSchemaVersionGate) {
			out = append(out, ts)
		}
	}
	if len(out) < 2 {
		t.Fatalf("only %d suites carry a schema_version_gate", len(out))
	}
	return out
}

// gateOperations are the gate operation of each broker block.
var gateOperations = map[string]protocol.Operation{
	model.BlockSQS: protocol.SQSSchemaVersionGate, model.BlockASB: protocol.ASBSchemaVersionGate,
	model.BlockPulsar: protocol.PulsarSchemaVersionGate, model.BlockKafka: protocol.KafkaSchemaVersionGate,
	model.BlockArtemis: protocol.ArtemisSchemaVersionGate,
}

// testMethodPattern reads one generated test: its attribute's display name
// (possibly split into a constant concatenation), its method name and body.
var testMethodPattern = regexp.MustCompile(`(?s)DisplayName =\s*((?:"(?:[^"\\]|\\.)*"\s*\+?\s*)+)\)\]\n    public void (\w+)\(\)\n    \{\n(.*?)\n    \}\n`)

// generatedTest is one test method of a generated class.
type generatedTest struct {
	display, method, body string
}

func testsOf(t *testing.T, content string) []generatedTest {
	t.Helper()
	var out []generatedTest
	for _, m := range testMethodPattern.FindAllStringSubmatch(content, -1) {
		out = append(out, generatedTest{display: concatenation(t, m[1]), method: m[2], body: m[3]})
	}
	return out
}

// concatenation reads a constant concatenation of C# string literals
// (`"a"\n    + "b"`) back into its string.
func concatenation(t *testing.T, expr string) string {
	t.Helper()
	var b strings.Builder
	for _, piece := range strings.Split(strings.TrimSpace(expr), "+ ") {
		s, err := decodeCSharpString(strings.TrimSpace(piece))
		if err != nil {
			t.Fatalf("%q is not a concatenation of literals: %v", expr, err)
		}
		b.WriteString(s)
	}
	return b.String()
}

// Every gate case is one test of its block's class, named from the case
// name, displayed under block/schema_version_gate, delivering the case's
// exact value (null when absent) to the block's gate and asserting the
// manifest's outcome; a typed gate's number goes out once per AMQP type, a
// string or absent value with no AMQP type.
func TestGateCasesAreTests(t *testing.T) {
	t.Parallel()
	for _, ts := range gateSuites(t) {
		files := filesByPath(generate(t, ts.suite, backend.BindOracle))
		for _, block := range model.KnownBlocks {
			g := ts.suite.Gate(block)
			if g == nil {
				continue
			}
			op := gateOperations[block]
			tests := map[string]generatedTest{}
			for _, gt := range testsOf(t, string(files[testClassName(block)+".cs"].Content)) {
				tests[gt.display] = gt
			}
			for _, c := range g.Cases {
				display := displayName(block, subSchemaVersionGate, c.Name)
				gt, ok := tests[display]
				if !ok {
					t.Errorf("%s: no test displayed %q", ts.name, display)
					continue
				}
				checkGateBody(t, ts.name+": "+display, gt.body, op, c)
			}
		}
	}
}

// checkGateBody checks one gate test's body against its case.
func checkGateBody(t *testing.T, where, body string, op protocol.Operation, c model.GateCase) {
	t.Helper()
	lines := strings.Split(body, "\n")
	if len(lines) < 4 || !strings.HasPrefix(lines[0], "        string envelope = ConformanceSuite.Fixture(") {
		t.Errorf("%s: the body does not start with the fixture:\n%s", where, body)
		return
	}
	decl, rest := propertyDeclaration(lines[1:])
	typed := len(op.Params) == 3
	switch {
	case c.Absent && decl != "null":
		t.Errorf("%s: an absent property is %s, not null", where, decl)
	case !c.Absent && c.Value.Kind == model.String && !typed:
		if got := concatenation(t, decl); got != c.Value.Text {
			t.Errorf("%s: the property is %q, not %q", where, got, c.Value.Text)
		}
	case !c.Absent && c.Value.Kind == model.String:
		inner, ok := strings.CutPrefix(decl, "JsonValue.Create(")
		if got := concatenation(t, strings.TrimSuffix(inner, ")")); !ok || got != c.Value.Text {
			t.Errorf("%s: the property is %s, not the string %q", where, decl, c.Value.Text)
		}
	case !c.Absent:
		inner, ok := strings.CutPrefix(decl, "JsonNode.Parse(")
		if got := concatenation(t, strings.TrimSuffix(inner, ")")); !ok || got != c.Value.Text {
			t.Errorf("%s: the property is %s, not the number %s as the manifest spells it", where, decl, c.Value.Text)
		}
	}
	call := "ConformanceSubjects.Current." + csTypeName(op.Name) + "(envelope, property"
	expect := "ConformanceAssert.Text(" + string(csString(c.Expect)) + ", outcome, "
	text := strings.Join(rest, "\n")
	if types := c.AMQPTypes(); typed && types[0] != "" {
		var items []string
		for _, ty := range types {
			items = append(items, string(csString(ty)))
		}
		want := "foreach (string amqpType in new[] { " + strings.Join(items, ", ") + " })"
		if !strings.Contains(text, want) || !strings.Contains(text, call+", amqpType);") ||
			!strings.Contains(text, expect+`"outcome as AMQP " + amqpType);`) {
			t.Errorf("%s: the number is not delivered once per AMQP type %v, naming it:\n%s", where, types, body)
		}
		return
	}
	if typed {
		call += ", null"
	}
	if !strings.Contains(text, call+");") || !strings.Contains(text, expect+`"outcome");`) {
		t.Errorf("%s: no call %s) asserting %s:\n%s", where, call, c.Expect, body)
	}
}

// propertyDeclaration reads the statement declaring property from the body
// lines: its initialiser (one line, or a split literal over several), and
// the lines after it.
func propertyDeclaration(lines []string) (string, []string) {
	var b strings.Builder
	for i, line := range lines {
		line = strings.TrimSpace(line)
		if i == 0 {
			_, line, _ = strings.Cut(line, " property =")
		}
		b.WriteString(strings.TrimSpace(line) + " ")
		if strings.HasSuffix(line, ";") {
			return strings.TrimSuffix(strings.TrimSpace(b.String()), ";"), lines[i+1:]
		}
	}
	return b.String(), nil
}

// A typed gate's integral number is delivered as AMQP int and long, any
// other number as double; a string or absent value carries no AMQP type.
func TestGateAMQPTypes(t *testing.T) {
	for _, tc := range []struct {
		value model.Value
		want  string
	}{
		{model.NumberValue("1"), `"int", "long"`},
		{model.NumberValue("-0"), `"int", "long"`},
		{model.NumberValue("1.5"), `"double"`},
		{model.NumberValue("1.0"), `"double"`},
		{model.NumberValue("1e0"), `"double"`},
		{model.StringValue("1"), ""},
	} {
		g := &model.SchemaVersionGate{Fixture: "fixtures/f.json", Typed: true,
			Cases: []model.GateCase{{Name: "c", Value: tc.value, Expect: model.GateDecode}}}
		specs, err := buildGate(model.BlockASB, protocol.ASBSchemaVersionGate, g)
		if err != nil {
			t.Fatal(err)
		}
		if got := specs[0].data.(gateBody).AMQPTypes; string(got) != tc.want {
			t.Errorf("%s %s: AMQP types %s, want %s", tc.value.Kind, tc.value.Text, got, tc.want)
		}
	}
	absent := &model.SchemaVersionGate{Typed: true, Cases: []model.GateCase{{Name: "a", Absent: true, Value: model.NullValue()}}}
	specs, _ := buildGate(model.BlockASB, protocol.ASBSchemaVersionGate, absent)
	if b := specs[0].data.(gateBody); b.AMQPTypes != "" || !b.Typed || b.Property != "JsonNode? property = null;" {
		t.Errorf("an absent typed property: %+v", b)
	}
}

// A value a gate's property cannot take, or a gate operation of another
// shape, is an error, never a test that asserts something else.
func TestGateRejectsWhatItCannotDeliver(t *testing.T) {
	number := &model.SchemaVersionGate{Cases: []model.GateCase{{Name: "n", Value: model.NumberValue("1"), Expect: model.GateDecode}}}
	if _, err := buildGate(model.BlockSQS, protocol.SQSSchemaVersionGate, number); err == nil {
		t.Error("a number was delivered as a text property")
	}
	flag := &model.SchemaVersionGate{Typed: true, Cases: []model.GateCase{{Name: "b", Value: model.BoolValue(true)}}}
	if _, err := buildGate(model.BlockASB, protocol.ASBSchemaVersionGate, flag); err == nil {
		t.Error("a boolean was delivered as an AMQP property")
	}
	odd := protocol.SQSSchemaVersionGate
	odd.Params = odd.Params[:1]
	if _, err := buildGate(model.BlockSQS, odd, number); err == nil {
		t.Error("a gate operation without a property parameter was accepted")
	}
}

// Hostile gate values (invisible characters, a byte order mark, line
// separators, quotes, long runs) reach the test exactly, escaped by
// construction, on lines that fit.
func TestGateValuesAreExact(t *testing.T) {
	values := append(slices.Clone(adversarialStrings), "\u00a0\u0085\ufeff\u2028\u3000", strings.Repeat("1\u00a0", 60),
		strings.Repeat(`\"`, 70), strings.Repeat("😀", 30))
	for _, typed := range []bool{false, true} {
		for _, v := range values {
			expr, err := gateProperty(model.GateCase{Value: model.StringValue(v)}, typed)
			decl := string(expr)
			if err != nil {
				t.Fatal(err)
			}
			for _, line := range strings.Split(decl, "\n") {
				if bodyIndent+len(line) > maxLine || !isPrintableASCII(line) {
					t.Errorf("%q: line %q", v, line)
				}
			}
			init, _ := propertyDeclaration(strings.Split(decl, "\n"))
			init = strings.TrimSuffix(strings.TrimPrefix(init, "JsonValue.Create("), ")")
			if got := concatenation(t, init); got != v {
				t.Errorf("%q (typed %v) is delivered as %q:\n%s", v, typed, got, decl)
			}
		}
	}
}

// Split literals join back to their text, each within its width, never
// cutting an escape.
func TestCsStringPieces(t *testing.T) {
	for _, s := range append(slices.Clone(adversarialStrings), strings.Repeat("é😀\"\\", 50)) {
		for _, width := range []int{1, 14, 40, 100} {
			pieces := csStringPieces(s, width)
			var b strings.Builder
			for _, p := range pieces {
				if len(p) > max(width, len(`"\U0001F600"`)) {
					t.Errorf("piece %s is wider than %d", p, width)
				}
				text, err := decodeCSharpString(p)
				if err != nil {
					t.Fatalf("piece %s: %v", p, err)
				}
				b.WriteString(text)
			}
			if b.String() != s {
				t.Errorf("csStringPieces(%q, %d) joins to %q", s, width, b.String())
			}
		}
	}
}

// No generated line, test or scaffold, is longer than maxLine, whatever the
// suite's names and values.
func TestNoLongLines(t *testing.T) {
	t.Parallel()
	for _, ts := range gateSuites(t) {
		for name, b := range bindings {
			for _, f := range generate(t, ts.suite, b) {
				if f.Kind == backend.Vendored || isIndex(f) {
					continue // JSON, not code: a name is one line however long
				}
				for i, line := range strings.Split(string(f.Content), "\n") {
					if len(line) > maxLine {
						t.Errorf("%s/%s: %s:%d has %d columns: %s", ts.name, name, f.Path, i+1, len(line), line)
					}
				}
			}
		}
	}
}

// A long display name is split into a constant concatenation that reads
// back as the name.
func TestLongDisplayNameIsSplit(t *testing.T) {
	display := displayName(model.BlockSQS, subSchemaVersionGate, strings.Repeat("reject string U+00A0 ", 12))
	attr := factAttribute(display, "")
	for _, line := range strings.Split(attr, "\n") {
		if len(line) > maxLine {
			t.Errorf("line of %d columns: %s", len(line), line)
		}
	}
	m := regexp.MustCompile(`(?s)DisplayName =\s*(.*)\)\]$`).FindStringSubmatch(attr)
	if m == nil || concatenation(t, m[1]) != display {
		t.Errorf("the attribute does not read back as the display name:\n%s", attr)
	}
}

// The scaffold over the core SDK maps no gate and no Redis round trip: it
// has no method for them and does not list them as provided, and the
// interface's default reports each "not provided" as belonging to its
// broker's transport target (the missing-feature rule's wording), with no
// claim about what that package does or lacks.
func TestScaffoldReportsWhyGatesAreNotProvided(t *testing.T) {
	t.Parallel()
	files := filesByPath(generate(t, loadSuites(t)[0].suite, backend.BindSDK))
	scaffold := string(files[sdkTestProjectDir+"/"+scaffoldFileName].Content)
	api := string(files[sdkTestProjectDir+"/"+generatedDirName+"/"+subjectFileName].Content)
	provided := scaffold[:strings.Index(scaffold, "};")]
	for _, op := range append(mapsValues(gateOperations), protocol.RedisRoundtrip) {
		if strings.Contains(provided, string(csString(op.Name))) {
			t.Errorf("%s is listed as provided", op.Name)
		}
		if strings.Contains(scaffold, " "+signatureOf(t, op)) {
			t.Errorf("the core scaffold has a method for %s, which the interface's default answers", op.Name)
		}
		sig := signatureOf(t, op) + " =>\n        throw new NotProvidedException(\n            " + string(csString(op.Name)) + ",\n"
		at := strings.Index(api, sig)
		if at < 0 {
			t.Errorf("the default of %s does not throw NotProvidedException:\n%s", op.Name, api)
			continue
		}
		reason := api[at+len(sig) : at+strings.Index(api[at:], ");")]
		text := concatenation(t, reason)
		want := "belongs to the " + op.Transport + " transport target (blocks: [" + op.Transport + "] in bqgen.yaml)"
		if text != want {
			t.Errorf("%s: the reason is %q, want %q", op.Name, text, want)
		}
	}
}

func mapsValues(m map[string]protocol.Operation) []protocol.Operation {
	var out []protocol.Operation
	for _, block := range model.KnownBlocks {
		if op, ok := m[block]; ok {
			out = append(out, op)
		}
	}
	return out
}

// signatureOf is op's C# method signature.
func signatureOf(t *testing.T, op protocol.Operation) string {
	t.Helper()
	api, err := buildSubject(protocol.Operations, protocol.Records)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range api.Operations {
		if v.Wire == op.Name {
			return v.Signature
		}
	}
	t.Fatalf("no operation %s", op.Name)
	return ""
}

// The scaffold's idempotency_key needs one remembered key at least, all of
// them equal; remembering the same key twice is not an error.
func TestScaffoldIdempotencyKeyChecksWhatWasRemembered(t *testing.T) {
	scaffold := string(filesByPath(generate(t, loadSuites(t)[0].suite, backend.BindSDK))[sdkTestProjectDir+"/"+scaffoldFileName].Content)
	for _, want := range []string{
		`if (remembered.Count == 0)`,
		`throw new InvalidOperationException("the helper remembered no key for the delivery");`,
		`if (remembered.Any(other => other != key))`,
		`"the helper remembered different keys for one delivery: \""`,
		`+ string.Join("\", \"", remembered) + "\"");`,
		`return key;`,
	} {
		if !strings.Contains(scaffold, want) {
			t.Errorf("the idempotency_key mapping lacks %s", want)
		}
	}
	if strings.Contains(scaffold, "remembered.Count == 1") {
		t.Error("remembering the same key twice is an error")
	}
}

// The redis test asserts the element and both lengths of the ready list,
// each naming what it compares.
func TestRedisAssertsTheListLengths(t *testing.T) {
	files := filesByPath(generate(t, loadSuites(t)[0].suite, backend.BindOracle))
	body := string(files[testClassName(model.BlockRedis)+".cs"].Content)
	for _, want := range []string{
		"RedisRoundtrip roundtrip = ConformanceSubjects.Current.RedisRoundtrip(fixture);",
		"Assert.Equal(fixture, roundtrip.Element);",
		`ConformanceAssert.Integer(1L, roundtrip.QueuedAfterProduce, "queued_after_produce");`,
		`ConformanceAssert.Integer(0L, roundtrip.QueuedAfterReserve, "queued_after_reserve");`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("the redis test lacks %s", want)
		}
	}
}

// Gate case names, generated ones too, become unique method names in the
// class they share with the projection and the reconciliation cases.
func TestGateNamesAreUniqueIdentifiers(t *testing.T) {
	t.Parallel()
	ident := regexp.MustCompile(`^[A-Z][A-Za-z0-9_]*$`)
	for _, ts := range gateSuites(t) {
		for path, f := range filesByPath(generate(t, ts.suite, backend.BindOracle)) {
			if !strings.HasSuffix(path, "ConformanceTests.cs") {
				continue
			}
			seen := map[string]bool{}
			for _, gt := range testsOf(t, string(f.Content)) {
				if !ident.MatchString(gt.method) || seen[gt.method] {
					t.Errorf("%s: %s: method %s is not a fresh identifier", ts.name, path, gt.method)
				}
				seen[gt.method] = true
			}
			if want := strings.Count(string(f.Content), "[SkippableFact("); len(seen) != want {
				t.Errorf("%s: %s: read %d tests of %d", ts.name, path, len(seen), want)
			}
		}
	}
	if fmt.Sprint(testMethodNames("SqsConformanceTests", []string{"reject string U+00A0 1", "reject string U+00A0 1"})) !=
		"[RejectStringU00a0_1 RejectStringU00a0_1_2]" {
		t.Errorf("gate names: %v", testMethodNames("SqsConformanceTests", []string{"reject string U+00A0 1", "reject string U+00A0 1"}))
	}
}
