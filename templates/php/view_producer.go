package php

import (
	"fmt"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
)

// ownLang is the language tag a PHP SDK stamps (the schema's meta.lang enum).
const ownLang = "php"

// producerClass is the test class of the "producer" block (suite 1.6.0).
type producerClass struct {
	testClass
	Tests []producerTest
}

// producerTest makes an envelope twice (Make) or dead-letters a fixture,
// then checks every clause; every field is a PHP literal.
type producerTest struct {
	testMethod
	Make                           bool
	URN, Queue, Data, TraceID      string // make (TraceID null when none is given)
	Fixture, Reason, Origin, Error string // dead_letter (Error null when none is given)
	Clauses                        string // the clauses but fresh_ids, a stdClass Expect::written reads
	FreshIDs                       string // make: the list of pointers whose ids must be fresh
}

func buildProducer(s *model.Suite, c *common) (testFile, error) {
	cases := s.Producer.Cases
	names := caseNames(cases, func(pc model.ProducerCase) string { return pc.Name })
	class := producerClass{testClass: newTestClass(c, model.BlockProducer, "ConformanceTestCase", "Expect")}
	for i, m := range c.newMethods(model.BlockProducer, names) {
		t, err := buildProducerTest(cases[i], m)
		if err != nil {
			return testFile{}, fmt.Errorf("case %q: %w", cases[i].Name, err)
		}
		class.Tests = append(class.Tests, t)
	}
	return blockFile(model.BlockProducer, class), nil
}

func buildProducerTest(pc model.ProducerCase, m testMethod) (producerTest, error) {
	t := producerTest{testMethod: m, Make: pc.Mode == model.ProducerMake}
	var err error
	indent := bodyIndent
	if t.Make {
		indent = loopIndent // inside the loop over the two makes
		if t.Data, err = phpValue(pc.Data, indent); err != nil {
			return t, err
		}
		t.URN, t.Queue, t.TraceID = phpString(pc.URN), phpString(pc.Queue), optionalString(pc.TraceID)
		if t.FreshIDs, err = phpValue(backend.PointerList(pc.Expect.FreshIDs), bodyIndent); err != nil {
			return t, err
		}
	} else {
		t.Fixture, t.Reason, t.Origin, t.Error = phpString(pc.File), phpString(pc.Reason), phpString(pc.OriginQueue), optionalString(pc.Error)
	}
	t.Clauses, err = phpValue(writtenClauses(pc.Expect), indent)
	return t, err
}

// optionalString is a PHP string literal, or null.
func optionalString(s *string) string {
	if s == nil {
		return "null"
	}
	return phpString(*s)
}

// writtenClauses are the clauses of expect but the fresh ids, as the
// object Expect::written reads (the manifest's names).
func writtenClauses(x model.ProducerExpect) model.Value {
	return backend.ClausesValue(x, func(clause string) string { return clause })
}
