package node

import (
	"fmt"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
)

// ownLang is the language tag a Node SDK stamps (the schema's meta.lang
// enum).
const ownLang = "node"

// producerBody is the view of the "producer" block (suite 1.6.0).
type producerBody struct {
	Cases []producerCaseView
}

// producerCaseView makes an envelope twice (Make) or dead-letters a
// fixture, then checks every clause.
type producerCaseView struct {
	testCase
	Make                           bool
	URN, Queue, Data, TraceID      string // make: literals (TraceID null when none is given)
	Fixture, Reason, Origin, Error string // dead_letter: literals (Error null when none is given)
	Clauses                        string // the WrittenClauses object literal
	FreshIDs                       string // make: the array of pointers whose ids must be fresh
}

func (b *producerBody) empty() bool     { return len(b.Cases) == 0 }
func (b *producerBody) heads() []header { return headsOf(b.Cases) }

func buildProducer(s *model.Suite, c *common) (testFile, error) {
	body := &producerBody{}
	for _, pc := range s.Producer.Cases {
		cv, err := producerCase(pc)
		if err != nil {
			return testFile{}, fmt.Errorf("case %q: %w", pc.Name, err)
		}
		body.Cases = append(body.Cases, cv)
	}
	imp := imports{Support: []string{"assertWritten", "fixture", "whenProvided", "written"}}
	for _, cv := range body.Cases {
		if cv.Make {
			imp.Support = unique(append(imp.Support, "assertFreshIds"))
		}
	}
	return c.file(s, model.BlockProducer, body, imp), nil
}

func producerCase(pc model.ProducerCase) (producerCaseView, error) {
	cv := producerCaseView{testCase: newCase(pc.Name, pc.Description, ""), Make: pc.Mode == model.ProducerMake}
	var err error
	if cv.Make {
		if cv.Data, err = tsValue(pc.Data, nestedBodyIndent); err != nil {
			return cv, err
		}
		cv.URN, cv.Queue, cv.TraceID = tsString(pc.URN), tsString(pc.Queue), optionalString(pc.TraceID)
		cv.FreshIDs = pointerArray(pc.Expect.FreshIDs)
	} else {
		cv.Fixture, cv.Reason, cv.Origin, cv.Error = tsString(pc.File), tsString(pc.Reason), tsString(pc.OriginQueue), optionalString(pc.Error)
	}
	indent := bodyIndent
	if cv.Make {
		indent = nestedBodyIndent
	}
	cv.Clauses, err = tsValue(writtenClauses(pc.Expect), indent)
	return cv, err
}

// optionalString is a string literal, or null.
func optionalString(s *string) string {
	if s == nil {
		return "null"
	}
	return tsString(*s)
}

// pointerArray is an array literal of pointers.
func pointerArray(ps []model.Pointer) string {
	lit, _ := tsValue(backend.PointerList(ps), "") // strings only: cannot fail
	return lit
}

// writtenClauses are the clauses of expect but the fresh ids, as the
// WrittenClauses object assertWritten takes (camelCase members).
func writtenClauses(x model.ProducerExpect) model.Value {
	return backend.ClausesValue(x, lowerCamel)
}

// produceIdentityView is redis.produce_identity: the publisher's stored
// element for a new message.
type produceIdentityView struct {
	testCase
	URN, Queue, Data, TraceID string // literals
	Expected                  string // the element's members: job, trace_id, data
}

func buildProduceIdentity(s *model.Suite, p *model.ProduceIdentity) (*produceIdentityView, error) {
	data, err := tsValue(p.Data, bodyIndent)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", subProduceID, err)
	}
	expected, err := tsValue(model.ObjectValue(model.Member{Key: "job", Value: model.StringValue(p.URN)},
		model.Member{Key: "trace_id", Value: model.StringValue(p.TraceID)}, model.Member{Key: "data", Value: p.Data}), bodyIndent)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", subProduceID, err)
	}
	return &produceIdentityView{testCase: projectionCase(s, model.BlockRedis, subProduceID),
		URN: tsString(p.URN), Queue: tsString(p.Queue), Data: data, TraceID: tsString(p.TraceID), Expected: expected}, nil
}
