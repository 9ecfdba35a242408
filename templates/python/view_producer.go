package python

import (
	"fmt"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
)

// ownLang is the language tag a Python SDK stamps (the schema's meta.lang
// enum).
const ownLang = "python"

// producerBody is the view of the "producer" block (suite 1.6.0).
type producerBody struct{ Tests []*producerTest }

// producerTest makes an envelope twice (Make) or dead-letters a fixture,
// then checks every clause.
type producerTest struct {
	testHead
	Make                           bool
	URN, Queue, Data, TraceID      string // make: literals (TraceID None when none is given)
	Fixture, Reason, Origin, Error string // dead_letter: literals (Error None when none is given)
	Clauses                        []clause
	FreshIDs                       string // make: the list of pointers whose ids must be fresh
}

// clause is one keyword argument of assertWritten: a name and its literal.
type clause struct{ Name, Value string }

func (b *producerBody) heads() []*testHead {
	return headsOf(b.Tests, func(t *producerTest) *testHead { return &t.testHead })
}

func buildProducer(s *model.Suite, c *common) (testFile, error) {
	b := &producerBody{}
	for _, pc := range s.Producer.Cases {
		t, err := producerCase(pc)
		if err != nil {
			return testFile{}, fmt.Errorf("case %q: %w", pc.Name, err)
		}
		b.Tests = append(b.Tests, t)
	}
	return c.testFile(model.BlockProducer, b)
}

func producerCase(pc model.ProducerCase) (*producerTest, error) {
	t := &producerTest{testHead: newHead(pc.Name, pc.Description), Make: pc.Mode == model.ProducerMake}
	if t.Make {
		data, err := pyBlock(pc.Data)
		if err != nil {
			return nil, err
		}
		t.URN, t.Queue, t.Data, t.TraceID = pyString(pc.URN), pyString(pc.Queue), data, optionalString(pc.TraceID)
		t.FreshIDs = pointerListLit(pc.Expect.FreshIDs)
	} else {
		t.Fixture, t.Reason, t.Origin, t.Error = fixtureLit(pc.File), pyString(pc.Reason), pyString(pc.OriginQueue), optionalString(pc.Error)
	}
	clauses, err := writtenClauses(pc.Expect)
	t.Clauses = clauses
	return t, err
}

// optionalString is a str literal, or None.
func optionalString(s *string) string {
	if s == nil {
		return "None"
	}
	return pyString(*s)
}

// pointerListLit is a list literal of pointers.
func pointerListLit(ps []model.Pointer) string {
	lit, _ := pyBlock(backend.PointerList(ps)) // strings only: cannot fail
	return lit
}

// writtenClauses are the clauses of expect but the fresh ids, as
// assertWritten's keyword arguments; a clause the case lacks is left out.
func writtenClauses(x model.ProducerExpect) ([]clause, error) {
	var out []clause
	if len(x.Types) > 0 {
		types := model.ObjectValue()
		for _, t := range x.Types {
			types.Members = append(types.Members, model.Member{Key: t.Pointer.String(), Value: model.StringValue(t.Type)})
		}
		lit, _ := pyBlock(types) // strings only
		out = append(out, clause{"types", lit})
	}
	if len(x.Equal) > 0 {
		equal := model.ObjectValue()
		for _, e := range x.Equal {
			equal.Members = append(equal.Members, model.Member{Key: e.Pointer.String(), Value: e.Value})
		}
		lit, err := pyBlock(equal)
		if err != nil {
			return nil, err
		}
		out = append(out, clause{"equal", lit})
	}
	for _, pointers := range []struct {
		name string
		list []model.Pointer
	}{{"own_lang", x.OwnLang}, {"now_millis", x.NowMillis}, {"absent", x.Absent}} {
		if len(pointers.list) > 0 {
			out = append(out, clause{pointers.name, pointerListLit(pointers.list)})
		}
	}
	return out, nil
}
