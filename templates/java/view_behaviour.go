package java

import (
	"strconv"

	"github.com/babelqueue/bqgen/model"
)

// The consumer-behaviour blocks: idempotency and the payload schemas.

// idempotencyClass is the idempotency block's test class.
type idempotencyClass struct {
	classHead
	DedupKey  *dedupTest
	Sequences []sequenceTest
	// ChecksRaised: a sequence says whether the handler's error comes out.
	ChecksRaised bool
}

// dedupTest is idempotency.dedup_key.
type dedupTest struct {
	Method  method
	Fixture string
	Check   string // the assertion on the key, naming key_field
}

// sequenceTest is one idempotency sequence.
type sequenceTest struct {
	Method     method
	Deliveries []string // new Delivery(...) expressions
	Invoked    string   // the expected invoked list, a List.of(...) expression
	Effects    string   // expected_effects, a long literal
	// Raised is the expect_raised list per delivery (null where the manifest
	// does not say), an Arrays.asList(...) expression; "" when no delivery says.
	Raised string
}

func buildIdempotencyClass(s *model.Suite, c *common) (testFile, error) {
	b := s.Idempotency
	var names, docs []string
	if b.DedupKey != nil {
		names, docs = append(names, "dedup_key"), append(docs, "")
	}
	for _, seq := range b.Sequences {
		names, docs = append(names, seq.Name), append(docs, seq.Description)
	}
	if len(names) == 0 {
		return testFile{}, nil
	}
	methods := newMethods(c, model.BlockIdempotency, names, docs...)
	cls := idempotencyClass{classHead: newClassHead(s, c, model.BlockIdempotency)}
	if d := b.DedupKey; d != nil {
		cls.DedupKey = &dedupTest{Method: methods[0], Fixture: javaString(d.EnvelopeFile),
			Check: statement("assertEquals", javaString(d.ExpectedKey), "key", javaString("the seen-set key ("+d.KeyField+")"))}
		methods = methods[1:]
	}
	for i, seq := range b.Sequences {
		cls.Sequences = append(cls.Sequences, newSequenceTest(methods[i], seq))
		cls.ChecksRaised = cls.ChecksRaised || seq.ChecksRaised()
	}
	return cls.file(cls), nil
}

func newSequenceTest(m method, seq model.IdempotencySequence) sequenceTest {
	t := sequenceTest{Method: m, Effects: javaLong(seq.ExpectedEffects)}
	invoked := make([]string, len(seq.Deliveries))
	for i, d := range seq.Deliveries {
		outcome := d.Outcome
		if outcome == "" {
			outcome = "ok" // the protocol's default: a handler that returns
		}
		t.Deliveries = append(t.Deliveries, fill(bodyIndent, "new Delivery(", []string{javaString(d.MetaID),
			javaString(outcome), strconv.FormatBool(d.ForgetBefore)}, ")", len(","), bodyIndent+contIndent))
		invoked[i] = strconv.FormatBool(d.ExpectEffect == "run")
	}
	// "        List<Boolean> expected = List.of(...);"
	t.Invoked = fill(bodyStart+len("List<Boolean> expected = "), "List.of(", invoked, ")", len(";"), bodyIndent)
	if seq.ChecksRaised() {
		raised := make([]string, len(seq.Deliveries))
		for i, d := range seq.Deliveries {
			raised[i] = "null"
			if d.ExpectRaised != nil {
				raised[i] = strconv.FormatBool(*d.ExpectRaised)
			}
		}
		// "        assertRaised(deliveries, raised, Arrays.asList(...));"
		t.Raised = fill(bodyStart+len("assertRaised(deliveries, raised, "), "Arrays.asList(", raised, ")", len(");"), bodyIndent)
	}
	return t
}

// payloadClass is the test class of payload_schema or payload_schema_unicode.
type payloadClass struct {
	classHead
	Schema string // the schema, a JSON expression
	Tests  []payloadTest
}

// payloadTest is one payload case: data and the verdict it must get.
type payloadTest struct {
	Method   method
	Valid    bool
	Validate string // the subject.validatePayload call with the data
}

// schemaIndent is where continuation lines of the SCHEMA constant start.
const schemaIndent = 12

func buildPayloadSchemaClass(s *model.Suite, c *common) (testFile, error) {
	return buildPayloadClass(s, c, model.BlockPayloadSchema, s.PayloadSchema)
}

func buildPayloadSchemaUnicodeClass(s *model.Suite, c *common) (testFile, error) {
	return buildPayloadClass(s, c, model.BlockPayloadSchemaUnicode, s.PayloadSchemaUnicode)
}

func buildPayloadClass(s *model.Suite, c *common, block string, ps *model.PayloadSchema) (testFile, error) {
	if len(ps.Cases) == 0 {
		return testFile{}, nil
	}
	names := make([]string, len(ps.Cases))
	for i, pc := range ps.Cases {
		names[i] = pc.Name
	}
	methods := newMethods(c, block, names)
	jb := newJSONBuilder()
	// "    private static final ConformanceJson SCHEMA = ...;"
	schema := jb.expr(ps.Schema, memberIndent+len("private static final ConformanceJson SCHEMA = "), schemaIndent, len(";"))
	cls := payloadClass{classHead: newClassHead(s, c, block), Schema: schema}
	for i, pc := range ps.Cases {
		// "        PayloadVerdict verdict = subject.validatePayload(SCHEMA, ...);"
		call := jb.jsonCall(bodyStart+len("PayloadVerdict verdict = "), len(";"), "subject.validatePayload",
			[]string{"SCHEMA"}, pc.Data, nil)
		cls.Tests = append(cls.Tests, payloadTest{Method: methods[i], Valid: pc.Valid, Validate: call})
	}
	cls.JSONImports = jb.imports()
	return cls.file(cls), nil
}

// itoa is an int64 in decimal.
func itoa(n int64) string { return strconv.FormatInt(n, 10) }
