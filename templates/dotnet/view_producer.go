package dotnet

import (
	"fmt"
	"strings"

	"github.com/babelqueue/bqgen/model"
)

// ownLang is the language tag a .NET SDK stamps (the schema's meta.lang
// enum).
const ownLang = "dotnet"

// The producer block's test bodies (tmpl/producer.tmpl).
var (
	bodyNewMessage = bodyName(model.BlockProducer, "new_message")
	bodyDeadLetter = bodyName(model.BlockProducer, "dead_letter")
)

// newMessageBody makes an envelope twice and checks every clause.
type newMessageBody struct {
	Data, URN, Queue, TraceID csExpr
	Checks                    []csExpr // the clauses but fresh_ids, on "written"
	FreshIDs                  csExpr   // the pointers whose ids must be fresh, a string array
}

// deadLetterBody dead-letters a fixture and checks every clause.
type deadLetterBody struct {
	Fixture, Reason, Origin, Error csExpr
	Checks                         []csExpr
}

func buildProducer(s *model.Suite, c *common) (testFile, error) {
	var specs []testSpec
	for _, pc := range s.Producer.Cases {
		spec := testSpec{caseName: pc.Name, display: displayName(model.BlockProducer, pc.Name)}
		checks := writtenChecks(pc.Expect)
		if pc.Mode == model.ProducerMake {
			data, err := jsonObjectExpr(pc.Data)
			if err != nil {
				return testFile{}, fmt.Errorf("case %q: data: %w", pc.Name, err)
			}
			spec.template, spec.data = bodyNewMessage, newMessageBody{Data: data, URN: csString(pc.URN), Queue: csString(pc.Queue),
				TraceID: optionalString(pc.TraceID), Checks: indented(checks), FreshIDs: stringArray(pc.Expect.FreshIDs)}
		} else {
			spec.template, spec.data = bodyDeadLetter, deadLetterBody{Fixture: csString(pc.File), Reason: csString(pc.Reason),
				Origin: csString(pc.OriginQueue), Error: optionalString(pc.Error), Checks: checks}
		}
		specs = append(specs, spec)
	}
	return c.file(model.BlockProducer, specs), nil
}

// indented is checks one level deeper: inside the loop over the two makes,
// a check's continuation lines move in with it.
func indented(checks []csExpr) []csExpr {
	out := make([]csExpr, len(checks))
	for i, c := range checks {
		out[i] = csExpr(strings.ReplaceAll(string(c), "\n", "\n    "))
	}
	return out
}

// optionalString is a C# string literal, or null.
func optionalString(s *string) csExpr {
	if s == nil {
		return "null"
	}
	return csString(*s)
}

// stringArray is a new[] { ... } of pointers.
func stringArray(ps []model.Pointer) csExpr {
	items := make([]string, len(ps))
	for i, p := range ps {
		items[i] = string(csString(p.String()))
	}
	return csExpr("new[] { " + strings.Join(items, ", ") + " }")
}

// writtenChecks are the assertions of every clause but the fresh ids on
// the parsed envelope "written" (between the clock readings before and
// after).
func writtenChecks(x model.ProducerExpect) []csExpr {
	var out []csExpr
	for _, t := range x.Types {
		out = append(out, csCall("WrittenAssert.JsonType", "written", csString(t.Pointer.String()), csString(t.Type)))
	}
	for _, e := range x.Equal {
		out = append(out, csCall("JsonAssert.PointerHolds", "written", csString(e.Pointer.String()), jsonExpr(e.Value)))
	}
	for _, p := range x.OwnLang {
		out = append(out, csCall("WrittenAssert.OwnLang", "written", csString(p.String())))
	}
	for _, p := range x.NowMillis {
		out = append(out, csCall("WrittenAssert.NowMillis", "written", csString(p.String()), "before", "after"))
	}
	for _, p := range x.Absent {
		out = append(out, csCall("JsonAssert.PointerAbsent", "written", csString(p.String())))
	}
	return out
}

// produceIdentityBody is redis.produce_identity: the publisher's stored
// element for a new message.
type produceIdentityBody struct {
	Data, URN, Queue, TraceID csExpr
	Checks                    []csExpr // on "element"
}

// subProduceIdentity is the redis block's produce-side sub-block (1.6.0).
const subProduceIdentity = "produce_identity"

func produceIdentitySpec(p *model.ProduceIdentity) (testSpec, error) {
	data, err := jsonObjectExpr(p.Data)
	if err != nil {
		return testSpec{}, fmt.Errorf("%s: data: %w", subProduceIdentity, err)
	}
	body := produceIdentityBody{Data: data, URN: csString(p.URN), Queue: csString(p.Queue), TraceID: csString(p.TraceID)}
	for _, e := range []model.PreservedValue{
		{Pointer: model.Pointer{"job"}, Value: model.StringValue(p.URN)},
		{Pointer: model.Pointer{"trace_id"}, Value: model.StringValue(p.TraceID)},
		{Pointer: model.Pointer{"data"}, Value: p.Data},
		{Pointer: model.Pointer{"meta", "queue"}, Value: model.StringValue(p.Queue)},
	} {
		body.Checks = append(body.Checks, csCall("JsonAssert.PointerHolds", "element", csString(e.Pointer.String()), jsonExpr(e.Value)))
	}
	return testSpec{caseName: subProduceIdentity, display: displayName(model.BlockRedis, subProduceIdentity),
		template: bodyName(model.BlockRedis, subProduceIdentity), data: body}, nil
}
