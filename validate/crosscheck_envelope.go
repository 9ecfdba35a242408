package validate

import (
	"fmt"
	"strings"

	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

func envelopeArgs(s *model.Suite, file string) map[string]any {
	return map[string]any{"envelope": string(s.Fixture(file))}
}

func envelopeExpectations(s *model.Suite) []expectation {
	var out []expectation
	for _, c := range s.Cases {
		c := c
		out = append(out, expectation{block: model.BlockCases, name: c.Name, at: c.At, op: protocol.Decode.Name,
			args: envelopeArgs(s, c.File), judge: func(r model.Value) string { return judgeDecode(c, r) }})
	}
	return out
}

func judgeDecode(c model.EnvelopeCase, r model.Value) string {
	accepted := field(r, "accepted")
	if !c.Valid {
		return mismatch("accepts", accepted, model.BoolValue(false))
	}
	if msg := mismatch("accepts", accepted, model.BoolValue(true)); msg != "" || c.Expect == nil {
		return msg
	}
	e := c.Expect
	view := field(r, "view")
	return firstProblem(
		mismatch("urn", field(view, "urn"), model.StringValue(e.URN)),
		mismatch("data", field(view, "data"), e.Data),
		mismatch("attempts", field(view, "attempts"), intValue(e.Attempts)),
		mismatch("lang", field(view, "lang"), model.StringValue(e.Lang)),
		mismatch("schema_version", field(view, "schema_version"), intValue(e.SchemaVersion)),
		judgeDeadLetter(e.DeadLetter, field(view, "dead_letter")),
	)
}

// judgeDeadLetter checks that every expected dead_letter key is carried
// with an equal value; the fixture may carry more.
func judgeDeadLetter(want *model.Value, got model.Value) string {
	if want == nil {
		return ""
	}
	if got.Kind != model.Object {
		return "the message carries no dead_letter block"
	}
	get := got.Lookup()
	for _, m := range want.Members {
		v, ok := get(m.Key)
		if !ok {
			return fmt.Sprintf("dead_letter.%s is absent", m.Key)
		}
		if msg := mismatch("dead_letter."+m.Key, v, m.Value); msg != "" {
			return msg
		}
	}
	return ""
}

func behaviourExpectations(s *model.Suite) []expectation {
	var out []expectation
	if s.Roundtrip != nil {
		for _, c := range s.Roundtrip.Cases {
			c := c
			out = append(out, expectation{block: model.BlockRoundtrip, name: c.Name, at: c.At, op: protocol.Reencode.Name,
				args:  map[string]any{"envelope": string(s.Fixture(c.File)), "attempts_increment": 1},
				judge: func(r model.Value) string { return judgeRoundtrip(c, r) }})
		}
	}
	if s.DataShape != nil {
		out = append(out, dataShapeExpectations(s)...)
	}
	if s.ForbiddenKeys != nil {
		out = append(out, forbiddenKeyExpectations(s)...)
	}
	return out
}

// encodedDoc parses the "encoded" text of a result.
func encodedDoc(r model.Value) (model.Value, string) {
	text := field(r, "encoded")
	doc, err := model.ParseDerived([]byte(text.Text))
	if text.Kind != model.String || err != nil {
		return model.Value{}, fmt.Sprintf("the encoded envelope is not JSON: %v", err)
	}
	return doc, ""
}

func judgeRoundtrip(c model.RoundtripCase, r model.Value) string {
	doc, msg := encodedDoc(r)
	if msg != "" {
		return msg
	}
	if msg := mismatch("attempts", field(doc, "attempts"), intValue(c.ExpectAttempts)); msg != "" {
		return msg
	}
	resolver := model.NewResolver(doc)
	for _, p := range c.ExpectPreserved {
		got, ok := resolver.Resolve(p.Pointer)
		if !ok {
			return fmt.Sprintf("%s is missing after re-encode", p.Pointer)
		}
		if msg := mismatch(p.Pointer.String(), got, p.Value); msg != "" {
			return msg
		}
	}
	return ""
}

func dataShapeExpectations(s *model.Suite) []expectation {
	var out []expectation
	for _, c := range s.DataShape.Cases {
		c := c
		e := expectation{block: model.BlockDataShape, name: c.Name, at: c.At}
		if c.Mode == model.ModeEncode {
			e.op, e.args = protocol.Make.Name, map[string]any{"urn": c.URN, "queue": c.Queue, "data": raw(c.Data)}
			e.judge = func(r model.Value) string { return judgeEncodedData(c, r) }
		} else {
			e.op, e.args = protocol.Decode.Name, envelopeArgs(s, c.File)
			e.judge = func(r model.Value) string { return mismatch("accepts", field(r, "accepted"), model.BoolValue(c.Valid)) }
		}
		out = append(out, e)
	}
	return out
}

func judgeEncodedData(c model.DataShapeCase, r model.Value) string {
	doc, msg := encodedDoc(r)
	if msg != "" {
		return msg
	}
	got := field(doc, "data").Compact()
	if got != c.ExpectEncodedDataJSON {
		return fmt.Sprintf("data is encoded as %s, the manifest expects %s", got, c.ExpectEncodedDataJSON)
	}
	return ""
}

func forbiddenKeyExpectations(s *model.Suite) []expectation {
	var out []expectation
	for _, c := range s.ForbiddenKeys.Cases {
		c := c
		out = append(out,
			expectation{block: model.BlockForbiddenKeys, name: c.Name, at: c.At, op: protocol.Decode.Name, args: envelopeArgs(s, c.File),
				judge: func(r model.Value) string { return judgeWarning(c, r) }},
			expectation{block: model.BlockForbiddenKeys, name: c.Name, at: c.At, op: protocol.Reencode.Name,
				args:  map[string]any{"envelope": string(s.Fixture(c.File)), "attempts_increment": 0},
				judge: func(r model.Value) string { return judgeAbsent(c, r) }})
	}
	return out
}

func judgeWarning(c model.ForbiddenKeyCase, r model.Value) string {
	if msg := mismatch("accepts", field(r, "accepted"), model.BoolValue(true)); msg != "" {
		return msg
	}
	for _, w := range field(r, "warnings").Items {
		if strings.Contains(w.Text, c.ForbiddenKey.String()) {
			return ""
		}
	}
	return fmt.Sprintf("decode gives no warning naming %s", c.ForbiddenKey)
}

func judgeAbsent(c model.ForbiddenKeyCase, r model.Value) string {
	doc, msg := encodedDoc(r)
	if msg != "" {
		return msg
	}
	resolver := model.NewResolver(doc)
	for _, p := range c.ExpectAbsentAfterReencode {
		if _, ok := resolver.Resolve(p); ok {
			return fmt.Sprintf("%s is still present after re-encode", p)
		}
	}
	return ""
}
