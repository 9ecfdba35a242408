package php

import (
	"fmt"
	"strings"

	"github.com/babelqueue/bqgen/model"
)

// idempotencyClass is the test class of the "idempotency" block.
type idempotencyClass struct {
	testClass
	DedupKey  *dedupKeyTest // nil when the block has no dedup_key
	Sequences []sequenceTest
}

// dedupKeyTest is idempotency.dedup_key as PHP literals.
type dedupKeyTest struct {
	testMethod
	Fixture, ExpectedKey string
}

// sequenceTest is one idempotency sequence.
type sequenceTest struct {
	testMethod
	Deliveries []string // one PHP array literal per delivery
	Invoked    string   // the PHP list of whether the handler runs, per delivery
	Effects    string   // expected_effects
	// Raised is the PHP list of expect_raised per delivery (null where the
	// manifest does not say); "" when no delivery says.
	Raised string
}

func buildIdempotency(s *model.Suite, c *common) (testFile, error) {
	block := s.Idempotency
	uses := []string{"ConformanceTestCase"}
	for _, q := range block.Sequences {
		if q.ChecksRaised() {
			uses = append(uses, "Expect") // Expect::raised
			break
		}
	}
	class := idempotencyClass{testClass: newTestClass(c, model.BlockIdempotency, uses...)}
	// dedup_key and the sequences share one class, so their method names
	// are made unique together.
	names := caseNames(block.Sequences, func(q model.IdempotencySequence) string { return q.Name })
	if block.DedupKey != nil {
		names = append([]string{"dedup_key"}, names...)
	}
	methods := c.newMethods(model.BlockIdempotency, names)
	if block.DedupKey != nil {
		class.DedupKey = &dedupKeyTest{testMethod: methods[0], Fixture: phpString(block.DedupKey.EnvelopeFile), ExpectedKey: phpString(block.DedupKey.ExpectedKey)}
		methods = methods[1:]
	}
	for i, m := range methods {
		class.Sequences = append(class.Sequences, buildSequence(block.Sequences[i], m))
	}
	return blockFile(model.BlockIdempotency, class), nil
}

// buildSequence lays out one sequence. A delivery without an outcome is one
// that must be skipped; it is sent as "ok" (the protocol's default), so a
// helper that wrongly runs it does not also throw.
func buildSequence(q model.IdempotencySequence, m testMethod) sequenceTest {
	t := sequenceTest{testMethod: m, Effects: phpInt(q.ExpectedEffects)}
	invoked := make([]string, len(q.Deliveries))
	for i, d := range q.Deliveries {
		outcome := d.Outcome
		if outcome == "" {
			outcome = "ok"
		}
		t.Deliveries = append(t.Deliveries, fmt.Sprintf("['meta_id' => %s, 'outcome' => %s, 'forget_before' => %s]",
			phpString(d.MetaID), phpString(outcome), phpBool(d.ForgetBefore)))
		invoked[i] = phpBool(d.ExpectEffect == "run")
	}
	t.Invoked = "[" + strings.Join(invoked, ", ") + "]"
	if q.ChecksRaised() {
		raised := make([]string, len(q.Deliveries))
		for i, d := range q.Deliveries {
			raised[i] = "null"
			if d.ExpectRaised != nil {
				raised[i] = phpBool(*d.ExpectRaised)
			}
		}
		t.Raised = "[" + strings.Join(raised, ", ") + "]"
	}
	return t
}

// payloadClass is the test class of "payload_schema" and
// "payload_schema_unicode": one schema, one test per data value.
type payloadClass struct {
	testClass
	Schema string // the schema as a PHP literal, returned by a helper method
	Tests  []payloadTest
}

// payloadTest is one data value and its verdict.
type payloadTest struct {
	testMethod
	Data  string
	Valid bool
}

func buildPayloadSchema(s *model.Suite, c *common) (testFile, error) {
	return buildPayloadClass(c, s.PayloadSchema, newTestClass(c, model.BlockPayloadSchema, "ConformanceTestCase", "Json"))
}

func buildPayloadSchemaUnicode(s *model.Suite, c *common) (testFile, error) {
	return buildPayloadClass(c, s.PayloadSchemaUnicode, newTestClass(c, model.BlockPayloadSchemaUnicode, "ConformanceTestCase", "Json"))
}

// buildPayloadClass lays out a payload schema block; both blocks share the
// template of "payload_schema".
func buildPayloadClass(c *common, block *model.PayloadSchema, tc testClass) (testFile, error) {
	if block.Schema.Kind != model.Object {
		return testFile{}, fmt.Errorf("schema must be an object, not %s", block.Schema.Kind)
	}
	schema, err := phpValue(block.Schema, bodyIndent)
	if err != nil {
		return testFile{}, fmt.Errorf("schema: %w", err)
	}
	class := payloadClass{testClass: tc, Schema: schema}
	for i, m := range c.newMethods(tc.Block, caseNames(block.Cases, func(p model.PayloadCase) string { return p.Name })) {
		pc := block.Cases[i]
		data, err := phpValue(pc.Data, bodyIndent)
		if err != nil {
			return testFile{}, fmt.Errorf("case %q: %w", pc.Name, err)
		}
		class.Tests = append(class.Tests, payloadTest{testMethod: m, Data: data, Valid: pc.Valid})
	}
	return blockFile(model.BlockPayloadSchema, class), nil
}
