package node

import (
	"fmt"
	"strings"

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
	Make bool
	// Write is the statement that calls new_message (inside the loop over
	// the two makes) or dead_letter between two clock readings, every
	// argument a literal: const write = await written(() => ...);
	Write    string
	Clauses  string // the WrittenClauses object literal
	FreshIDs string // make: the array of pointers whose ids must be fresh
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
	indent := bodyIndent
	var err error
	if cv.Make {
		indent = nestedBodyIndent // inside the loop over the two makes
		cv.FreshIDs = pointerArray(pc.Expect.FreshIDs)
	}
	if cv.Write, err = producerWrite(pc, indent); err != nil {
		return cv, err
	}
	cv.Clauses, err = tsValue(writtenClauses(pc.Expect), indent)
	return cv, err
}

// producerWrite is the statement at indent that writes the case's envelope:
// on one line when it fits, else one argument a line, the data literal then
// built at its argument's indentation.
func producerWrite(pc model.ProducerCase, indent string) (string, error) {
	op := "dead_letter"
	if pc.Mode == model.ProducerMake {
		op = "new_message"
	}
	name, err := method(op)
	if err != nil {
		return "", err
	}
	open := "const write = await written(() => subject." + name + "("
	items, err := producerArgs(pc, indent)
	if err != nil {
		return "", err
	}
	call := layoutList(indent, open, items, "));", 0)
	if !strings.HasPrefix(call, open+"\n") {
		return call, nil
	}
	if items, err = producerArgs(pc, indent+"  "); err != nil { // one argument a line
		return "", err
	}
	return layoutList(indent, open, items, "));", 0), nil
}

// producerArgs are the literals the case's operation is called with, a
// data literal that spans lines continuing from at.
func producerArgs(pc model.ProducerCase, at string) ([]string, error) {
	if pc.Mode != model.ProducerMake {
		fixture := "fixture(" + tsString(pc.File) + ")"
		return []string{fixture, tsString(pc.Reason), tsString(pc.OriginQueue), optionalString(pc.Error)}, nil
	}
	data, err := tsValue(pc.Data, at)
	return []string{tsString(pc.URN), tsString(pc.Queue), data, optionalString(pc.TraceID)}, err
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
